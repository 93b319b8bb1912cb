"""The split rule of the polyglot suite: each exercise's upstream tests, cut into a visible and a held-out part.

A *unit* is one test as the language's runner counts it where the source allows cutting it out alone:

- Python: a `test*` method of a top-level class (`Class.method`);
- Go: an element of a top-level table (a `var` whose composite literal a Test function ranges over, one element
  per line group), named `<table>/<its description, name or map key>`, else `<table>[<digest of its text>]`; and
  every top-level `Test`/`Example` function that ranges over no such table. A function that ranges over one
  stays in both parts (it runs that part's elements).

A unit is held out when the first 8 bytes of sha256("<task id>\\0<unit name>"), as an integer, are 0 modulo 3
(about a third). With two or more units, at least one lies on each side: when the rule leaves one side empty,
the unit with the smallest digest is held out, or the one with the largest is kept visible. The rule reads only
the task id and the unit's name, so the same upstream always splits the same way.

Each test file is written twice: the visible version (every held-out unit cut out) goes into the fixture, the
held-out version (every visible unit cut out) replaces it in the grading copy's held-out phase. Only whole line
ranges are cut; what remains is the upstream text byte for byte, but for two additions: a Rust test file with a
glob import (`use <crate>::*;`) gets three lines above it that import the std prelude's names explicitly, so the
code under test cannot replace `Some` or `Ok` in the tests (an explicit import outranks a glob); and where the tests
compare a type of the crate's with `assert_eq!` (rust-two-bucket's BucketStats, the Error of rust-bowling,
rust-forth and rust-ocr-numbers), the file ends with a function matching a constant of that type, which compiles only
while the type keeps the equality `#[derive(PartialEq)]` writes, so the crate cannot make every value equal.
"""
from __future__ import annotations

import ast
import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

HELD_OUT_MODULUS = 3


class SplitError(ValueError):
    """An upstream test file the splitter cannot cut (the message names the file and why)."""


@dataclass(frozen=True)
class Unit:
    """One test: its name and the 0-based line range [start, end) that holds it in its file."""

    name: str
    file: str
    start: int
    end: int


def digest(task_id: str, unit: str) -> int:
    """The unit's stable number: the first 8 bytes of sha256 over the task id and the unit's name."""
    return int.from_bytes(hashlib.sha256(f"{task_id}\0{unit}".encode()).digest()[:8], "big")


def held_out(task_id: str, names: Sequence[str]) -> set[str]:
    """The names the rule holds out of `names` (see the module's docstring)."""
    held = {n for n in names if digest(task_id, n) % HELD_OUT_MODULUS == 0}
    if len(names) >= 2 and not held:
        held = {min(names, key=lambda n: (digest(task_id, n), n))}
    elif len(names) >= 2 and held == set(names):
        held -= {max(names, key=lambda n: (digest(task_id, n), n))}
    return held


def cut(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """The text with the given line ranges removed, each with one blank line that follows it (or, at the end of
    a block, one before it), so the layout around what remains is the upstream's."""
    lines = text.splitlines(keepends=True)
    drop: set[int] = set()
    for start, end in spans:
        drop.update(range(start, end))
        if end < len(lines) and not lines[end].strip():
            drop.add(end)
        elif start > 0 and not lines[start - 1].strip():
            drop.add(start - 1)
    return "".join(line for i, line in enumerate(lines) if i not in drop)


# --- Python ---------------------------------------------------------------------------------------------------

def python_units(path: str, text: str) -> list[Unit]:
    """The `test*` methods of the file's top-level classes, with their decorators and the comment lines just
    above them."""
    try:
        tree = ast.parse(text, filename=path)
    except SyntaxError as exc:
        raise SplitError(f"{path}: not valid Python ({exc.msg}, line {exc.lineno})") from None
    lines = text.splitlines()
    units = []
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        methods = [m for m in cls.body if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef)]
        for method in methods:
            if not method.name.startswith("test"):
                continue
            start = min([method.lineno, *(d.lineno for d in method.decorator_list)]) - 1
            while start > 0 and lines[start - 1].strip().startswith("#"):
                start -= 1
            units.append(Unit(f"{cls.name}.{method.name}", path, start, method.end_lineno or method.lineno))
    return units


