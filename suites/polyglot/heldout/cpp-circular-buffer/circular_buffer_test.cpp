#include "circular_buffer.h"
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

#include <stdexcept>

// Circular-buffer exercise test case data version 1.2.0

#if defined(EXERCISM_RUN_ALL_TESTS)
TEST_CASE("full_buffer_cant_be_written") {
    circular_buffer::circular_buffer<int> buffer(1);

    REQUIRE_NOTHROW(buffer.write(1));
    REQUIRE_THROWS_AS(buffer.write(2), std::domain_error);
}

TEST_CASE("read_position_is_maintained_even_across_multiple_writes") {
    circular_buffer::circular_buffer<int> buffer(3);

    REQUIRE_NOTHROW(buffer.write(1));
    REQUIRE_NOTHROW(buffer.write(2));

    int expected = 1;
    REQUIRE(expected == buffer.read());

    REQUIRE_NOTHROW(buffer.write(3));

    expected = 2;
    REQUIRE(expected == buffer.read());

    expected = 3;
    REQUIRE(expected == buffer.read());
}

TEST_CASE("overwrite_acts_like_write_on_non_full_buffer") {
    circular_buffer::circular_buffer<int> buffer(2);

    REQUIRE_NOTHROW(buffer.write(1));

    buffer.overwrite(2);

    int expected = 1;
    REQUIRE(expected == buffer.read());

    expected = 2;
    REQUIRE(expected == buffer.read());
}

#endif  // !EXERCISM_RUN_ALL_TESTS
