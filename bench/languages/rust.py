"""Rust: `cargo test` ("test result:" lines), offline, CARGO_HOME private to each run.

Crates come only from Debian's packaged crate sources (librust-*-dev, under /usr/share/cargo/registry, each with
its .cargo-checksum.json): prepare_home() writes a cargo config into the run's own CARGO_HOME that replaces
crates-io with that directory, read-only like all of /usr in the sandboxes. A Cargo.toml naming no crate never
reads it. Grading lays back the fixture's Cargo.toml and removes a .cargo/ directory the change adds (config_dirs),
so a change cannot point grading at another source."""
from __future__ import annotations

import functools
import itertools
import json
import random
import re
import secrets
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from bench.languages.base import PLAIN_COMMAND, Profile, Summary, Tool


@functools.lru_cache(maxsize=1)
def sysroot() -> Path | None:
    """The active toolchain's own directory (`rustc --print sysroot`): under rustup, ~/.rustup/toolchains/X,
    whose bin/ holds the real cargo and rustc, which need no rustup proxy (nor its home) to start."""
    exe = shutil.which("rustc")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, "--print", "sysroot"], capture_output=True, timeout=30, check=False,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    root = Path(done.stdout.decode(errors="replace").strip())
    return root if done.returncode == 0 and root.is_absolute() and (root / "bin").is_dir() else None


DEBIAN_REGISTRY = Path("/usr/share/cargo/registry")


def cargo_config(registry: Path = DEBIAN_REGISTRY) -> str | None:
    """The cargo config each run's CARGO_HOME gets: crates-io replaced by Debian's directory source, offline;
    None when that directory does not exist (nothing but a crate-less Cargo.toml can build, as before)."""
    if not registry.is_dir():
        return None
    # json.dumps: a TOML basic string (the path holds no control characters)
    return ("# written by localagentbench: crates come from Debian's packaged sources, never the network\n"
            "[source.crates-io]\nreplace-with = \"debian\"\n\n"
            f"[source.debian]\ndirectory = {json.dumps(str(registry))}\n\n[net]\noffline = true\n")


