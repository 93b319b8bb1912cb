#include "phone_number.h"
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

#if defined(EXERCISM_RUN_ALL_TESTS)

TEST_CASE("cleans_numbers_with_dots",
          "[c360451f-549f-43e4-8aba-fdf6cb0bf83f]") {
    REQUIRE("2234567890" ==
            phone_number::phone_number("223.456.7890").number());
}

TEST_CASE("invalid_when_more_than_11_digits",
          "[4a1509b7-8953-4eec-981b-c483358ff531]") {
    REQUIRE_THROWS_AS(phone_number::phone_number("321234567890"),
                      std::domain_error);
}

TEST_CASE("invalid_if_exchange_code_starts_with_0",
          "[4d622293-6976-413d-b8bf-dd8a94d4e2ac]") {
    REQUIRE_THROWS_AS(phone_number::phone_number("(223) 056-7890"),
                      std::domain_error);
}

TEST_CASE("invalid_if_area_code_starts_with_0_on_valid_11_digit_number",
          "[9925b09c-1a0d-4960-a197-5d163cbe308c]") {
    REQUIRE_THROWS_AS(phone_number::phone_number("1 (023) 456-7890"),
                      std::domain_error);
}

#endif
