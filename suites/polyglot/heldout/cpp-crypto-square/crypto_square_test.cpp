#include "crypto_square.h"
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

#if defined(EXERCISM_RUN_ALL_TESTS)
TEST_CASE(
    // clang-format off
    "8 character plaintext results in 3 chunks, the last one with a trailing space",
    // clang-format on
    "[a65d3fa1-9e09-43f9-bcec-7a672aec3eae]") {
    REQUIRE("clu hlt io " ==
            crypto_square::cipher("Chill out.").normalized_cipher_text());
}

TEST_CASE(
    // clang-format off
    "54 character plaintext results in 7 chunks, the last two with trailing spaces",
    // clang-format on
    "[fbcb0c6d-4c39-4a31-83f6-c473baa6af80]") {
    REQUIRE("imtgdvs fearwer mayoogo anouuio ntnnlvt wttddes aohghn  sseoau " ==
            crypto_square::cipher("If man was meant to stay on the ground, god "
                                  "would have given us roots.")
                .normalized_cipher_text());
}
#endif