class RustProfile(Profile):
    """Rust's rules."""

    def path_dirs(self) -> list[str]:
        """The toolchain's bin/ (real cargo and rustc, not rustup's proxies)."""
        root = sysroot()
        return [str(root / "bin")] if root else []

    def mounts(self) -> list[Path]:
        """The toolchain's directory, whole (its libraries and std), where it lies outside the system directories."""
        from bench.exec import sandbox
        root = sysroot()
        return sandbox.mount_set([root]) if root else []

    def prepare_home(self, home: Path) -> None:
        """The run's CARGO_HOME with its config.toml (cargo_config), where Debian's crate sources are installed. A
        config already there (the home reused for a second command of one run) is written again, so what ran
        before in that home cannot have changed it."""
        text = cargo_config()
        if text is None:
            return
        cargo = home / ".cargo"
        cargo.mkdir(parents=True, exist_ok=True)
        (cargo / "config.toml").unlink(missing_ok=True)   # never written through a link left there
        (cargo / "config.toml").write_text(text, encoding="utf-8")

    def env(self, home: Path) -> dict[str, str]:
        """Cargo offline with its home (registry cache, credentials) private to the run."""
        return {"CARGO_HOME": str(home / ".cargo"), "CARGO_NET_OFFLINE": "true", "CARGO_TERM_COLOR": "never"}

    def summaries(self, text: str) -> list[Summary]:
        """libtest's summaries in a command's output, every test binary's together (libtest_summary), ignored
        tests not counted as skipped: grading lays every test item back byte for byte (its #[ignore] included),
        so an ignored test is the fixture's own (an Exercism exercise's, run by `cargo test` without
        `--include-ignored`), never the change's doing."""
        found = libtest_summary(text)
        return [Summary(found.runner, found.passed, found.failed)] if found else []

    def unreported(self, laid, outputs, allow_skipped: bool = False, commands=()) -> list[str]:
        """The #[test] functions of the held-out integration test files laid (under a `tests/` directory; named
        as libtest names them, `module::fn` below the file) that no command's output reports passed by name
        (`test NAME ... ok`; or ignored, where the task allows its own skips). A forged summary printed from
        inside the test binary (a constructor that prints libtest's last line and exits 0) must then also name
        every held-out test, which the agent was never shown."""
        declared: set[str] = set()
        for rel, data in laid:
            if not rel.endswith(".rs") or "tests" not in rel.split("/")[:-1]:
                continue
            try:
                found = scopes(data.decode("utf-8"))
            except (UnicodeDecodeError, RustSyntaxError):
                continue   # unreadable: the runner's summary is all there is
            declared |= {"::".join((*module, item.key[1])) for module, (_, _, its) in found.items() for item in its
                         if item.is_test and not item.inner and item.key and item.key[0] == "fn"}
        passed: set[str] = set()
        for output in outputs:
            for m in _TEST_LINE.finditer(output.decode("utf-8", errors="replace")):
                if m.group(2) == "ok" or allow_skipped:
                    passed.add(m.group(1))
        return sorted(declared - passed)

    def tripwire(self, path: str, text: str, name: str,
                 rng: random.Random | None = None) -> tuple[str, str] | None:
        """An integration test file (`tests/NAME.rs`, a test binary of its own) with a `#[test] fn name()` written
        just before one of its #[test] functions chosen at random, or after the last, in that function's module, at
        its indentation. Its body asserts with std's own `::std::assert_eq!` (whatever the file's prelude or
        macros) that two different numbers are equal, one passed through std::hint::black_box, so no lint and no
        constant folding can see it fail before it runs; blank lines in it put as many lines between its name and
        the next test's as lie between two of the file's tests' names. None for any other file, a file the tokenizer
        cannot read, one with no #[test] function (its tests are not libtest's), or one that already uses `name`."""
        if not path.endswith(".rs") or PurePosixPath(path).parent.name != "tests":
            return None
        try:
            found = scopes(text)
            used = {t.text for t in tokens(text) if t.kind == "ident"}
        except RustSyntaxError:
            return None
        if name in used or name in _KEYWORDS or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            return None
        spots = []   # (module, where to insert, the indentation, whether it goes after the item)
        lines = []   # the line of each #[test] function's name
        for module, (_, _, its) in found.items():
            tests = [it for it in its if it.is_test and not it.inner and it.key and it.key[0] == "fn"]
            for it in tests:
                named = re.compile(rf"\bfn\s+(?:r#)?{re.escape(it.key[1])}\b").search(text, it.start, it.end)
                line = text.count("\n", 0, named.start() if named else it.start)
                lines.append(line)
                spots.append((module, it.start, _indent(text, it.start), False))
            if tests:
                spots.append((module, tests[-1].end, _indent(text, tests[-1].start), True))
        if not spots:
            return None
        chooser = rng or secrets.SystemRandom()
        module, at, indent, after = chooser.choice(spots)
        left = chooser.randrange(1, 1 << 31)
        right = left + chooser.randrange(1, 1 << 16)
        # libtest tells the code under test the line of each test's name (`--list --format json`): from the
        # tripwire's to the next test's there are as many lines as from one of the file's tests to the next (one
        # such distance at random, where it is no shorter than the tripwire's own), blank lines in its body.
        lines.sort()
        here = text.count("\n", 0, at)
        following = [line for line in lines if (line > here if after else line >= here)]
        # before a test: its 4 lines after its name, a blank, the test's attributes; after one: 3, and what follows
        natural = min(following) - here + (3 if after else 5) if following else None
        wider = [b - a for a, b in itertools.pairwise(lines) if natural is not None and b - a >= natural]
        pad = "\n" * (chooser.choice(wider) - natural if wider else 0)
        body = (f"#[test]\n{indent}fn {name}() {{\n{indent}    let left: u64 = ::std::hint::black_box({left});\n"
                f"{pad}{indent}    ::std::assert_eq!(left, {right});\n{indent}}}")
        piece = f"\n\n{indent}{body}" if after else f"{body}\n\n{indent}"
        return text[:at] + piece + text[at:], "::".join((*module, name))

    def prebuilds(self, commands) -> list[str]:
        """Each distinct `cargo test ARGS [-- TEST-ARGS]` of the phase as `cargo test ARGS --no-run` with its target
        selection left out (`--test heldout` names a file the held-out tests add, not there yet): the same profile and
        features, every default target, so cargo builds the library and binaries the phase will link, and runs none.
        Where a command is not one plain `cargo test` (a script, a shell list) or runs doc tests alone (`--doc`,
        which cargo cannot build without running), [] (nothing is built ahead: SECURITY.md)."""
        return list(dict.fromkeys(f"{_without_targets(c)} --no-run" for c in _cargo_tests(commands)))

    def build_checks(self, commands) -> list[str]:
        """The prebuilds again, reporting each unit as JSON (`--message-format=json`: whether cargo found it fresh)
        once the held-out files are laid and before any test binary runs."""
        return [f"{c} --no-run --message-format=json" for c in _cargo_tests(commands)]

    def build_problem(self, output: bytes, copy: Path, held) -> str | None:
        """The units cargo compiled again once the held-out files were laid other than integration tests,
        examples and benches (the tests; nothing links them): a library or binary, or a library's unit tests. The
        code under test was compiled before the held-out files were in the tree; cargo compiles it again only
        when a file its compilation read (rustc's dep-info: include_str!, include_bytes!, #[path], a module) has
        changed since, and the held-out files are all that changed. No code of the change runs in a build here
        (grading lays back the fixture's Cargo.toml and build.rs: no build script, no proc macro of its own)."""
        again = []
        for line in output.decode("utf-8", errors="replace").splitlines():
            if not line.startswith("{"):
                continue
            try:
                message = json.loads(line)
                if message.get("reason") != "compiler-artifact" or message.get("fresh") is not False:
                    continue
                target, test = message["target"], bool(message.get("profile", {}).get("test"))
                kinds = set(target.get("kind") or ())
                name = str(target.get("name"))
            except (ValueError, KeyError, TypeError, AttributeError):
                continue
            if kinds and kinds <= {"test", "example", "bench"}:
                continue
            again.append(f"{'/'.join(sorted(kinds))} {name}" + (" (its unit tests)" if test else ""))
        if not again:
            return None
        return (f"cargo compiled {', '.join(dict.fromkeys(again))} again once the held-out tests were laid: its "
                f"build reads a file they replaced ({', '.join(held[:4])})")

    def tripwire_names(self, text: str) -> list[str]:
        """The #[test] functions' names of a test file, in every module (libtest reports `module::name`; the name
        is the function's), those a tripwire can be named like (`[a-z][a-z0-9_]*`); [] where the tokenizer cannot
        read the file."""
        try:
            found = scopes(text)
        except RustSyntaxError:
            return []
        return [item.key[1] for _, (_, _, its) in found.items() for item in its
                if item.is_test and not item.inner and item.key and item.key[0] == "fn"
                and re.fullmatch(r"[a-z][a-z0-9_]*", item.key[1])]

    def tripwire_commands(self, commands) -> bool:
        """Every command is one plain `cargo ...` (no shell list, pipe, substitution or redirection): its exit
        status is cargo's."""
        return bool(commands) and all(PLAIN_COMMAND.fullmatch(c.strip()) and c.split()[0] == "cargo"
                                      for c in commands)

    def tripwire_status(self, output: bytes, name: str) -> str | None:
        """'passed' when libtest's line for the test `name` says ok (or ignored: it did not fail); 'failed' when
        it says FAILED and libtest's closing list of failures names it; None otherwise."""
        text = output.decode("utf-8", errors="replace")
        quoted = re.escape(name)
        if re.search(rf"^test {quoted}(?: - should panic)? \.\.\. (?:ok|ignored)\b", text, re.M):
            return "passed"
        if re.search(rf"^test {quoted} \.\.\. FAILED$", text, re.M) \
                and re.search(rf"^failures:\n(?:    \S+\n)*    {quoted}$", text, re.M):
            return "failed"
        return None

    def tripwire_exit(self, exit_code: int | None) -> bool:
        """cargo test (and a libtest binary) exits 101 when tests failed; so does a build that failed, whose
        output holds no test's line."""
        return exit_code == 101

    def holds_tests(self, path: str, file: Path) -> bool:
        """Every Rust source file outside the test and configuration files that the tokenizer reads: its test items
        (#[cfg(test)] modules, #[test] functions) are the fixture's, and a change may neither alter nor add one."""
        if not path.endswith(".rs") or self.is_test_path(path) or self.is_config(path):
            return False
        try:
            scopes(file.read_bytes().decode("utf-8"))
        except (OSError, UnicodeDecodeError, RustSyntaxError):
            return False   # a file grading cannot read item by item is code under test, as it is
        return True

    def lay_back(self, path: str, pristine: bytes, now: bytes | None) -> bytes | None:
        """The changed file with the fixture's test items in place of its own (splice_tests); the fixture's file
        whole when the change removed it or left source the tokenizer cannot read."""
        if now == pristine:
            return None
        if now is None:
            return pristine
        try:
            return splice_tests(pristine.decode("utf-8"), now.decode("utf-8")).encode("utf-8")
        except (UnicodeDecodeError, RustSyntaxError):
            return pristine