def python_cut(path: str, text: str, units: Sequence[Unit]) -> str:
    """The file without these units; a class left with nothing in it goes whole (its body would be empty)."""
    tree = ast.parse(text, filename=path)
    names = {u.name for u in units}
    spans = [(u.start, u.end) for u in units]
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef) and all(
                isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef) and f"{cls.name}.{m.name}" in names
                for m in cls.body):
            start = min([cls.lineno, *(d.lineno for d in cls.decorator_list)]) - 1
            spans.append((start, cls.end_lineno or cls.lineno))
    out = cut(text, spans)
    try:
        ast.parse(out, filename=path)
    except SyntaxError as exc:   # a cut that broke the file is the converter's bug: refuse to write it
        raise SplitError(f"{path}: cutting {sorted(names)} leaves invalid Python ({exc.msg})") from None
    return out


# --- Go -------------------------------------------------------------------------------------------------------

_DECL = re.compile(r"^(func|var|const|type|import)\b")
_TEST_FUNC = re.compile(r"^func\s+((?:Test|Example)(?:[^a-z\W]\w*)?)\s*\(")
_TABLE_VAR = re.compile(r"^var\s+(\w+)(?:\s+[^=]+)?\s*=")
_LABEL = re.compile(r'^\s*(?:description|name|desc)\s*:\s*"((?:[^"\\\n]|\\.)*)"', re.M)
_KEY = re.compile(r'^\s*"((?:[^"\\\n]|\\.)*)"\s*:')


def go_depths(text: str) -> tuple[list[int], str]:
    """Bracket depth at the start of each line (-1 where a line starts inside a raw string or block comment), and
    the text with every comment and string literal's contents blanked (same length), for searching code only."""
    out = list(text)
    depths: list[int] = []
    depth, i, n = 0, 0, len(text)
    line_start, inside = True, False
    while i < n:
        if line_start:
            depths.append(-1 if inside else depth)
            line_start = False
        c = text[i]
        if c == "\n":
            line_start = True
            i += 1
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out[i:j] = " " * (j - i)
            i = j
            continue
        if c in "\"'`" or text.startswith("/*", i):
            close = "*/" if c == "/" else c
            j = i + (2 if c == "/" else 1)
            while j < n and not text.startswith(close, j):
                if text[j] == "\\" and c in "\"'":
                    j += 1
                elif text[j] == "\n":
                    if c in "\"'":
                        raise SplitError(f"unterminated {c} literal")
                    depths.append(-1)
                j += 1
            j = min(n, j + len(close))
            out[i:j] = [ch if ch == "\n" else " " for ch in text[i:j]]
            i = j
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        i += 1
    return depths, "".join(out)


@dataclass(frozen=True)
class _Decl:
    kind: str
    start: int      # first line, its doc comment included
    head: int       # the line with the keyword
    end: int        # one past the last line


def _go_decls(text: str, depths: list[int]) -> list[_Decl]:
    """The top-level declarations of a gofmt'ed file, each with the comment lines just above it."""
    lines = text.splitlines()
    decls = []
    i = 0
    while i < len(lines):
        m = _DECL.match(lines[i]) if i < len(depths) and depths[i] == 0 else None
        if not m:
            i += 1
            continue
        start = i
        while start > 0 and lines[start - 1].startswith("//") and depths[start - 1] == 0:
            start -= 1
        end = i + 1
        while end < len(lines) and (end >= len(depths) or depths[end] != 0):
            end += 1
        decls.append(_Decl(m.group(1), start, i, end))
        i = end
    return decls


