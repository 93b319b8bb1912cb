#include "gigasecond.h"
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif
#include "boost/date_time/posix_time/posix_time.hpp"

// This problem requires you to install and use the boost date_time library.
// CMake will try to find and configure it for you if it is installed on your
// system.
// See <http://www.boost.org/doc/libs/1_74_0/doc/html/date_time/posix_time.html>
// for documentation on boost::posix_time

using namespace boost::posix_time;

#if defined(EXERCISM_RUN_ALL_TESTS)
TEST_CASE("second test for date only specification of time",
          "[6d86dd16-6f7a-47be-9e58-bb9fb2ae1433]") {
    const auto actual =
        gigasecond::advance(time_from_string("1977-06-13 00:00:00"));

    const ptime expected(time_from_string("2009-02-19 01:46:40"));
    REQUIRE(expected == actual);
}

#endif
