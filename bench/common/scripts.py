"""What a grading command runs from the task's own tree: the scripts it names and the scripts those run.

A task's command (`./run_tests.sh`, `bash -e ci/test.sh`, `python3 run_tests.py`, `cd sub && ./test.sh`,
`make -C tests check`, `sh -c './ci.sh'`) runs files of the fixture whose content decides whether the tests run
at all: they are the task's test configuration, laid back by content like a pytest.ini (oracle.pristine_of),
and one the fixture lacks but a command would run if present (`[ -x ./pre.sh ] && ./pre.sh`, a GNUmakefile make
prefers) is removed when a change adds it. The words are read as the shell reads them (shlex): the program of
each simple command, after assignments and the wrappers that run the rest of their words as a command (`env`,
`exec`, `timeout` ...); a shell's or an interpreter's script (its first operand) or `-c` string; make's
makefile; a `cd` changing where the rest of the line runs. The scripts found are read in turn (a shell script's
lines, a makefile's recipes and includes), so a file a protected script sources or runs is protected too.
Operands a command only passes to a program (sources, test directories) are never named: they are the
change's to edit. Words the shell would expand (`$DIR/t.sh`, globs) name nothing.
"""
from __future__ import annotations

import posixpath
import re
import shlex
from collections.abc import Iterable, Iterator

SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"})
# Interpreters whose first operand is the script they run: for each, its options that take the next word as a
# value, those whose value is a file it loads first (node -r ./setup.js), and those after which no script follows
# (a module, code inline).
_INTERPRETERS = (
    (re.compile(r"^(python|pypy)[0-9.]*$"), {"-W", "-X"}, set(), {"-m", "-c"}),
    (re.compile(r"^(node|nodejs)$"), {"-r", "--require", "--import", "--loader", "--experimental-loader"},
     {"-r", "--require", "--import", "--loader", "--experimental-loader"}, {"-e", "--eval", "-p", "--print"}),
    (re.compile(r"^(perl|ruby)[0-9.]*$"), {"-I", "-r"}, {"-r"}, {"-e", "-E"}),
    (re.compile(r"^(php|Rscript|tclsh|lua)[0-9.]*$"), {"-c", "-d"}, set(), {"-r", "-e"}),
)
_SHELL_VALUE_OPTIONS = {"-o", "-O", "+o", "+O"}
# Words after which the next word starts a command: the shell's reserved words and programs that run the rest of
# their words as a command (their own options, `NAME=value` words and timeout's duration skipped).
_KEYWORDS = frozenset({"if", "then", "else", "elif", "do", "while", "until", "!", "{", "time", "exec", "command",
                       "builtin", "nohup", "env", "nice", "timeout", "stdbuf", "xvfb-run", "unbuffer"})
_WRAPPER_VALUE_OPTIONS = {"-u", "--unset", "-n", "-s", "-k", "--signal", "--kill-after"}
_OPERATORS = frozenset(";&|()\n")
MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_EXPANDS = re.compile(r"[$`*?\[~{]")
MAX_SCRIPT_BYTES = 1 << 20   # a larger file is read as no script


def _words(text: str) -> list[str] | None:
    """The shell words and operators of `text` (newlines kept as operators); None when it does not parse."""
    lexer = shlex.shlex(text, posix=True, punctuation_chars=";&|()<>\n")
    lexer.whitespace = " \t\r"
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError:
        return None


def _simple_commands(words: list[str]) -> Iterator[tuple[list[str], str]]:
    """Each simple command's words (redirections dropped) and the operator that opened it."""
    current: list[str] = []
    opened = ";"
    skip = False
    for word in words:
        if set(word) <= _OPERATORS:
            yield current, opened
            current, opened = [], word
        elif set(word) <= set("<>&|0123456789") and ("<" in word or ">" in word):
            skip = True   # a redirection: the next word is a file it reads or writes, not run
        elif skip:
            skip = False
        else:
            current.append(word)
    yield current, opened


def _path(cwd: str | None, word: str, directory: bool = False) -> str | None:
    """`word` as a path inside the tree, seen from `cwd` (None: unknown, or outside the tree, or expanded); the
    root itself is "" for a `directory`, and no file."""
    if cwd is None or not word or word.startswith("/") or _EXPANDS.search(word):
        return None
    rel = posixpath.normpath(posixpath.join(cwd, word))
    if rel == ".":
        return "" if directory else None
    return None if rel == ".." or rel.startswith("../") else rel


def _program(words: list[str]) -> list[str]:
    """The words from the command's program on: assignments, reserved words and wrappers skipped."""
    i = 0
    while i < len(words):
        word = words[i]
        if _ASSIGNMENT.match(word):
            i += 1
        elif word in _KEYWORDS:
            i += 1
            while i < len(words) and words[i].startswith("-") and words[i] != "-":
                i += 2 if words[i] in _WRAPPER_VALUE_OPTIONS else 1
            if word == "timeout":
                i += 1
        else:
            break
    return words[i:]


