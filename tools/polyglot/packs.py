"""packs: the upstream git objects the converter reads, committed, so the suite is re-created offline from them.

    python -m tools.polyglot.packs write [--languages cpp,go] [--upstream LANG=GIT_DIR ...]
    python -m tools.polyglot.packs unpack DIR [--languages ...]

`write` reads each track's git directory (default: the mirror convert.py names) at the commit the pins file names
and writes `tools/polyglot/packs/<lang>.pack`: a git pack of that commit object, the trees on the way to
`exercises/practice`, the track's `config.json` and every object under the exercises the pins list. `unpack`
makes `DIR/<lang>.git` from each pack, with HEAD at the pinned commit: `git index-pack` checks every object's hash
and the commit's hash is the pinned one, so the files read from it are upstream's at that commit, byte for byte.
The converter reads them by default (`python -m tools.polyglot.convert` needs no network and no clone).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

PACKS = Path(__file__).resolve().with_name("packs")
PINS = Path(__file__).resolve().with_name("upstream.json")
MIRROR = "/work/.mirror/exercism+{language}/repo"


class PackError(Exception):
    """A pack that cannot be written or read: one line naming it and the fix."""


def _git(git_dir: Path | str, *args: str, stdin: bytes | None = None) -> bytes:
    proc = subprocess.run(["git", "--git-dir", str(git_dir), *args], input=stdin, capture_output=True)
    if proc.returncode:
        said = " ".join(proc.stderr.decode(errors="replace").split())
        raise PackError(f"git {' '.join(args[:2])} in {git_dir}: {said}")
    return proc.stdout


def objects(git_dir: str, commit: str, slugs: Sequence[str]) -> list[str]:
    """The ids of the objects the converter reads at `commit`, each once, in a fixed order."""
    names = [commit, f"{commit}^{{tree}}", f"{commit}:exercises", f"{commit}:exercises/practice",
             f"{commit}:config.json", *(f"{commit}:exercises/practice/{slug}" for slug in slugs)]
    ids = _git(git_dir, "rev-parse", *names).decode().split()
    for slug in slugs:
        listing = _git(git_dir, "ls-tree", "-r", "-t", "-z", commit, f"exercises/practice/{slug}/").decode()
        ids += [entry.split("\t", 1)[0].split()[2] for entry in listing.split("\0") if entry]
    return list(dict.fromkeys(ids))


def write(language: str, git_dir: str, commit: str, slugs: Sequence[str], packs: Path = PACKS) -> Path:
    """Write `<packs>/<language>.pack` from `git_dir` at `commit`; return its path."""
    head = _git(git_dir, "rev-parse", "--verify", f"{commit}^{{commit}}").decode().strip()
    if head != commit:
        raise PackError(f"{git_dir}: has no commit {commit}; fetch exercism/{language} at the pinned commit")
    wanted = "".join(f"{oid}\n" for oid in objects(git_dir, commit, slugs)).encode()
    data = _git(git_dir, "pack-objects", "--stdout", "--threads=1", "-q", stdin=wanted)
    packs.mkdir(parents=True, exist_ok=True)
    path = packs / f"{language}.pack"
    path.write_bytes(data)
    return path


def unpack(language: str, commit: str, into: Path, packs: Path = PACKS) -> Path:
    """`<into>/<language>.git` made from the committed pack, HEAD at `commit`; return its git directory."""
    pack = packs / f"{language}.pack"
    if not pack.is_file():
        raise PackError(f"{pack}: missing; run `python -m tools.polyglot.packs write --languages {language}` "
                        "from a clone of the track at the pinned commit")
    git_dir = into / f"{language}.git"
    subprocess.run(["git", "init", "-q", "--bare", str(git_dir)], check=True, capture_output=True)
    try:
        _git(git_dir, "index-pack", "--stdin", stdin=pack.read_bytes())
    except PackError as exc:
        raise PackError(f"{pack}: not a sound git pack ({exc}); write it again with "
                        f"`python -m tools.polyglot.packs write --languages {language}`") from None
    kind = subprocess.run(["git", "--git-dir", str(git_dir), "cat-file", "-t", commit], capture_output=True, text=True)
    if kind.stdout.strip() != "commit":
        raise PackError(f"{pack}: holds no commit {commit} (the pins file's); write it again from that commit")
    (git_dir / "HEAD").write_text(commit + "\n")
    return git_dir


def unpack_all(into: Path, languages: Sequence[str], pins_path: Path = PINS, packs: Path = PACKS) -> dict[str, str]:
    """{language: git directory} for each language, unpacked under `into`."""
    pins = json.loads(pins_path.read_text())
    return {name: str(unpack(name, pins["tracks"][name]["commit"], into, packs)) for name in languages}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; a problem is one line on stderr and exit 2."""
    parser = argparse.ArgumentParser(prog="python -m tools.polyglot.packs", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("write", "unpack"):
        cmd = sub.add_parser(name)
        cmd.add_argument("--languages", default=None, help="comma-separated (default: every language pinned)")
        cmd.add_argument("--pins", default=str(PINS))
        cmd.add_argument("--packs", default=str(PACKS), help=f"the packs' directory (default {PACKS})")
        if name == "write":
            cmd.add_argument("--upstream", action="append", default=[], metavar="LANG=GIT_DIR",
                             help=f"a track's git directory (default {MIRROR})")
        else:
            cmd.add_argument("dir", help="where to make <lang>.git")
    args = parser.parse_args(argv)
    pins = json.loads(Path(args.pins).read_text())
    languages = args.languages.split(",") if args.languages else sorted(pins["tracks"])
    try:
        unknown = [name for name in languages if name not in pins["tracks"]]
        if unknown:
            raise PackError(f"--languages: {', '.join(unknown)} not in {args.pins}; "
                            f"choose from {', '.join(sorted(pins['tracks']))}")
        if args.command == "write":
            dirs = dict(item.split("=", 1) for item in args.upstream if "=" in item)
            for name in languages:
                path = write(name, dirs.get(name, MIRROR.format(language=name)), pins["tracks"][name]["commit"],
                             pins["exercises"][name], Path(args.packs))
                print(f"packs: {path} ({path.stat().st_size} bytes)", file=sys.stderr)
        else:
            for name, git_dir in unpack_all(Path(args.dir), languages, Path(args.pins), Path(args.packs)).items():
                print(f"packs: {name} -> {git_dir}", file=sys.stderr)
    except PackError as exc:
        print(f"packs: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
