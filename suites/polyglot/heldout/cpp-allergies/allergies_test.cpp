#include "allergies.h"
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

#if defined(EXERCISM_RUN_ALL_TESTS)

TEST_CASE("testing for eggs allergy -> allergic only to eggs",
          "[07ced27b-1da5-4c2e-8ae2-cb2791437546]") {
    REQUIRE(true == allergies::allergy_test(1).is_allergic_to("eggs"));
}

TEST_CASE("testing for eggs allergy -> allergic to eggs and something else",
          "[5035b954-b6fa-4b9b-a487-dae69d8c5f96]") {
    REQUIRE(true == allergies::allergy_test(3).is_allergic_to("eggs"));
}

TEST_CASE("testing for peanuts allergy -> not allergic to anything",
          "[d266a59a-fccc-413b-ac53-d57cb1f0db9d]") {
    REQUIRE(false == allergies::allergy_test(0).is_allergic_to("peanuts"));
}

TEST_CASE(
    "testing for peanuts allergy -> allergic to peanuts and something else",
    "[eac69ae9-8d14-4291-ac4b-7fd2c73d3a5b]") {
    REQUIRE(true == allergies::allergy_test(7).is_allergic_to("peanuts"));
}

TEST_CASE("testing for peanuts allergy -> allergic to everything",
          "[d2d71fd8-63d5-40f9-a627-fbdaf88caeab]") {
    REQUIRE(true == allergies::allergy_test(255).is_allergic_to("peanuts"));
}

TEST_CASE(
    "testing for shellfish allergy -> allergic to shellfish and something else",
    "[b272fca5-57ba-4b00-bd0c-43a737ab2131]") {
    REQUIRE(true == allergies::allergy_test(14).is_allergic_to("shellfish"));
}

TEST_CASE(
    // clang-format off
    "testing for strawberries allergy -> allergic to something, but not strawberries",
    // clang-format on
    "[23dd6952-88c9-48d7-a7d5-5d0343deb18d]") {
    REQUIRE(false ==
            allergies::allergy_test(20).is_allergic_to("strawberries"));
}

TEST_CASE("testing for tomatoes allergy -> allergic only to tomatoes",
          "[b69c5131-b7d0-41ad-a32c-e1b2cc632df8]") {
    REQUIRE(true == allergies::allergy_test(16).is_allergic_to("tomatoes"));
}

TEST_CASE(
    "testing for tomatoes allergy -> allergic to tomatoes and something else",
    "[1ca50eb1-f042-4ccf-9050-341521b929ec]") {
    REQUIRE(true == allergies::allergy_test(56).is_allergic_to("tomatoes"));
}

TEST_CASE("testing for chocolate allergy -> not allergic to anything",
          "[978467ab-bda4-49f7-b004-1d011ead947c]") {
    REQUIRE(false == allergies::allergy_test(0).is_allergic_to("chocolate"));
}

TEST_CASE("testing for chocolate allergy -> allergic only to chocolate",
          "[59cf4e49-06ea-4139-a2c1-d7aad28f8cbc]") {
    REQUIRE(true == allergies::allergy_test(32).is_allergic_to("chocolate"));
}

TEST_CASE(
    "testing for chocolate allergy -> allergic to chocolate and something else",
    "[b0a7c07b-2db7-4f73-a180-565e07040ef1]") {
    REQUIRE(true == allergies::allergy_test(112).is_allergic_to("chocolate"));
}

TEST_CASE("testing for chocolate allergy -> allergic to everything",
          "[02debb3d-d7e2-4376-a26b-3c974b6595c6]") {
    REQUIRE(true == allergies::allergy_test(255).is_allergic_to("chocolate"));
}

TEST_CASE("testing for cats allergy -> not allergic to anything",
          "[d3f523d6-3d50-419b-a222-d4dfd62ce314]") {
    REQUIRE(false == allergies::allergy_test(0).is_allergic_to("cats"));
}

#endif