def _literal_body(code: list[str], decl: _Decl) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """Where the declaration's composite literal body opens and closes (line, column): its last brace group at
    the declaration's own top depth; None unless `{` ends its line and `}` starts its own."""
    depth, body_open, body_close = 0, None, None
    for ln in range(decl.head, decl.end):
        for col, ch in enumerate(code[ln]):
            if ch in "([{":
                if depth == 0 and ch == "{":
                    body_open = (ln, col)
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if depth == 0 and ch == "}":
                    body_close = (ln, col)
    if body_open is None or body_close is None or body_open[0] == body_close[0]:
        return None
    if code[body_open[0]][body_open[1] + 1:].strip() or code[body_close[0]][:body_close[1]].strip():
        return None
    return body_open, body_close


def _table_elements(path: str, name: str, text: str, decl: _Decl, blank: str) -> list[Unit] | None:
    """The elements of a table var, one line group each, or None where they cannot be cut by lines (the literal
    is on one line, or two elements end on one line)."""
    lines = text.splitlines(keepends=True)
    code = blank.splitlines(keepends=True)
    body = _literal_body(code, decl)
    if body is None:
        return None
    body_open, body_close = body
    units: list[Unit] = []
    depth, first = 0, body_open[0] + 1
    for ln in range(body_open[0] + 1, body_close[0]):
        ends = 0
        for ch in code[ln]:
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
            elif ch == "," and depth == 0:
                ends += 1
        if ends > 1:
            return None
        if ends == 1:
            units.append(Unit("", path, first, ln + 1))
            first = ln + 1
    if "".join(code[first:body_close[0]]).strip():
        return None   # a last element without its comma: gofmt would not leave it so
    named, seen = [], {}
    for unit in units:
        element = "".join(lines[unit.start:unit.end])
        m = _LABEL.search(element) or _KEY.match(element)
        # no label: the element's own text names it (an index would change when others are cut)
        label = f"{name}/{m.group(1)}" if m else \
            f"{name}[{hashlib.sha256(' '.join(element.split()).encode()).hexdigest()[:10]}]"
        seen[label] = seen.get(label, 0) + 1
        label = label if seen[label] == 1 else f"{label}#{seen[label]}"
        named.append(Unit(label, path, unit.start, unit.end))
    return named


def go_units(files: dict[str, str]) -> list[Unit]:
    """The units of a Go exercise's test files (see the module's docstring): every element of each table a Test
    function ranges over, then every Test/Example function that ranges over none of those tables."""
    parsed = {}
    for path, text in files.items():
        try:
            depths, blank = go_depths(text)
        except SplitError as exc:
            raise SplitError(f"{path}: {exc}") from None
        parsed[path] = (blank.splitlines(), _go_decls(text, depths), blank)
    tests = [(path, d, m.group(1)) for path, (code, decls, _) in parsed.items() for d in decls
             if d.kind == "func" and (m := _TEST_FUNC.match(code[d.head]))]

    def ranges(path: str, d: _Decl) -> set[str]:
        return set(re.findall(r"\brange\s+(\w+)\b", "\n".join(parsed[path][0][d.head:d.end])))

    ranged = set().union(*(ranges(path, d) for path, d, _ in tests)) if tests else set()
    units: list[Unit] = []
    tables: set[str] = set()
    for path in sorted(files):
        code, decls, blank = parsed[path]
        for d in decls:
            m = _TABLE_VAR.match(code[d.head]) if d.kind == "var" else None
            elements = _table_elements(path, m.group(1), files[path], d, blank) if m and m.group(1) in ranged \
                else None
            if elements is not None:   # an empty table is still one: its runner is no unit
                tables.add(m.group(1))
                units += elements
    for path, d, name in sorted(tests, key=lambda t: (t[0], t[1].start)):
        if not ranges(path, d) & tables:
            units.append(Unit(name, path, d.start, d.end))
    return units


