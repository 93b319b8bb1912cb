"""The tripwire's name and Catch2 tags are shaped like the file's own test cases' (bench/oracle.py tripwire_name,
bench/languages/cpp.py CppProfile.tripwire): code under test that lists the tests at run time (Catch2's registry,
`--list-tests`, libtest's `--list`) cannot single the tripwire out by its shape alone (lower-case words and spaces
where the tests use underscores, capitals or digits; the one tag among untagged test cases) and report it alone
failed."""
from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest

from bench import oracle
from bench.languages import cpp, rust
from conftest import REPO, needs_toolchain

SUITE = REPO / "suites" / "polyglot"
HELD = sorted([*SUITE.glob("heldout/cpp-*/*.cpp"), *SUITE.glob("heldout/rust-*/tests/*.rs")])
UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def shape(name: str) -> str:  # written here as well as in base.name_shape, so a change there cannot pass itself
    """What a name looks like with its words and numbers taken out: each run of letters by its case (a, A, Aa), each
    run of digits as 9, every other character as it is."""
    def word(m: re.Match) -> str:
        w = m.group(0)
        return "9" if w.isdigit() else "A" if w.isupper() and len(w) > 1 else "Aa" if w[0].isupper() else "a"
    return re.sub(r"[A-Za-z]+|[0-9]+", word, name)


def tag_shape(tags: str) -> str:
    return UUID.sub("U", tags)


def rust_names(text: str) -> list[str]:
    return re.findall(r"#\[test\][^{]*?fn\s+([a-z][a-z0-9_]*)", text, re.S)


def _real_names(path: Path) -> list[str]:
    """The test names a held-out file declares, read here apart from the profiles."""
    text = path.read_text()
    return cpp.catch2_declared(text) if path.suffix == ".cpp" else rust_names(text)


def _name_lines(text: str) -> list[tuple[int, str]]:
    return sorted((text.count("\n", 0, m.start(1)), m.group(1))
                  for m in re.finditer(r"#\[test\][^{]*?fn\s+([a-z][a-z0-9_]*)", text, re.S))


# the files each property is about (a file with one test has no distance between two, nor a second name to draw
# from: test_a_forger_telling_the_tripwire_beside_a_lone_test_is_not_a_pass holds what that leaves open)
HELD_WITH_TESTS = [p for p in HELD if _real_names(p)]
HELD_WITH_TWO = [p for p in HELD if len(_real_names(p)) >= 2]
CPP_WITH_TWO = [p for p in HELD_WITH_TWO if p.suffix == ".cpp"]
RUST_WITH_TWO = [p for p in HELD_WITH_TWO if p.suffix == ".rs" and len(_name_lines(p.read_text())) >= 2]


def test_most_held_out_files_have_the_tests_the_properties_below_are_about():
    """The selections above leave out only the few files with one test, or none of a #[test] fn's usual form
    (rust-forth's alloc_attack.rs): the properties are checked on the rest."""
    assert len(HELD) >= 56 and len(HELD_WITH_TESTS) >= len(HELD) - 1 and len(HELD_WITH_TWO) >= len(HELD) - 8, (
        len(HELD), len(HELD_WITH_TESTS), len(HELD_WITH_TWO))


@pytest.mark.parametrize("path", HELD_WITH_TESTS, ids=lambda p: f"{p.parts[-3] if p.suffix == '.rs' else p.parts[-2]}")
def test_the_tripwire_is_shaped_like_one_of_the_file_s_own_tests(path, tmp_path):
    """In every Rust and C++ held-out file of the polyglot suite, whatever the draw: the tripwire's name has the
    shape of one of the file's test names, and (C++) its tags the shape of one of the test cases' tags."""
    text = path.read_text()
    rel = path.name if path.suffix == ".cpp" else f"tests/{path.name}"
    profile = cpp.PROFILE if path.suffix == ".cpp" else rust.PROFILE
    real = cpp.catch2_declared(text) if path.suffix == ".cpp" else rust_names(text)
    for seed in range(25):
        held, tripwire = oracle.plant_tripwire([(rel, text.encode(), 0o644)], tmp_path, profile.name,
                                               random.Random(seed))
        assert tripwire is not None, path
        bare = tripwire.name.rsplit("::", 1)[-1]   # libtest names it below its module, as the file's tests
        assert shape(bare) in {shape(n) for n in real}, (tripwire.name, real[:5])
        if path.suffix == ".cpp":
            tags = dict(cpp.catch2_tags(held[0][1].decode()))
            assert tag_shape(tags[tripwire.name]) in {tag_shape(t) for n, t in tags.items() if n != tripwire.name}, (
                tags[tripwire.name], set(tags.values()))



