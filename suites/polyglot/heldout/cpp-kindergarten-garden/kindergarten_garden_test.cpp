#include "kindergarten_garden.h"
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

// improves error messages with triangle flavor enum text instead of integers:
CATCH_REGISTER_ENUM(kindergarten_garden::Plants,
                    kindergarten_garden::Plants::clover,
                    kindergarten_garden::Plants::grass,
                    kindergarten_garden::Plants::violets,
                    kindergarten_garden::Plants::radishes)

#if defined(EXERCISM_RUN_ALL_TESTS)

TEST_CASE("for David", "[3ad3df57-dd98-46fc-9269-1877abf612aa]") {
    std::array<kindergarten_garden::Plants, 4> expected{
        kindergarten_garden::Plants::radishes,
        kindergarten_garden::Plants::violets,
        kindergarten_garden::Plants::clover,
        kindergarten_garden::Plants::radishes};
    REQUIRE(kindergarten_garden::plants(
                "VRCGVVRVCGGCCGVRGCVCGCGV\nVRCCCGCRRGVCGCRVVCVGCGCV",
                "David") == expected);
}

TEST_CASE("for Fred", "[a7e80c90-b140-4ea1-aee3-f4625365c9a4]") {
    std::array<kindergarten_garden::Plants, 4> expected{
        kindergarten_garden::Plants::grass, kindergarten_garden::Plants::clover,
        kindergarten_garden::Plants::violets,
        kindergarten_garden::Plants::clover};
    REQUIRE(kindergarten_garden::plants(
                "VRCGVVRVCGGCCGVRGCVCGCGV\nVRCCCGCRRGVCGCRVVCVGCGCV", "Fred") ==
            expected);
}

TEST_CASE("for Harriet", "[f55bc6c2-ade8-4844-87c4-87196f1b7258]") {
    std::array<kindergarten_garden::Plants, 4> expected{
        kindergarten_garden::Plants::violets,
        kindergarten_garden::Plants::radishes,
        kindergarten_garden::Plants::radishes,
        kindergarten_garden::Plants::violets};
    REQUIRE(kindergarten_garden::plants(
                "VRCGVVRVCGGCCGVRGCVCGCGV\nVRCCCGCRRGVCGCRVVCVGCGCV",
                "Harriet") == expected);
}

TEST_CASE("for Joseph", "[78578123-2755-4d4a-9c7d-e985b8dda1c6]") {
    std::array<kindergarten_garden::Plants, 4> expected{
        kindergarten_garden::Plants::violets,
        kindergarten_garden::Plants::clover,
        kindergarten_garden::Plants::violets,
        kindergarten_garden::Plants::grass};
    REQUIRE(kindergarten_garden::plants(
                "VRCGVVRVCGGCCGVRGCVCGCGV\nVRCCCGCRRGVCGCRVVCVGCGCV",
                "Joseph") == expected);
}

TEST_CASE("for Kincaid, second to last student's garden",
          "[6bb66df7-f433-41ab-aec2-3ead6e99f65b]") {
    std::array<kindergarten_garden::Plants, 4> expected{
        kindergarten_garden::Plants::grass, kindergarten_garden::Plants::clover,
        kindergarten_garden::Plants::clover,
        kindergarten_garden::Plants::grass};
    REQUIRE(kindergarten_garden::plants(
                "VRCGVVRVCGGCCGVRGCVCGCGV\nVRCCCGCRRGVCGCRVVCVGCGCV",
                "Kincaid") == expected);
}

#endif
