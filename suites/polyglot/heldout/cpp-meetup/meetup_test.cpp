#include "meetup.h"

#include <boost/date_time/gregorian/gregorian.hpp>
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

// This problem requires you to install and use the boost date_time library.
// CMake will try to find and configure it for you if it is installed on your
// system.
// See <http://www.boost.org/doc/libs/1_74_0/doc/html/date_time.html> for
// documentation on boost::gregorian::date

#if defined(EXERCISM_RUN_ALL_TESTS)
TEST_CASE("tuesteenth_of_August_2013") {
    const meetup::scheduler meetup{boost::gregorian::Aug, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Aug, 13};
    REQUIRE(expected == meetup.tuesteenth());
}

TEST_CASE("wednesteenth_of_January_2013") {
    const meetup::scheduler meetup{boost::gregorian::Jan, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Jan, 16};
    REQUIRE(expected == meetup.wednesteenth());
}

TEST_CASE("wednesteenth_of_February_2013") {
    const meetup::scheduler meetup{boost::gregorian::Feb, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Feb, 13};
    REQUIRE(expected == meetup.wednesteenth());
}

TEST_CASE("thursteenth_of_September_2013") {
    const meetup::scheduler meetup{boost::gregorian::Sep, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Sep, 19};
    REQUIRE(expected == meetup.thursteenth());
}

TEST_CASE("sunteenth_of_June_2013") {
    const meetup::scheduler meetup{boost::gregorian::Jun, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Jun, 16};
    REQUIRE(expected == meetup.sunteenth());
}

TEST_CASE("first_Thursday_of_September_2013") {
    const meetup::scheduler meetup{boost::gregorian::Sep, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Sep, 5};
    REQUIRE(expected == meetup.first_thursday());
}

TEST_CASE("first_Thursday_of_October_2013") {
    const meetup::scheduler meetup{boost::gregorian::Oct, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Oct, 3};
    REQUIRE(expected == meetup.first_thursday());
}

TEST_CASE("first_Saturday_of_February_2013") {
    const meetup::scheduler meetup{boost::gregorian::Feb, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Feb, 2};
    REQUIRE(expected == meetup.first_saturday());
}

TEST_CASE("first_Sunday_of_April_2013") {
    const meetup::scheduler meetup{boost::gregorian::Apr, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Apr, 7};
    REQUIRE(expected == meetup.first_sunday());
}

TEST_CASE("second_Monday_of_March_2013") {
    const meetup::scheduler meetup{boost::gregorian::Mar, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Mar, 11};
    REQUIRE(expected == meetup.second_monday());
}

TEST_CASE("second_Monday_of_April_2013") {
    const meetup::scheduler meetup{boost::gregorian::Apr, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Apr, 8};
    REQUIRE(expected == meetup.second_monday());
}

TEST_CASE("second_Friday_of_November_2013") {
    const meetup::scheduler meetup{boost::gregorian::Nov, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Nov, 8};
    REQUIRE(expected == meetup.second_friday());
}

TEST_CASE("second_Sunday_of_March_2013") {
    const meetup::scheduler meetup{boost::gregorian::Mar, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Mar, 10};
    REQUIRE(expected == meetup.second_sunday());
}

TEST_CASE("third_Saturday_of_January_2013") {
    const meetup::scheduler meetup{boost::gregorian::Jan, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Jan, 19};
    REQUIRE(expected == meetup.third_saturday());
}

TEST_CASE("third_Saturday_of_February_2013") {
    const meetup::scheduler meetup{boost::gregorian::Feb, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Feb, 16};
    REQUIRE(expected == meetup.third_saturday());
}

TEST_CASE("fourth_Monday_of_April_2013") {
    const meetup::scheduler meetup{boost::gregorian::Apr, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Apr, 22};
    REQUIRE(expected == meetup.fourth_monday());
}

TEST_CASE("fourth_Friday_of_December_2013") {
    const meetup::scheduler meetup{boost::gregorian::Dec, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Dec, 27};
    REQUIRE(expected == meetup.fourth_friday());
}

TEST_CASE("fourth_Saturday_of_January_2013") {
    const meetup::scheduler meetup{boost::gregorian::Jan, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Jan, 26};
    REQUIRE(expected == meetup.fourth_saturday());
}

TEST_CASE("fourth_Saturday_of_February_2013") {
    const meetup::scheduler meetup{boost::gregorian::Feb, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Feb, 23};
    REQUIRE(expected == meetup.fourth_saturday());
}

TEST_CASE("last_Monday_of_March_2013") {
    const meetup::scheduler meetup{boost::gregorian::Mar, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Mar, 25};
    REQUIRE(expected == meetup.last_monday());
}

TEST_CASE("last_Wednesday_of_August_2013") {
    const meetup::scheduler meetup{boost::gregorian::Aug, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Aug, 28};
    REQUIRE(expected == meetup.last_wednesday());
}

TEST_CASE("last_Thursday_of_September_2013") {
    const meetup::scheduler meetup{boost::gregorian::Sep, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Sep, 26};
    REQUIRE(expected == meetup.last_thursday());
}

TEST_CASE("last_Friday_of_November_2013") {
    const meetup::scheduler meetup{boost::gregorian::Nov, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Nov, 29};
    REQUIRE(expected == meetup.last_friday());
}

TEST_CASE("last_Saturday_of_January_2013") {
    const meetup::scheduler meetup{boost::gregorian::Jan, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Jan, 26};
    REQUIRE(expected == meetup.last_saturday());
}

TEST_CASE("last_Saturday_of_February_2013") {
    const meetup::scheduler meetup{boost::gregorian::Feb, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Feb, 23};
    REQUIRE(expected == meetup.last_saturday());
}

TEST_CASE("last_Sunday_of_March_2013") {
    const meetup::scheduler meetup{boost::gregorian::Mar, 2013};

    const boost::gregorian::date expected{2013, boost::gregorian::Mar, 31};
    REQUIRE(expected == meetup.last_sunday());
}
#endif