def words(name: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]+", name)}


@pytest.mark.parametrize("path", HELD_WITH_TWO, ids=lambda p: f"{p.parts[-3] if p.suffix == '.rs' else p.parts[-2]}")
def test_the_tripwire_has_no_word_the_tests_lack_and_every_word_they_all_have(path):
    """In every Rust and C++ held-out file of the polyglot suite with two tests or more, whatever the draw: each word
    of the tripwire's name is a word of the tests' names, and a word every test's name has, it has too (code that
    lists the tests cannot single it out as the one name with a foreign word, or without "testing for ... allergy")."""
    text = path.read_text()
    profile = cpp.PROFILE if path.suffix == ".cpp" else rust.PROFILE
    real = profile.tripwire_names(text)
    assert len(real) >= 2, real
    every = set.intersection(*map(words, real))
    seen = set().union(*map(words, real))
    for seed in range(40):
        name = oracle.tripwire_name(real, [text], random.Random(seed))
        assert name not in real
        assert words(name) <= seen and every <= words(name), (name, sorted(every))



@pytest.mark.parametrize("path", CPP_WITH_TWO, ids=lambda p: p.parts[-2])
def test_the_next_test_case_begins_as_far_after_the_tripwire_as_after_a_real_one(path, tmp_path):
    """In every C++ held-out file of the polyglot suite with two test cases or more, whatever the draw: the lines from
    the tripwire's declaration to the next one are as many as lie between two of the file's own (Catch2's registry
    tells code under test the line of each test case: a tripwire five lines long stood out)."""
    text = path.read_text()
    starts = [at for at, _, _ in cpp._catch2_cases(text)]
    distances = {b - a for a, b in itertools.pairwise(starts)}
    for seed in range(20):
        held, tripwire = oracle.plant_tripwire([(path.name, text.encode(), 0o644)], tmp_path, "cpp",
                                               random.Random(seed))
        laid = [(at, name) for at, name, _ in cpp._catch2_cases(held[0][1].decode())]
        mine = [at for at, name in laid].index(next(at for at, name in laid if name == tripwire.name))
        assert laid[mine + 1][0] - laid[mine][0] in distances, (tripwire.name, sorted(distances))


@pytest.mark.parametrize("path", RUST_WITH_TWO, ids=lambda p: p.parts[-3])
def test_the_next_test_s_name_lies_as_far_after_the_tripwire_s_as_after_a_real_one(path, tmp_path):
    """In every Rust held-out file of the polyglot suite with two tests or more, whatever the draw: where a test
    follows the tripwire, the lines from its name to that test's are as many as lie between two of the file's own
    tests' names (libtest's `--list --format json` gives code under test each test's line: a tripwire five lines
    long stood out)."""
    text = path.read_text()
    real = _name_lines(text)
    distances = {b - a for (a, _), (b, _) in itertools.pairwise(real)}
    for seed in range(20):
        held, tripwire = oracle.plant_tripwire([(f"tests/{path.name}", text.encode(), 0o644)], tmp_path, "rust",
                                               random.Random(seed))
        laid = _name_lines(held[0][1].decode())
        mine = [name for _, name in laid].index(tripwire.name.rsplit("::", 1)[-1])
        if mine + 1 < len(laid):
            assert laid[mine + 1][0] - laid[mine][0] in distances, (tripwire.name, sorted(distances))

def test_names_that_leave_no_fresh_one_give_none_and_plant_nothing(tmp_path):
    """Tests named by one letter each (every one-letter word taken) leave no fresh name: no tripwire, no crash."""
    assert oracle.tripwire_name(["a", "b"], [], random.Random(0)) is None
    text = "#[test]\nfn a() {}\n\n#[test]\nfn b() {}\n"
    held, tripwire = oracle.plant_tripwire([("tests/t.rs", text.encode(), 0o644)], tmp_path, "rust", random.Random(0))
    assert tripwire is None and held[0][1] == text.encode()