def _cargo_tests(commands) -> list[str]:
    """Each distinct plain `cargo test` command line of `commands`, without its test binaries' arguments (after
    `--`); [] unless every command is one."""
    found = []
    for command in commands:
        words = command.split()
        if not PLAIN_COMMAND.fullmatch(command.strip()) or words[:2] != ["cargo", "test"] or "--no-run" in words \
                or "--doc" in words:
            return []
        found.append(" ".join(words[:words.index("--")] if "--" in words else words))
    return list(dict.fromkeys(found))


# cargo's target selection: flags alone, and options taking a target's name (`--test NAME` or `--test=NAME`)
_TARGET_FLAGS = frozenset({"--lib", "--bins", "--tests", "--examples", "--benches", "--all-targets"})
_TARGET_OPTIONS = frozenset({"--bin", "--test", "--example", "--bench"})


def _without_targets(command: str) -> str:
    """A `cargo test ARGS` line without its target selection (cargo then builds its default targets)."""
    words, kept = command.split(), []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in _TARGET_OPTIONS:
            skip = True
        elif word not in _TARGET_FLAGS and word.split("=", 1)[0] not in _TARGET_OPTIONS:
            kept.append(word)
    return " ".join(kept)


# Rust's keywords (strict, reserved and weak; 2015 to 2024): never a function's name.
_KEYWORDS = frozenset("""as async await break const continue crate dyn else enum extern false fn for gen if impl in let
loop match mod move mut pub ref return self static struct super trait true type unsafe use where while abstract
become box do final macro override priv try typeof unsized virtual yield union raw safe""".split())


