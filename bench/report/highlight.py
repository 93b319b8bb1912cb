"""Server-side syntax highlighting for the agent's diff: a small tokenizer per language family, escaped spans.

Deliberately simple (keywords, strings, comments, numbers), line by line, so a diff hunk that starts inside
a multi-line string only loses colour, never content. Every token is HTML-escaped: a diff is agent output.
"""
from __future__ import annotations

import functools
import re

from bench.report.site import esc

_KEYWORDS = {
    "py": "and as assert async await break class continue def del elif else except False finally for from global "
          "if import in is lambda None nonlocal not or pass raise return True try while with yield match case self",
    "js": "async await break case catch class const continue default delete do else export extends false finally "
          "for function if import in instanceof let new null of return static super switch this throw true try "
          "typeof undefined var void while yield interface type enum implements",
    "sh": "if then else elif fi for while until do done case esac function in return local export set unset",
    "go": "break case chan const continue default defer else fallthrough for func go goto if import interface map "
          "package range return select struct switch type var nil true false",
    "rs": "as async await break const continue crate else enum extern false fn for if impl in let loop match mod "
          "move mut pub ref return self Self static struct super trait true type unsafe use where while",
    "c": "auto break case char const continue default do double else enum extern float for goto if int long "
         "register return short signed sizeof static struct switch typedef union unsigned void volatile while "
         "class public private protected namespace template typename new delete true false nullptr bool",
    "data": "true false null yes no on off",
}
_EXT = {"py": "py", "pyi": "py", "js": "js", "mjs": "js", "cjs": "js", "ts": "js", "tsx": "js", "jsx": "js",
        "sh": "sh", "bash": "sh", "go": "go", "rs": "rs", "c": "c", "h": "c", "cc": "c", "cpp": "c", "hpp": "c",
        "java": "c", "json": "data", "yaml": "data", "yml": "data", "toml": "data", "cfg": "data", "ini": "data"}
_COMMENT = {"py": "#", "sh": "#", "data": "#", "js": "//", "go": "//", "rs": "//", "c": "//"}


def language(path: str) -> str | None:
    """The language family of a file name, or None (then lines are shown uncoloured)."""
    name = path.rsplit("/", 1)[-1]
    if name in ("Makefile", "Dockerfile"):
        return "sh"
    return _EXT.get(name.rsplit(".", 1)[-1].lower()) if "." in name else None


@functools.cache
def _pattern(lang: str) -> re.Pattern:
    comment = re.escape(_COMMENT[lang])
    words = "|".join(sorted(_KEYWORDS[lang].split(), key=len, reverse=True))
    return re.compile(
        rf"(?P<c>{comment}.*$)"
        r"|(?P<s>\"(?:[^\"\\]|\\.)*\"?|'(?:[^'\\]|\\.)*'?|`(?:[^`\\]|\\.)*`?)"
        r"|(?P<n>\b(?:0[xob][0-9a-fA-F_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)\b)"
        rf"|(?P<k>\b(?:{words})\b)"
    )


def highlight_line(code: str, lang: str | None) -> str:
    """One line of already-escaped code (`esc(text, quote=False)`) with spans for keywords (k), strings (s),
    comments (c), numbers (n). Tokenizing after escaping keeps quotes intact and escapes each line once."""
    if lang is None or lang not in _COMMENT:
        return code
    return _pattern(lang).sub(lambda m: f'<span class="{m.lastgroup}">{m.group()}</span>', code)


def diff_html(text: str) -> str:
    """A unified diff as a <pre>: file headers, hunks, added and removed lines, code highlighted by file type."""
    out, lang = [], None
    for line in esc(text, quote=False).splitlines():
        if line.startswith("diff --git "):
            lang = language(line.split(" b/", 1)[-1])
            out.append(f'<span class="l file">{line}</span>')
        elif line.startswith(_HEADERS):
            out.append(f'<span class="l file">{line}</span>')
        elif line.startswith("@@"):
            out.append(f'<span class="l hunk">{line}</span>')
        elif line[:1] in _LINE_CLASS:
            out.append(f'<span class="l{_LINE_CLASS[line[0]]}">{line[0]}{highlight_line(line[1:], lang)}</span>')
        else:
            out.append(f'<span class="l">{line}</span>')
    return '<pre class="diff">' + "".join(out) + "</pre>"


_HEADERS = ("+++ ", "--- ", "index ", "new file", "deleted file", "similarity", "rename ", "old mode", "new mode",
            "Binary files", "GIT binary patch")
_LINE_CLASS = {"+": " add", "-": " del", " ": ""}
