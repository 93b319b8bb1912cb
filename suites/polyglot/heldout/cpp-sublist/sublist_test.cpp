#include "sublist.h"
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

/*
Lists are ordered and sequential.
https://en.wikipedia.org/wiki/List_%28abstract_data_type%29

Depending on your language, there may need to be some translation
to go from the JSON array to the list representation.
The expectation can be used to generate an expected value
based on your implementation (such as a constant 'EQUAL', 'SUBLIST', etc.).

If appropriate for your track, you'll need to ensure that no pair of expected
values are equal. Otherwise, an implementation that always returns a constant
value may falsely pass the tests. See
https://github.com/exercism/xpython/issues/342
*/

CATCH_REGISTER_ENUM(sublist::List_comparison, sublist::List_comparison::equal,
                    sublist::List_comparison::sublist,
                    sublist::List_comparison::superlist,
                    sublist::List_comparison::unequal)

TEST_CASE("empty lists", "[97319c93-ebc5-47ab-a022-02a1980e1d29]") {
    sublist::List_comparison expected = sublist::List_comparison::equal;
    REQUIRE(expected == sublist::sublist({}, {}));
}

#if defined(EXERCISM_RUN_ALL_TESTS)

TEST_CASE("at start of superlist", "[76cf99ed-0ff0-4b00-94af-4dfb43fe5caa]") {
    sublist::List_comparison expected = sublist::List_comparison::superlist;
    REQUIRE(expected == sublist::sublist({0, 1, 2, 3, 4, 5}, {0, 1, 2}));
}

TEST_CASE("at end of superlist", "[26f9f7c3-6cf6-4610-984a-662f71f8689b]") {
    sublist::List_comparison expected = sublist::List_comparison::superlist;
    REQUIRE(expected == sublist::sublist({0, 1, 2, 3, 4, 5}, {3, 4, 5}));
}

TEST_CASE("first list missing element from second list",
          "[0a6db763-3588-416a-8f47-76b1cedde31e]") {
    sublist::List_comparison expected = sublist::List_comparison::unequal;
    REQUIRE(expected == sublist::sublist({1, 3}, {1, 2, 3}));
}

TEST_CASE("second list missing element from first list",
          "[83ffe6d8-a445-4a3c-8795-1e51a95e65c3]") {
    sublist::List_comparison expected = sublist::List_comparison::unequal;
    REQUIRE(expected == sublist::sublist({1, 2, 3}, {1, 3}));
}

TEST_CASE("first list missing additional digits from second list",
          "[7bc76cb8-5003-49ca-bc47-cdfbe6c2bb89]") {
    sublist::List_comparison expected = sublist::List_comparison::unequal;
    REQUIRE(expected == sublist::sublist({1, 2}, {1, 22}));
}

TEST_CASE("same digits but different numbers",
          "[5f47ce86-944e-40f9-9f31-6368aad70aa6]") {
    sublist::List_comparison expected = sublist::List_comparison::unequal;
    REQUIRE(expected == sublist::sublist({1, 0, 1}, {10, 1}));
}

#endif