def _indent(text: str, at: int) -> str:
    """The whitespace that begins the line `at` lies on, when only whitespace comes before `at` on it."""
    line = text[text.rfind("\n", 0, at) + 1:at]
    return line if not line.strip() else ""


# -- libtest's summaries ------------------------------------------------------------------------------------------

_TEST_LINE = re.compile(r"^test (\S+)(?: - should panic)? \.\.\. (ok|ignored)\b", re.M)
_RUNNING = re.compile(r"^running (\d+) tests?$")
_RESULT = re.compile(r"^test result: (ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored; (\d+) measured; "
                     r"(\d+) filtered out(?:; finished in [0-9.]+s)?$")


def libtest_summary(text: str) -> Summary | None:
    """What every test binary's libtest summary in `text` says together, or None when there is none.

    Each binary prints `running N tests` and, when it finishes, `test result: ... P passed; F failed; I ignored;
    M measured; X filtered out` with P+F+I+M == N. A binary that printed its header but no result (it died, or
    code under test ended the process: `process::exit(0)`), a result with no header before it, a result that
    does not add up to its header, or an `ok` result with failures is counted as a failure, never as a pass:
    such a line was not printed by libtest at the end of a whole run. Ignored tests are skipped tests."""
    passed = failed = skipped = 0
    seen = False
    expect: int | None = None   # the open header's test count
    for raw in text.splitlines():
        line = raw.strip()
        head, result = _RUNNING.match(line), _RESULT.match(line)
        if head:
            seen = True
            if expect is not None:
                failed += max(expect, 1)   # the previous binary never finished
            expect = int(head.group(1))
        elif result:
            seen = True
            status, p, f, i, m = result.group(1), *map(int, result.group(2, 3, 4, 5))
            if expect is None or p + f + i + m != expect or (status == "ok") != (f == 0):
                failed += max(f, 1)
            else:
                passed, failed, skipped = passed + p, failed + f, skipped + i
            expect = None
    if expect is not None:
        failed += max(expect, 1)
    return Summary("cargo test", passed, failed, skipped) if seen else None