_IMPORT_SPEC = re.compile(r'^\s*(?:import\s+)?(?:([\w.]+)\s+)?"([^"]+)"\s*$')


def go_prune_imports(path: str, text: str) -> str:
    """The file without the imports no code of it uses any more (a cut can orphan one, and Go refuses an unused
    import); `_` and `.` imports stay."""
    depths, blank = go_depths(text)
    lines = text.splitlines(keepends=True)
    decls = _go_decls(text, depths)
    imports = [d for d in decls if d.kind == "import"]
    code = "".join(line for i, line in enumerate(blank.splitlines(keepends=True))
                   if not any(d.head <= i < d.end for d in imports))
    drop: set[int] = set()
    for d in imports:
        specs = [i for i in range(d.head, d.end) if _IMPORT_SPEC.match(lines[i])]
        unused = []
        for i in specs:
            m = _IMPORT_SPEC.match(lines[i])
            alias, pkg = m.group(1), m.group(2).rsplit("/", 1)[-1]
            if alias in ("_", ".") or re.search(rf"\b{re.escape(alias or pkg)}\s*\.", code):
                continue
            unused.append(i)
        drop.update(unused)
        if unused and len(unused) == len(specs):
            drop.update(range(d.start, d.end))
            if d.end < len(lines) and not lines[d.end].strip():
                drop.add(d.end)
    return "".join(line for i, line in enumerate(lines) if i not in drop)


def go_cut(path: str, text: str, units: Sequence[Unit]) -> str:
    """The file without these units, its orphaned imports removed."""
    return go_prune_imports(path, cut(text, [(u.start, u.end) for u in units])) if units else text


# --- Skip markers ---------------------------------------------------------------------------------------------

_RUST_IGNORE = re.compile(r"^[ \t]*#\[ignore(?:\s*=\s*\"[^\"\n]*\")?\]\s*\n", re.M)
_JS_SKIPPED = re.compile(r"\bx(test|it|describe)(\s*\()")
_JAVA_DISABLED = re.compile(r"^[ \t]*@Disabled(?:\([^)\n]*\))?[ \t]*\n", re.M)
_JAVA_DISABLED_IMPORT = re.compile(r"^import\s+org\.junit\.jupiter\.api\.Disabled;[ \t]*\n", re.M)


def undo_skips(language: str, text: str) -> str:
    """The test file with Exercism's run-only-the-first markers removed, so every test runs: Rust's `#[ignore]`
    attributes, JavaScript's `xtest`/`xit`/`xdescribe` (as `test`/`it`/`describe`), Java's `@Disabled(...)`
    annotations and their import. Python and Go tracks mark nothing. JavaScript's `test.skip(...)` calls go whole:
    the track skips them for good (too slow for Exercism's runner, which skips them too), and a skipped test fails
    a graded phase."""
    if language == "rust":
        return _RUST_IGNORE.sub("", text)
    if language in ("javascript", "typescript"):
        return js_drop_skipped(_JS_SKIPPED.sub(r"\1\2", text))
    if language == "java":
        return _JAVA_DISABLED_IMPORT.sub("", _JAVA_DISABLED.sub("", text))
    return text


# --- JavaScript -----------------------------------------------------------------------------------------------

_JS_TEST = re.compile(r"^[ \t]*(?:test|it)\s*\(")
_JS_DESCRIBE = re.compile(r"^[ \t]*describe\s*\(")
_JS_STRING = re.compile(r"""(['"`])((?:\\.|(?!\1)[^\\])*)\1""", re.S)


