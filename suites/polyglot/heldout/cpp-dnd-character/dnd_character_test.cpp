#include "dnd_character.h"
#ifdef EXERCISM_TEST_SUITE
#include <catch2/catch.hpp>
#else
#include "test/catch.hpp"
#endif

#include <sstream>

using namespace Catch;
using namespace Catch::Matchers;

template <typename T>
class IsBetweenMatcher : public MatcherBase<T> {
    T m_begin, m_end;

   public:
    IsBetweenMatcher(T begin, T end) : m_begin(begin), m_end(end) {}
    bool match(T const& in) const override {
        return in >= m_begin && in <= m_end;
    }
    std::string describe() const override {
        std::ostringstream ss;
        ss << "should be between " << m_begin << " and " << m_end;
        return ss.str();
    }
};

#if defined(EXERCISM_RUN_ALL_TESTS)

TEST_CASE("ability modifier for score 8 is -1",
          "[cfda6e5c-3489-42f0-b22b-4acb47084df0]") {
    REQUIRE(-1 == dnd_character::modifier(8));
}

TEST_CASE("ability modifier for score 9 is -1",
          "[c70f0507-fa7e-4228-8463-858bfbba1754]") {
    REQUIRE(-1 == dnd_character::modifier(9));
}

TEST_CASE("ability modifier for score 11 is 0",
          "[e00d9e5c-63c8-413f-879d-cd9be9697097]") {
    REQUIRE(0 == dnd_character::modifier(11));
}

TEST_CASE("ability modifier for score 13 is +1",
          "[9c51f6be-db72-4af7-92ac-b293a02c0dcd]") {
    REQUIRE(1 == dnd_character::modifier(13));
}

TEST_CASE("ability modifier for score 14 is +2",
          "[94053a5d-53b6-4efc-b669-a8b5098f7762]") {
    REQUIRE(2 == dnd_character::modifier(14));
}

TEST_CASE("ability modifier for score 16 is +3",
          "[c3ec871e-1791-44d0-b3cc-77e5fb4cd33d]") {
    REQUIRE(3 == dnd_character::modifier(16));
}

TEST_CASE("ability modifier for score 17 is +3",
          "[3d053cee-2888-4616-b9fd-602a3b1efff4]") {
    REQUIRE(3 == dnd_character::modifier(17));
}

TEST_CASE("random ability is within range",
          "[4f28f19c-2e47-4453-a46a-c0d365259c14]") {
    int result{dnd_character::ability()};
    CHECK_THAT(result, IsBetweenMatcher(3, 18));
}

#endif