# -- Rust source: tokens, items and the tests among them ----------------------------------------------------------

class RustSyntaxError(ValueError):
    """Source the tokenizer cannot read (an unterminated literal or comment, unbalanced delimiters)."""


@dataclass(frozen=True)
class Token:
    """One significant token: its kind (ident, lit, punct, open, close), its text and where it lies."""

    kind: str
    text: str
    start: int
    end: int


_IDENT = re.compile(r"[^\W\d]\w*")
_NUMBER = re.compile(r"\d\w*")
_PAIRS = {"(": ")", "[": "]", "{": "}"}


def _skip_block_comment(src: str, i: int) -> int:
    depth, i = 1, i + 2
    while depth:
        if i >= len(src):
            raise RustSyntaxError("unterminated block comment")
        if src.startswith("/*", i):
            depth, i = depth + 1, i + 2
        elif src.startswith("*/", i):
            depth, i = depth - 1, i + 2
        else:
            i += 1
    return i


def _quoted(src: str, i: int, quote: str) -> int:
    """The end of a quoted literal whose opening quote is at `i` (escapes honoured)."""
    i += 1
    while i < len(src):
        if src[i] == "\\":
            i += 2
        elif src[i] == quote:
            return i + 1
        else:
            i += 1
    raise RustSyntaxError("unterminated literal")


def _raw_string(src: str, i: int) -> int | None:
    """The end of a raw string literal (r"..", r#".."#, br.., cr..) starting at `i`, or None when there is none."""
    match = re.compile(r'(?:b|c)?r(#*)"').match(src, i)
    if not match:
        return None
    close = '"' + match.group(1)
    end = src.find(close, match.end())
    if end < 0:
        raise RustSyntaxError("unterminated raw string")
    return end + len(close)


def _char_or_lifetime(src: str, i: int) -> tuple[str, int]:
    """('lit', end) for a character literal at `i` ('a', '\\n', '\\u{..}', '''), or ('lifetime', end)."""
    if src.startswith("\\", i + 1):
        return "lit", _quoted(src, i, "'")
    if i + 2 < len(src) and src[i + 2] == "'" and src[i + 1] != "\n":
        return "lit", i + 3
    match = _IDENT.match(src, i + 1)
    if not match:
        raise RustSyntaxError(f"stray quote at offset {i}")
    return "lifetime", match.end()


