#include "perfect_numbers.h"
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

// improves error messages with enum text instead of integers:
CATCH_REGISTER_ENUM(perfect_numbers::classification,
                    perfect_numbers::classification::perfect,
                    perfect_numbers::classification::abundant,
                    perfect_numbers::classification::deficient)

#if defined(EXERCISM_RUN_ALL_TESTS)

TEST_CASE("Smallest prime deficient number is classified correctly",
          "[e610fdc7-2b6e-43c3-a51c-b70fb37413ba]") {
    REQUIRE(perfect_numbers::classification::deficient ==
            perfect_numbers::classify(2));
}

TEST_CASE("Medium deficient number is classified correctly",
          "[1c802e45-b4c6-4962-93d7-1cad245821ef]") {
    REQUIRE(perfect_numbers::classification::deficient ==
            perfect_numbers::classify(32));
}

TEST_CASE("Large deficient number is classified correctly",
          "[47dd569f-9e5a-4a11-9a47-a4e91c8c28aa]") {
    REQUIRE(perfect_numbers::classification::deficient ==
            perfect_numbers::classify(33550337));
}

TEST_CASE("Edge case (no factors other than itself) is classified correctly",
          "[a696dec8-6147-4d68-afad-d38de5476a56]") {
    REQUIRE(perfect_numbers::classification::deficient ==
            perfect_numbers::classify(1));
}

#endif