def js_depths(text: str) -> tuple[list[int], str]:
    """Bracket depth at the start of each line, and the text with comments and string/template literals blanked
    (same length). Regular expression literals are not told apart from division: the tracks' test files keep
    theirs bracket-balanced, and a cut that breaks a file shows in verify."""
    out = list(text)
    depths: list[int] = []
    depth, i, n, line_start = 0, 0, len(text), True
    while i < n:
        if line_start:
            depths.append(depth)
            line_start = False
        c = text[i]
        if c == "\n":
            line_start = True
            i += 1
            continue
        if text.startswith("//", i) or text.startswith("/*", i):
            close = "\n" if text[i + 1] == "/" else "*/"
            j = text.find(close, i + 2)
            j = n if j < 0 else (j if close == "\n" else j + 2)
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
                elif close == "*/":
                    depths.append(depth)
            i = j
            continue
        if c in "'\"`":
            j = i + 1
            while j < n and text[j] != c:
                if text[j] == "\\":
                    j += 1
                elif text[j] == "\n":
                    if c != "`":
                        raise SplitError(f"unterminated {c} literal")
                    depths.append(depth)
                j += 1
            j = min(n, j + 1)
            out[i:j] = [ch if ch == "\n" else " " for ch in text[i:j]]
            i = j
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        i += 1
    return depths, "".join(out)


def _js_call_end(code: list[str], depths: list[int], start: int) -> int:
    """One past the line where the call that opens on line `start` closes (its bracket depth is back)."""
    for ln in range(start + 1, len(code)):
        if depths[ln] <= depths[start]:
            return ln
    return len(code)


def js_units(files: dict[str, str]) -> list[Unit]:
    """Every `test(...)`/`it(...)` call of the test files (after undo_skips: `test.skip` stays skipped and is no
    unit), with the comment lines just above it, named `<describe> > ... > <test name>`."""
    units: list[Unit] = []
    for path in sorted(files):
        text = files[path]
        try:
            depths, blank = js_depths(text)
        except SplitError as exc:
            raise SplitError(f"{path}: {exc}") from None
        lines, code = text.splitlines(), blank.splitlines()
        describes: list[tuple[int, int, str]] = []
        seen: dict[str, int] = {}
        for ln, line in enumerate(lines):
            is_test, is_describe = _JS_TEST.match(line), _JS_DESCRIBE.match(line)
            if not (is_test or is_describe):
                continue
            if code[ln].strip()[:1] != line.strip()[:1]:
                continue   # inside a comment or a template literal
            end = _js_call_end(code, depths, ln)
            m = _JS_STRING.search("\n".join(lines[ln:end]), len(line) - len(line.lstrip()))
            if m is None:
                raise SplitError(f"{path}:{ln + 1}: a test or describe call without a string name")
            title = m.group(2)
            if is_describe:
                describes.append((ln, end, title))
                continue
            outer = [t for s, e, t in describes if s < ln < e]
            name = " > ".join([*outer, title])
            seen[name] = seen.get(name, 0) + 1
            name = name if seen[name] == 1 else f"{name}#{seen[name]}"
            start = ln
            while start > 0 and lines[start - 1].strip().startswith("//"):
                start -= 1
            units.append(Unit(name, path, start, end))
    return units


def js_cut(path: str, text: str, units: Sequence[Unit]) -> str:
    """The file without these units; each cut is checked to leave the brackets balanced."""
    if not units:
        return text
    out = cut(text, [(u.start, u.end) for u in units])
    depths, blank = js_depths(out)
    if blank.count("(") - blank.count(")") or blank.count("{") - blank.count("}"):
        raise SplitError(f"{path}: cutting {len(units)} test(s) leaves unbalanced brackets")
    return out


# --- Java -----------------------------------------------------------------------------------------------------

_JAVA_ANNOTATION = re.compile(r"^([ \t]*)@(\w+)")
_JAVA_METHOD = re.compile(r"^[ \t]*(?:(?:public|protected|private|static|final)\s+)*void\s+(\w+)\s*\(")
_JAVA_CLASS = re.compile(r"^([ \t]*)(?:(?:public|protected|private|static|final|abstract)\s+)*class\s+(\w+)")
_JAVA_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
_JAVA_TEST_ANNOTATIONS = ("Test", "ParameterizedTest", "RepeatedTest", "TestFactory", "TestTemplate")


