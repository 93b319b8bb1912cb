#include "spiral_matrix.h"

#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

#include <cstdint>
#include <vector>

#if defined(EXERCISM_RUN_ALL_TESTS)
TEST_CASE("trivial spiral", "[e40ae5f3-e2c9-4639-8116-8a119d632ab2]") {
    std::vector<std::vector<uint32_t>> const expected = {{1}};
    REQUIRE(expected == spiral_matrix::spiral_matrix(1));
}

TEST_CASE("spiral of size 4", "[05ccbc48-d891-44f5-9137-f4ce462a759d]") {
    std::vector<std::vector<uint32_t>> const expected = {
        {1, 2, 3, 4},     //
        {12, 13, 14, 5},  //
        {11, 16, 15, 6},  //
        {10, 9, 8, 7}     //
    };
    REQUIRE(expected == spiral_matrix::spiral_matrix(4));
}
#endif