def tokens(src: str) -> list[Token]:
    """The significant tokens of Rust source (comments and whitespace dropped); RustSyntaxError when it cannot be
    read: delimiters must balance, literals and comments must end. A shebang line is left out."""
    out: list[Token] = []
    stack: list[str] = []
    i = len(src.split("\n", 1)[0]) if src.startswith("#!") and not src.startswith("#![") else 0
    while i < len(src):
        c = src[i]
        if c.isspace():
            i += 1
            continue
        if src.startswith("//", i):
            nl = src.find("\n", i)
            i = len(src) if nl < 0 else nl + 1
            continue
        if src.startswith("/*", i):
            i = _skip_block_comment(src, i)
            continue
        start, kind = i, "lit"
        raw = _raw_string(src, i) if c in "bcr" else None
        if raw is not None:
            i = raw
        elif c == '"' or (c in "bc" and src.startswith('"', i + 1)):
            i = _quoted(src, i + (c != '"'), '"')
        elif c == "b" and src.startswith("'", i + 1):
            i = _quoted(src, i + 1, "'")
        elif c == "'":
            kind, i = _char_or_lifetime(src, i)
        elif src.startswith("r#", i) and _IDENT.match(src, i + 2):
            kind, i = "ident", _IDENT.match(src, i + 2).end()
        elif _IDENT.match(src, i):
            kind, i = "ident", _IDENT.match(src, i).end()
        elif c.isdigit():
            i = _NUMBER.match(src, i).end()
        else:
            kind, i = "punct", i + 1
            if c in _PAIRS:
                kind = "open"
                stack.append(_PAIRS[c])
            elif c in ")]}":
                if not stack or stack.pop() != c:
                    raise RustSyntaxError(f"unbalanced {c!r} at offset {start}")
                kind = "close"
        out.append(Token(kind, src[start:i], start, i))
    if stack:
        raise RustSyntaxError(f"unclosed {stack[-1]!r} at the end")
    return out


def _close(toks: list[Token], i: int) -> int:
    """The index of the token closing the group opened at `i`."""
    depth = 0
    for j in range(i, len(toks)):
        depth += {"open": 1, "close": -1}.get(toks[j].kind, 0)
        if depth == 0:
            return j
    raise RustSyntaxError("unbalanced group")  # tokens() balanced them: never reached


@dataclass
class Item:
    """One item of a module: its span in the source, its (kind, name) where it has one, whether it belongs to the
    tests (compiled for them only, or a test itself), and for an inline `mod`, the scope of its body."""

    start: int
    end: int
    key: tuple[str, str] | None
    is_test: bool
    inner: bool = False   # an inner attribute (#![...]): it must come before the scope's items
    body: tuple[int, int] | None = None   # token indices of an inline module's body (open brace, close brace)
    anchor: bool = False  # decides whether and from where the scope's tests are compiled (see _is_anchor)
    head: int = 0         # where the item's own tokens begin, after its outer attributes


_SEMI_KINDS = {"const", "static", "use", "type"}   # items that end at `;` even past a `{...}` (a value, a use tree)
_KINDS = {"fn", "mod", "struct", "enum", "union", "trait", "type", "const", "static", "impl", "use", "macro_rules"}
_QUALIFIERS = {"fn", "unsafe", "async", "extern"}   # after `const`: a const fn, not a constant


# Attributes that only set lint levels or documentation: they cannot change what is compiled.
_LINT_LEVELS = {"allow", "warn", "deny", "forbid", "expect", "doc"}


def _inner_is_anchor(toks: list[Token], open_i: int) -> bool:
    """Whether the inner attribute #![...] whose bracket is at open_i can change what the scope compiles (cfg,
    cfg_attr, no_main, no_implicit_prelude, a tool's attribute: anything but a lint level or documentation)."""
    return toks[open_i + 1].text not in _LINT_LEVELS or toks[open_i + 2].text == "::"


def _attr_is_test(toks: list[Token], open_i: int, close_i: int) -> bool:
    """Whether the attribute #[...] whose brackets are at open_i..close_i makes its item part of the tests:
    #[test] (or a path ending in `test`), or #[cfg(...)] naming `test` other than under not(...)."""
    path = []
    for t in toks[open_i + 1:close_i]:
        if t.kind == "ident" or t.text == ":":
            path.append(t.text)
        else:
            break
    if path and path[-1] == "test":
        return True
    return path == ["cfg"] and _names_test(toks, open_i + 1, close_i)