def java_units(files: dict[str, str]) -> list[Unit]:
    """Every JUnit test method (@Test and its kin) of the test files, with its annotations and the comment lines
    just above it, named `<Class>.<method>`; the method ends at the line that is its indentation plus `}`."""
    units: list[Unit] = []
    for path in sorted(files):
        lines = files[path].splitlines()
        classes: list[tuple[str, str]] = []
        ln = 0
        while ln < len(lines):
            line = lines[ln]
            cls = _JAVA_CLASS.match(line)
            if cls:
                classes = [c for c in classes if len(c[0]) < len(cls.group(1))] + [(cls.group(1), cls.group(2))]
            ann = _JAVA_ANNOTATION.match(line)
            if not ann:
                ln += 1
                continue
            indent, start, anns = ann.group(1), ln, []
            while ln < len(lines) and (a := _JAVA_ANNOTATION.match(lines[ln])) and a.group(1) == indent:
                anns.append(a.group(2))
                depth = 0
                while ln < len(lines):   # an annotation's arguments may run over several lines
                    bare = _JAVA_STRING.sub('""', lines[ln])
                    depth += bare.count("(") - bare.count(")")
                    ln += 1
                    if depth <= 0:
                        break
            if not set(anns) & set(_JAVA_TEST_ANNOTATIONS):
                continue
            method = _JAVA_METHOD.match(lines[ln]) if ln < len(lines) else None
            if method is None:
                raise SplitError(f"{path}:{ln + 1}: a test annotation not followed by a void method")
            end = ln
            while end < len(lines) and lines[end].rstrip() != f"{indent}}}":
                end += 1
            if end == len(lines):
                raise SplitError(f"{path}:{ln + 1}: test method {method.group(1)} has no closing brace at its "
                                 "indentation")
            while start > 0 and lines[start - 1].strip().startswith(("//", "/*", "*")):
                start -= 1
            owner = ".".join(c[1] for c in classes if len(c[0]) < len(indent)) or PurePosixPath(path).stem
            units.append(Unit(f"{owner}.{method.group(1)}", path, start, end + 1))
            ln = end + 1
    return units


def java_cut(path: str, text: str, units: Sequence[Unit]) -> str:
    """The file without these units."""
    return cut(text, [(u.start, u.end) for u in units]) if units else text


_JS_SKIP_CALL = re.compile(r"^[ \t]*(?:test|it|describe)\.skip\s*\(", re.M)


def js_drop_skipped(text: str) -> str:
    """The file without its `test.skip(...)`/`it.skip`/`describe.skip` calls (with the comment lines just above
    each)."""
    if not _JS_SKIP_CALL.search(text):
        return text
    depths, blank = js_depths(text)
    lines, code = text.splitlines(), blank.splitlines()
    spans = []
    for ln, line in enumerate(lines):
        if _JS_SKIP_CALL.match(line) and code[ln].strip()[:1] == line.strip()[:1]:
            start = ln
            while start > 0 and lines[start - 1].strip().startswith("//"):
                start -= 1
            spans.append((start, _js_call_end(code, depths, ln)))
    return cut(text, spans)


# --- Rust -----------------------------------------------------------------------------------------------------

