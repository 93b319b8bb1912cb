#include "grade_school.h"

#include <map>
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

using namespace std;

#if defined(EXERCISM_RUN_ALL_TESTS)
TEST_CASE("adding_more_students_to_the_same_grade_adds_them_to_the_roster") {
    grade_school::school school_;
    school_.add("Blair", 2);
    school_.add("James", 2);
    school_.add("Paul", 2);

    const auto actual = school_.roster();

    const map<int, vector<string>> expected{{2, {"Blair", "James", "Paul"}}};
    REQUIRE(expected == actual);
}

TEST_CASE(
    "grade_returns_an_empty_array_if_there_are_no_students_in_that_grade") {
    const grade_school::school school_{};
    const auto actual = school_.grade(1);

    REQUIRE(actual.empty());
}

#endif