def _names_test(toks: list[Token], lo: int, hi: int) -> bool:
    """Whether the cfg predicate toks[lo:hi] names `test` outside any not(...)."""
    i = lo
    while i < hi:
        if toks[i].text == "not" and i + 1 < hi and toks[i + 1].text == "(":
            i = _close(toks, i + 1) + 1
            continue
        if toks[i].kind == "ident" and toks[i].text == "test":
            return True
        i += 1
    return False


def items(toks: list[Token], lo: int, hi: int) -> list[Item]:
    """The items of the scope toks[lo:hi] (a file, or an inline module's body), in order."""
    found: list[Item] = []
    i = lo
    while i < hi:
        start = i
        if toks[i].text == "#" and i + 2 < hi and toks[i + 1].text == "!" and toks[i + 2].text == "[":
            close = _close(toks, i + 2)
            is_test = _attr_is_test(toks, i + 2, close)
            found.append(Item(toks[i].start, toks[close].end, None, is_test, inner=True,
                              anchor=not is_test and _inner_is_anchor(toks, i + 2), head=toks[i].start))
            i = close + 1
            continue
        is_test = False
        while toks[i].text == "#" and i + 1 < hi and toks[i + 1].text == "[":
            close = _close(toks, i + 1)
            is_test = is_test or _attr_is_test(toks, i + 1, close)
            i = close + 1
            if i >= hi:
                raise RustSyntaxError("an attribute with no item after it")
        kind = name = None
        semi = False
        body = None
        head = toks[i].start
        while True:
            if i >= hi:
                raise RustSyntaxError(f"an item at offset {toks[start].start} does not end")
            tok = toks[i]
            following = toks[i + 1] if i + 1 < hi else None
            if kind is None and tok.kind == "ident" and tok.text in _KINDS \
                    and not (tok.text == "const" and following is not None and following.text in _QUALIFIERS):
                kind, semi = tok.text, tok.text in _SEMI_KINDS
                if kind == "macro_rules" and following is not None and following.text == "!":
                    following = toks[i + 2] if i + 2 < hi else None
                if kind not in ("impl", "use") and following is not None and following.kind == "ident":
                    name = following.text
            if tok.text == ";":
                break
            if tok.kind == "open":
                close = _close(toks, i)
                if tok.text == "{" and not semi:
                    body = (i, close)
                    i = close
                    break
                i = close
            i += 1
        key = (kind, name) if kind and name else None
        found.append(Item(toks[start].start, toks[i].end, key, is_test, body=body if kind == "mod" else None,
                          anchor=not is_test and kind == "mod" and body is None, head=head))
        i += 1
    return found


Scopes = dict[tuple[str, ...], tuple[int, int, list[Item]]]   # module path -> (body start, body end, items)


def scopes(src: str) -> Scopes:
    """Every scope of a source file that may hold tests: the file itself and each inline module that is not part
    of the tests, by module path, with where its body lies in `src` and its items."""
    toks = tokens(src)
    found: Scopes = {}

    def walk(path: tuple[str, ...], lo: int, hi: int, start: int, end: int) -> None:
        if path in found:
            raise RustSyntaxError(f"module {'::'.join(path)} is written twice")
        found[path] = (start, end, items(toks, lo, hi))
        for item in found[path][2]:
            if item.body and not item.is_test and item.key:
                open_i, close_i = item.body
                walk((*path, item.key[1]), open_i + 1, close_i, toks[open_i].end, toks[close_i].start)

    walk((), 0, len(toks), 0, len(src))
    return found


def has_tests(src: str) -> bool:
    """Whether Rust source holds a test item anywhere in its modules."""
    return any(item.is_test for _, _, found in scopes(src).values() for item in found)


