#include "linked_list.h"
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

/*
`delete`cannot be used as a name in C++ as it is reserved.
This track implements `erase` instead.
The tests have been renamed accordingly.
*/

#if defined(EXERCISM_RUN_ALL_TESTS)

TEST_CASE("shift gets first element from the list",
          "[37962ee0-3324-4a29-b588-5a4c861e6564]") {
    linked_list::List<int> llist{};
    llist.push(23);
    llist.push(5);
    REQUIRE(23 == llist.shift());
    REQUIRE(5 == llist.shift());
}

TEST_CASE("unshift adds element at start of the list",
          "[30a3586b-e9dc-43fb-9a73-2770cec2c718]") {
    linked_list::List<int> llist{};
    llist.unshift(23);
    llist.unshift(5);
    REQUIRE(5 == llist.shift());
    REQUIRE(23 == llist.shift());
}

TEST_CASE("count is correct after mutation",
          "[8272cef5-130d-40ea-b7f6-5ffd0790d650]") {
    linked_list::List<int> llist{};
    llist.push(31);
    REQUIRE(1 == llist.count());
    llist.unshift(43);
    REQUIRE(2 == llist.count());
    llist.shift();
    REQUIRE(1 == llist.count());
    llist.pop();
    REQUIRE(0 == llist.count());
}

TEST_CASE("erases the only element", "[e8f7c600-d597-4f79-949d-8ad8bae895a6]") {
    linked_list::List<int> llist{};
    llist.push(61);
    llist.erase(61);
    REQUIRE(0 == llist.count());
}

TEST_CASE(
    // clang-format off
    "erases the element with the specified value from the list, re-assigns tail",
    // clang-format on
    "[59db191a-b17f-4ab7-9c5c-60711ec1d013]") {
    linked_list::List<int> llist{};
    llist.push(71);
    llist.push(83);
    llist.push(79);
    llist.erase(83);
    REQUIRE(2 == llist.count());
    REQUIRE(79 == llist.pop());
    REQUIRE(71 == llist.pop());
}

TEST_CASE("erases the second of two elements",
          "[47e3b3b4-b82c-4c23-8c1a-ceb9b17cb9fb]") {
    linked_list::List<int> llist{};
    llist.push(97);
    llist.push(101);
    llist.erase(101);
    REQUIRE(1 == llist.count());
    REQUIRE(97 == llist.pop());
}

TEST_CASE("erase does not modify the list if the element is not found",
          "[7b420958-f285-4922-b8f9-10d9dcab5179]") {
    linked_list::List<int> llist{};
    llist.push(89);
    llist.erase(103);
    REQUIRE(1 == llist.count());
}

#endif