def _script(words: list[str], cwd: str | None) -> tuple[set[str], str | None] | None:
    """For a shell or an interpreter (None for any other program): (the script it runs and the files its options
    load, a shell's `-c` command string)."""
    name = posixpath.basename(words[0])
    shell = name in SHELLS
    kind = next(((value, loads, stop) for pattern, value, loads, stop in _INTERPRETERS if pattern.match(name)), None)
    if not shell and kind is None:
        return None
    value, loads, stop = (_SHELL_VALUE_OPTIONS, set(), set()) if shell else kind
    named: set[str] = set()
    i = 1
    while i < len(words):
        word = words[i]
        if shell and re.match(r"^-[a-zA-Z]*c[a-zA-Z]*$", word):
            return named, words[i + 1] if i + 1 < len(words) else None
        if word in stop:
            return named, None
        if word in value:
            if word in loads and i + 1 < len(words):
                named |= {p for p in [_path(cwd, words[i + 1])] if p}
            i += 2
        elif word == "--":
            i += 1
            break
        elif word.startswith(("-", "+")) and word != "-":
            i += 1
        else:
            break
    if i < len(words):
        named |= {p for p in [_path(cwd, words[i])] if p}
    return named, None


def _make(words: list[str], cwd: str | None) -> set[str]:
    """The makefiles `make` reads: -f's, or GNUmakefile/makefile/Makefile in its directory (-C)."""
    where, files, i = cwd, [], 1
    while i < len(words):
        word, value = words[i], words[i + 1] if i + 1 < len(words) else ""
        for short, long, target in (("-C", "--directory", "dir"), ("-f", "--file", "file"), ("-f", "--makefile",
                                                                                              "file")):
            given = value if word in (short, long) else word[len(long) + 1:] if word.startswith(long + "=") \
                else word[2:] if word.startswith(short) and len(word) > 2 else None
            if given is not None:
                if target == "dir":
                    where = _path(where, given, directory=True)
                else:
                    files.append(given)
                i += 1 if word in (short, long) else 0
                break
        i += 1
    if where is None:
        return set()
    named = [_path(where, f) for f in files] if files else [_path(where, m) for m in MAKEFILES]
    return {p for p in named if p}


def named_by(command: str, cwd: str = "") -> set[str]:
    """The repo-relative files a shell command runs as a script (see the module's docstring), `cwd` the
    directory it starts in ("" for the root)."""
    words = _words(command)
    if words is None:
        return set()
    named: set[str] = set()
    stack: list[str | None] = []
    here: str | None = cwd
    for simple, opened in _simple_commands(words):
        for char in opened:   # a subshell's `cd` ends with it
            if char == "(":
                stack.append(here)
            elif char == ")" and stack:
                here = stack.pop()
        words_run = _program(simple)
        if not words_run:
            continue
        program = words_run[0]
        name = posixpath.basename(program)
        if "/" in program:
            named |= {p for p in [_path(here, program)] if p}
        if program in ("cd", "pushd"):
            operands = [w for w in words_run[1:] if not w.startswith("-")]
            here = _path(here, operands[0], directory=True) if operands else None
        elif program in (".", "source"):
            named |= {p for p in [_path(here, words_run[1] if len(words_run) > 1 else "")] if p}
        elif _script(words_run, here) is not None:
            found, string = _script(words_run, here)
            named |= found
            if string is not None and here is not None:
                named |= named_by(string, here)
        elif name in ("make", "gmake"):
            named |= _make(words_run, here)
    return named


def is_makefile(rel: str) -> bool:
    """Whether make reads `rel` as a makefile by its name."""
    name = posixpath.basename(rel)
    return name in MAKEFILES or name.endswith(".mk")


def named_within(rel: str, data: bytes) -> set[str]:
    """The files a script of the tree runs in turn: a makefile's recipes and includes, a shell script's
    commands (any other file: nothing). Paths inside are read from the tree's root and from the script's own
    directory, where scripts commonly `cd` first."""
    if len(data) > MAX_SCRIPT_BYTES:
        return set()
    text = data.decode("utf-8", errors="replace")
    here = posixpath.dirname(rel)
    named: set[str] = set()
    if is_makefile(rel):
        for line in _logical_lines(text):
            if line.startswith("\t"):   # a recipe: make's own $(MAKE) is make
                recipe = line.lstrip("\t@-+ ").replace("$(MAKE)", "make").replace("${MAKE}", "make")
                named |= _both(recipe, here)
            elif re.match(r"^-?s?include\s", line):
                for word in line.split()[1:]:
                    named |= {p for d in {"", here} for p in [_path(d, word)] if p}
        return named
    first = text.split("\n", 1)[0]
    shebang = first[2:].split() if first.startswith("#!") else []
    interpreter = posixpath.basename(shebang[0]) if shebang else ""
    if interpreter == "env" and len(shebang) > 1:
        interpreter = shebang[-1] if shebang[1].startswith("-") else shebang[1]
    if interpreter in SHELLS or rel.endswith((".sh", ".bash")):
        named |= _both(text, here)
    return named


def _both(command: str, here: str) -> set[str]:
    return named_by(command, "") | (named_by(command, here) if here else set())


def _logical_lines(text: str) -> Iterable[str]:
    """A makefile's lines with backslash continuations joined."""
    return text.replace("\\\n", " ").split("\n")