def splice_tests(pristine: str, now: str) -> str:
    """`now` with the test items of `pristine` put back in each scope and its own removed: the test items it has
    (a #[test] fn, a #[cfg(test)] module, an inner #![cfg(test)]) and every item bearing the name of one of
    pristine's (a test module whose #[cfg(test)] was turned into something else). Unchanged test items stay in
    place, byte for byte. RustSyntaxError when either cannot be read, or a scope holding tests is gone.

    What decides whether and from where tests are compiled is the fixture's too, as it was: each module
    declaration naming a file (`mod parse;`, with its #[path] or #[cfg]), each inner attribute but a lint level
    or documentation (`#![cfg(not(test))]`, `#![no_main]`; one the change adds goes), and the outer attributes
    of each inline module (`#[cfg(any())] pub mod more { ... }`). A change that adds modules keeps them."""
    before, after = scopes(pristine), scopes(now)
    edits: list[tuple[int, int, str]] = []
    for path, (_, _, old_items) in before.items():
        tests = [it for it in old_items if it.is_test or it.anchor]
        if path not in after:
            if tests:
                raise RustSyntaxError(f"module {'::'.join(path) or 'root'} holding tests is gone")
            continue
        edits += _scope_edits(pristine, tests, after[path], root=not path)
        if path:
            old, new = _module_item(before, path), _module_item(after, path)
            if pristine[old.start:old.head] != now[new.start:new.head]:
                edits.append((new.start, new.head, pristine[old.start:old.head]))
    for path, scope in after.items():
        if path not in before:
            edits += [(it.start, it.end, "") for it in scope[2] if it.is_test]
    # An edit inside a span another edit replaces (a test in a module whose #[cfg(test)] was removed) goes with it.
    edits = [e for e in edits if not any(o is not e and o[0] <= e[0] and e[1] <= o[1] and o[0] < o[1]
                                         and (o[0], o[1]) != (e[0], e[1]) for o in edits)]
    out = now
    for start, end, text in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        out = out[:start] + text + out[end:]
    return out


def _module_item(found: Scopes, path: tuple[str, ...]) -> Item:
    """The inline `mod` item whose body is the scope `path` (never the root), in its parent scope."""
    return next(it for it in found[path[:-1]][2] if it.body and not it.is_test and it.key == ("mod", path[-1]))


def _scope_edits(pristine: str, tests: list[Item], scope: tuple[int, int, list[Item]],
                 root: bool) -> list[tuple[int, int, str]]:
    """The edits that make one scope of the changed file hold exactly the pristine scope's `tests`."""
    start, end, now_items = scope
    keys = {it.key for it in tests if it.key}
    wanted = [pristine[it.start:it.end] for it in tests]
    taken = [it for it in now_items if it.is_test or (it.key in keys) or (it.anchor and it.inner)]
    edits = []
    unmatched = list(range(len(tests)))
    for it in taken:
        match = next((k for k in unmatched if (tests[k].key == it.key and it.key) or
                      (not it.key and not tests[k].key and tests[k].inner == it.inner)), None)
        if match is None:
            edits.append((it.start, it.end, ""))
        else:
            unmatched.remove(match)
            edits.append((it.start, it.end, wanted[match]))
    inner = "".join(wanted[k] + "\n" for k in unmatched if tests[k].inner)
    outer = "".join("\n\n" + wanted[k] for k in unmatched if not tests[k].inner)
    if inner:
        edits.append((start, start, inner))
    if outer:
        edits.append((end, end, outer + ("\n" if root else "")))
    return edits


PROFILE = RustProfile(
    name="rust", aliases=("rs",),
    test_dirs=("tests",),
    config_names=("Cargo.toml", "Cargo.lock", "build.rs", "rust-toolchain", "rust-toolchain.toml"),
    # cargo writes Cargo.lock beside the root manifest on every build, from the (protected) manifests: like
    # target/, what an honest `cargo test` leaves there is no part of a change, and grading uses the fixture's.
    config_dirs=(".cargo", "vendor"), build_dirs=("target", "Cargo.lock"),
    tools=(Tool("cargo", ("cargo", "--version")), Tool("rustc", ("rustc", "--version"))),
    runners=("cargo test",),
)