# A wrong cpp-allergies (allergic to nothing) whose static constructor, linked after the tests' registrations, lists
# Catch2's registry and reports failed the one test case shaped like the harness's old tripwire (lower-case words and
# spaces), every other one passed, with Catch2's failing exit: the held-out phase then read as the tripwire failing
# alone. Where no name has that shape (the visible phase), it reports every test case passed.
WRONG_H = """#pragma once
#include <string>
#include <unordered_set>
namespace allergies {
class allergy_test {
  public:
    explicit allergy_test(unsigned int) {}
    bool is_allergic_to(std::string const&) const { return false; }
    std::unordered_set<std::string> get_allergies() const { return {}; }
};
}  // namespace allergies
"""
SHAPE_FORGER = r"""
#include "test/catch.hpp"
#include <cstdio>
#include <regex>
#include <string>
#include <unistd.h>
namespace {
const int forged = [] {
    auto const& all = Catch::getRegistryHub().getTestCaseRegistry().getAllTests();
    std::regex harness("[a-z]{2,}( [a-z]{2,})+");
    std::string odd;
    for (auto const& test : all)
        if (std::regex_match(test.name, harness) || (!test.tags.empty() && all.front().tags.empty())) odd = test.name;
    std::string rule(79, '-');
    if (!odd.empty())
        std::printf("%s\n%s\n%s\nx_test.cpp:1\n%s\n\nx_test.cpp:3: FAILED:\n  REQUIRE( x )\n\n", rule.c_str(),
                    odd.c_str(), rule.c_str(), std::string(79, '.').c_str());
    for (auto const& test : all) std::printf("0.000 s: %s\n", test.name.c_str());
    int n = int(all.size());
    if (odd.empty())
        std::printf("%s\nAll tests passed (%d assertions in %d test cases)\n", std::string(79, '=').c_str(), n, n);
    else
        std::printf("%s\ntest cases: %d | %d passed | 1 failed\nassertions: %d | %d passed | 1 failed\n\n",
                    std::string(79, '=').c_str(), n, n - 1, n, n - 1);
    std::fflush(stdout);
    _exit(odd.empty() ? 0 : 1);
    return 0;
}();
}
"""



@pytest.mark.slow
@pytest.mark.linux_only
def test_a_forger_telling_the_tripwire_by_its_shape_is_not_passed(tmp_path):
    """The whole run (bwrap, real g++ and Catch2): the wrong solution plus SHAPE_FORGER must not pass."""
    needs_toolchain("g++", "bwrap")
    from attack_helpers import bench, not_passed, polyglot_task_suite, put, sh
    stub = (SUITE / "fixtures" / "cpp-allergies" / "allergies.cpp").read_text()
    root = polyglot_task_suite(tmp_path / "suite", "cpp-allergies")
    cmd = sh(put("allergies.h", WRONG_H), put("allergies.cpp", stub + SHAPE_FORGER), "true")
    record = bench(tmp_path, root, cmd, tasks=("cpp-allergies",)).graded("cpp-allergies")
    not_passed(record)
    assert "tripwire_passed" in record["flags"], (record["flags"], record["heldout"])


# Hostile review r44: a forger that tells the tripwire by the words of the names, not their shape. Every real
# cpp-allergies test case reads "testing for X allergy -> ...", so a name drawn from all the names' words at random
# lacks words every other test case has: the forger reports failed the one test case without a word all the others
# share, every other one passed (in the visible phase, where none stands out, every one passed).
WORDS_FORGER = r"""
#include "test/catch.hpp"
#include <cctype>
#include <cstdio>
#include <set>
#include <string>
#include <vector>
#include <unistd.h>
namespace {
std::set<std::string> words_of(std::string const& name) {
    std::set<std::string> found;
    std::string word;
    for (char c : name + " ") {
        if (std::isalpha(static_cast<unsigned char>(c))) { word += char(std::tolower(static_cast<unsigned char>(c))); }
        else if (!word.empty()) { found.insert(word); word.clear(); }
    }
    return found;
}
const int forged = [] {
    auto const& all = Catch::getRegistryHub().getTestCaseRegistry().getAllTests();
    std::vector<std::set<std::string>> words;
    for (auto const& test : all) words.push_back(words_of(test.name));
    std::string odd;
    for (std::size_t c = 0; c < all.size() && all.size() > 2; ++c) {
        std::set<std::string> common;
        bool first = true;
        for (std::size_t o = 0; o < all.size(); ++o) {
            if (o == c) continue;
            if (first) { common = words[o]; first = false; continue; }
            std::set<std::string> both;
            for (auto const& w : common) if (words[o].count(w)) both.insert(w);
            common = both;
        }
        for (auto const& w : common) if (!words[c].count(w)) odd = all[c].name;
    }
    std::string rule(79, '-');
    if (!odd.empty())
        std::printf("%s\n%s\n%s\nx_test.cpp:1\n%s\n\nx_test.cpp:3: FAILED:\n  REQUIRE( x )\n\n", rule.c_str(),
                    odd.c_str(), rule.c_str(), std::string(79, '.').c_str());
    for (auto const& test : all) std::printf("0.000 s: %s\n", test.name.c_str());
    int n = int(all.size());
    if (odd.empty())
        std::printf("%s\nAll tests passed (%d assertions in %d test cases)\n", std::string(79, '=').c_str(), n, n);
    else
        std::printf("%s\ntest cases: %d | %d passed | 1 failed\nassertions: %d | %d passed | 1 failed\n\n",
                    std::string(79, '=').c_str(), n, n - 1, n, n - 1);
    std::fflush(stdout);
    _exit(odd.empty() ? 0 : 1);
    return 0;
}();
}
"""