def _line_span(text: str, start: int, end: int, path: str, what: str) -> tuple[int, int]:
    """The whole lines [first, last+1) holding text[start:end], refused when another item shares them."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if text[line_start:start].strip() or text[end:line_end].strip():
        raise SplitError(f"{path}: {what} shares a line with other code; it cannot be cut by lines")
    first = text.count("\n", 0, start)
    return first, text.count("\n", 0, end) + 1


def _with_comments(lines: list[str], first: int) -> int:
    """`first` moved up over the `//` comment lines just above it (they belong to the test they describe)."""
    while first > 0 and lines[first - 1].lstrip().startswith("//"):
        first -= 1
    return first


def rust_units(files: dict[str, str]) -> list[Unit]:
    """The `#[test]` functions of a Rust exercise's test files, at the top level or in (non-test) inline modules,
    named `<module path>::<fn>` (the fn's name alone at the top level), with their attributes and the comment
    lines just above them."""
    from bench.languages.rust import RustSyntaxError, scopes
    units: list[Unit] = []
    for path in sorted(files):
        text = files[path]
        try:
            found = scopes(text)
        except RustSyntaxError as exc:
            raise SplitError(f"{path}: not readable as Rust ({exc})") from None
        lines = text.splitlines()
        for module, (_, _, items) in sorted(found.items()):
            for item in items:
                if not item.is_test or item.inner or item.key is None or item.key[0] != "fn":
                    continue
                first, end = _line_span(text, item.start, item.end, path, f"test {item.key[1]}")
                units.append(Unit("::".join((*module, item.key[1])), path, _with_comments(lines, first), end))
    names = [u.name for u in units]
    if len(set(names)) != len(names):
        raise SplitError(f"{files and sorted(files)[0]}: two tests share a name; the split needs unique names")
    return units


def rust_cut(path: str, text: str, units: Sequence[Unit]) -> str:
    """The file without these units (unused helpers or imports left behind only warn in Rust)."""
    return cut(text, [(u.start, u.end) for u in units]) if units else text


# --- C++ (Catch2) ---------------------------------------------------------------------------------------------

_CATCH_CASE = re.compile(r"^(?:TEST_CASE|SCENARIO|TEMPLATE_TEST_CASE)\s*\(")
_C_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def cpp_units(files: dict[str, str]) -> list[Unit]:
    """The top-level Catch2 `TEST_CASE(...) { ... }` blocks (also SCENARIO, TEMPLATE_TEST_CASE) of a C++
    exercise's test files, named by their first string argument (`#2`, `#3` after a repeated name), with the
    comment lines just above them. A block runs from its macro's line to the line that closes its body."""
    units: list[Unit] = []
    seen: dict[str, int] = {}
    for path in sorted(files):
        text = files[path]
        try:
            depths, blank = go_depths(text)   # C's comments and literals are Go's, less the backquote
        except SplitError as exc:
            raise SplitError(f"{path}: {exc}") from None
        lines, code = text.splitlines(), blank.splitlines()
        i = 0
        while i < len(lines):
            if not (i < len(depths) and depths[i] == 0 and _CATCH_CASE.match(code[i])):
                i += 1
                continue
            depth, opened, end = 0, False, None
            for ln in range(i, len(code)):
                for ch in code[ln]:
                    if ch in "([{":
                        depth += 1
                        opened = opened or ch == "{"
                    elif ch in ")]}":
                        depth -= 1
                if opened and depth == 0:
                    end = ln + 1
                    break
            if end is None or (end < len(code) and end < len(depths) and depths[end] != 0):
                raise SplitError(f"{path}:{i + 1}: a test case whose body does not close at the top level")
            if code[end - 1].rstrip() != "}" and not code[end - 1].rstrip().endswith("}"):
                raise SplitError(f"{path}:{i + 1}: a test case that does not end its line")
            label = _C_STRING.search("\n".join(lines[i:end]))
            name = label.group(1) if label else f"{path}:{hashlib.sha256(lines[i].encode()).hexdigest()[:10]}"
            seen[name] = seen.get(name, 0) + 1
            name = name if seen[name] == 1 else f"{name}#{seen[name]}"
            units.append(Unit(name, path, _with_comments(lines, i), end))
            i = end
    return units


def cpp_cut(path: str, text: str, units: Sequence[Unit]) -> str:
    """The file without these test cases (whole line ranges)."""
    return cut(text, [(u.start, u.end) for u in units]) if units else text