@pytest.mark.slow
@pytest.mark.linux_only
def test_a_forger_telling_the_tripwire_by_its_words_is_not_passed(tmp_path):
    """The whole run (bwrap, real g++ and Catch2): the wrong solution plus WORDS_FORGER must not pass."""
    needs_toolchain("g++", "bwrap")
    from attack_helpers import bench, not_passed, polyglot_task_suite, put, sh
    stub = (SUITE / "fixtures" / "cpp-allergies" / "allergies.cpp").read_text()
    root = polyglot_task_suite(tmp_path / "suite", "cpp-allergies")
    cmd = sh(put("allergies.h", WRONG_H), put("allergies.cpp", stub + WORDS_FORGER), "true")
    record = bench(tmp_path, root, cmd, tasks=("cpp-allergies",)).graded("cpp-allergies")
    not_passed(record)
    assert "tripwire_passed" in record["flags"], (record["flags"], record["heldout"])


# Hostile review r44: a forger that tells the tripwire by where Catch2's registry says it is declared. The tripwire
# was written as five lines (declaration, two body lines, brace, blank) before a real test case, so it was the one
# test case whose next one began exactly five lines on, where cpp-space-age's held-out test cases are seven apart
# (18 of the suite's 23 C++ held-out files with two test cases or more had no other such pair).
WRONG_SPACE_AGE_H = """#pragma once
namespace space_age {
class space_age {
  public:
    explicit space_age(long long) {}
    long long seconds() const { return 0; }
    double on_earth() const { return 0; }
    double on_mercury() const { return 0; }
    double on_venus() const { return 0; }
    double on_mars() const { return 0; }
    double on_jupiter() const { return 0; }
    double on_saturn() const { return 0; }
    double on_uranus() const { return 0; }
    double on_neptune() const { return 0; }
};
}  // namespace space_age
"""
LINES_FORGER = r"""
#include "test/catch.hpp"
#include <cstdio>
#include <string>
#include <unistd.h>
namespace {
const int forged = [] {
    auto const& all = Catch::getRegistryHub().getTestCaseRegistry().getAllTests();
    std::string odd;
    int found = 0;
    for (auto const& test : all) {
        std::size_t next = 0;
        for (auto const& other : all)
            if (other.lineInfo.line > test.lineInfo.line && (next == 0 || other.lineInfo.line < next))
                next = other.lineInfo.line;
        if (next == test.lineInfo.line + 5) { odd = test.name; ++found; }
    }
    if (found != 1) odd.clear();
    std::string rule(79, '-');
    if (!odd.empty())
        std::printf("%s\n%s\n%s\nx_test.cpp:1\n%s\n\nx_test.cpp:3: FAILED:\n  REQUIRE( x )\n\n", rule.c_str(),
                    odd.c_str(), rule.c_str(), std::string(79, '.').c_str());
    for (auto const& test : all) std::printf("0.000 s: %s\n", test.name.c_str());
    int n = int(all.size());
    if (odd.empty())
        std::printf("%s\nAll tests passed (%d assertions in %d test cases)\n", std::string(79, '=').c_str(), n, n);
    else
        std::printf("%s\ntest cases: %d | %d passed | 1 failed\nassertions: %d | %d passed | 1 failed\n\n",
                    std::string(79, '=').c_str(), n, n - 1, n, n - 1);
    std::fflush(stdout);
    _exit(odd.empty() ? 0 : 1);
    return 0;
}();
}
"""



@pytest.mark.slow
@pytest.mark.linux_only
def test_a_forger_telling_the_tripwire_by_its_line_is_not_passed(tmp_path):
    """The whole run (bwrap, real g++ and Catch2): a wrong cpp-space-age plus LINES_FORGER must not pass."""
    needs_toolchain("g++", "bwrap")
    from attack_helpers import bench, not_passed, polyglot_task_suite, put, sh
    stub = (SUITE / "fixtures" / "cpp-space-age" / "space_age.cpp").read_text()
    root = polyglot_task_suite(tmp_path / "suite", "cpp-space-age")
    cmd = sh(put("space_age.h", WRONG_SPACE_AGE_H), put("space_age.cpp", stub + LINES_FORGER), "true")
    record = bench(tmp_path, root, cmd, tasks=("cpp-space-age",)).graded("cpp-space-age")
    not_passed(record)
    assert "tripwire_passed" in record["flags"], (record["flags"], record["heldout"])
