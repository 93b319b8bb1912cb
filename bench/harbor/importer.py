"""`localagentbench import harbor DIR [--out TASKS_DIR]`: a Harbor task (or a directory of them) as this project's task.

Harbor's layout (harbor.models.task.Task, 0.25): task.toml, instruction.md, environment/Dockerfile, tests/test.sh
(Harbor's verifier uploads tests/ to /tests and runs it from the container's WORKDIR; it writes the reward to
/logs/verifier/reward.txt, or reward.json, read first), solution/solve.sh (Harbor's oracle uploads solution/ to
/solution and runs it from WORKDIR). What each becomes here:

- the instruction (canary lines stripped, as Harbor strips them) is the prompt;
- the files the Dockerfile COPYs into its WORKDIR are the fixture; package installs (apt-get, pip) are dropped when
  the host already has every package, and refused otherwise; other RUN lines after the last COPY are the task's
  setup commands; any other image (docker_image, FROM an image outside the toolchains the host stands for,
  COPY --from, ADD of a URL, a file put outside WORKDIR, a compose file) is refused in one line naming what is missing;
- tests/ is held out: laid at `.harbor/tests/` of the grading copy (read-only while it runs) beside runner.py, the
  held-out command `python .harbor/run.py test WORKDIR` (its verdict: runner.py's docstring: full credit passes);
- solution/solve.sh, run once at import in the sandbox on the starting tree, gives the reference patch;
- timeouts: [agent].timeout_sec is the agent's, [verifier].timeout_sec the held-out phase's.

A task this project exported (export.py) carries [metadata.localagentbench] and gets its id, title, language and
visible commands back. The Harbor task's files are untrusted: a link, device or FIFO anywhere in it, an absolute or
`..` path in the Dockerfile, is refused; nothing is ever read through a path outside the task's directory.
"""
from __future__ import annotations

import importlib.metadata
import json
import posixpath
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

from bench.common.errors import UserError
from bench.common.stage import ArgumentParser, log
from bench.exec import safefs, sandbox

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

RUNNER = Path(__file__).with_name("runner.py")
SOLVE_ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"}   # solve.sh gets nothing of the host's
MAX_TASK_BYTES = 256 << 20   # a Harbor task larger than this is refused (a bound on what an import copies)
MAX_TEXT_BYTES = 1 << 20
ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
CANARY_LINE = re.compile(r"^(<!--.*canary.*-->|#.*canary.*)$", re.IGNORECASE)   # Harbor's strip_canary
GUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
DIFFICULTIES = ("easy", "medium", "hard")
CATEGORIES = ("bugfix", "feature", "refactor", "test", "scientific", "algorithm", "cli", "data", "docs", "calib")
# Images whose contents the host's toolchains stand for, by repository name (registry and tag dropped).
IMAGES = {"python": "python", "ubuntu": "python", "debian": "python", "buildpack-deps": "python",
          "golang": "go", "rust": "rust", "node": "javascript", "eclipse-temurin": "java", "openjdk": "java",
          "gcc": "cpp"}
# Where WORKDIR cannot stand in the sandbox: directories it mounts, and Harbor's own paths.
TAKEN_TOPS = {"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "proc", "dev", "sys", "run", "tmp",
              "var", "opt", "nix", "snap", "home", "root", "logs", "tests", "solution", "boot", "mnt", "media", "srv"}
QUIET_ENV = re.compile(r"^(DEBIAN_FRONTEND|PYTHON[A-Z_]*|PIP_[A-Z_]*|LANG|LC_[A-Z_]+|TZ|TERM|UV_[A-Z_]*)$")
IGNORED_INSTRUCTIONS = {"LABEL", "EXPOSE", "CMD", "ENTRYPOINT", "USER", "ARG", "MAINTAINER", "STOPSIGNAL",
                        "HEALTHCHECK", "SHELL"}
INSTALL_NOISE = re.compile(r"^(apt-get|apt) +(update|clean|autoclean|autoremove)\b|^rm +-rf +/var/lib/apt/lists")


class Refused(UserError):
    """This Harbor task cannot run here: one line names what is missing."""


# -- reading the untrusted task ------------------------------------------------------------------------------------

def scan_task(task_dir: Path) -> safefs.TreeScan:
    """The task directory's entries, never followed through a link; a link, a special file, or too many bytes
    anywhere in it is refused."""
    if task_dir.is_symlink() or not task_dir.is_dir():
        raise Refused(f"{task_dir}: not a directory")
    found = safefs.scan(task_dir, skip_top=frozenset())
    for rel in sorted(found.symlinks):
        raise Refused(f"{task_dir / rel}: a symbolic link; a Harbor task imported here holds only regular files")
    for rel, kind in sorted(found.special.items()):
        raise Refused(f"{task_dir / rel}: a {kind}; a Harbor task imported here holds only regular files")
    total = sum((task_dir / rel).lstat().st_size for rel in found.files)
    if total > MAX_TASK_BYTES:
        raise Refused(f"{task_dir}: {total} bytes, more than the {MAX_TASK_BYTES} an import copies")
    return found


def read_text(task_dir: Path, rel: str, found: safefs.TreeScan, required: bool = True) -> str | None:
    """A text file of the task, read without following links (None when absent and not `required`)."""
    if rel not in found.files:
        if required:
            raise Refused(f"{task_dir}: no {rel} (a Harbor task needs task.toml, instruction.md, environment/ and "
                          "tests/test.sh)")
        return None
    got = safefs.read_capped(task_dir, rel, MAX_TEXT_BYTES)
    if got is None or got[1]:
        raise Refused(f"{task_dir / rel}: not a regular file of at most {MAX_TEXT_BYTES} bytes")
    try:
        return got[0].decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(f"{task_dir / rel}: not UTF-8 text") from None


def read_bytes(task_dir: Path, rel: str) -> bytes:
    """A file of the task as it is now, read without following a link anywhere on its path (the directory may have
    changed since scan_task: a file swapped for a link to a host file is refused, never read)."""
    got = safefs.read_capped(task_dir, rel, MAX_TASK_BYTES)
    if got is None or got[1]:
        raise Refused(f"{task_dir / rel}: no longer a regular file of at most {MAX_TASK_BYTES} bytes (the task "
                      "changed while it was imported)")
    return got[0]


def strip_canary(text: str) -> tuple[str, str | None]:
    """The instruction without its leading canary lines (Harbor's strip_canary), and the GUID they carry."""
    lines, index, guid = text.split("\n"), 0, None
    while index < len(lines) and CANARY_LINE.match(lines[index].strip()):
        found = GUID.search(lines[index])
        guid = guid or (found.group(0) if found else None)
        index += 1
    while index < len(lines) and not lines[index].strip():
        index += 1
    return "\n".join(lines[index:]), guid


# -- the task's configuration --------------------------------------------------------------------------------------

TABLES = (("environment",), ("verifier",), ("agent",), ("task",), ("metadata",), ("metadata", "localagentbench"))


def check_tables(task_dir: Path, config: dict) -> None:
    """Every table of task.toml the importer reads is a TOML table (`environment = "x"` is refused in one line, not
    read as one), and [task].name, when given, is a string."""
    for path in TABLES:
        value = config
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if value is not None and not isinstance(value, dict):
            raise Refused(f"{task_dir}/task.toml: {'.'.join(path)} = {str(value)[:80]!r}: must be a table "
                          f"([{'.'.join(path)}])")
    name = (config.get("task") or {}).get("name")
    if name is not None and not isinstance(name, str):
        raise Refused(f"{task_dir}/task.toml: [task].name = {str(name)[:80]!r}: must be a string")


def config_refusal(config: dict) -> str | None:
    """What in task.toml asks for more than the harness gives (one phrase), or None."""
    env = config.get("environment") or {}
    verifier = config.get("verifier") or {}
    if config.get("steps"):
        return "[[steps]]: a multi-step task (one instruction, one verifier are imported)"
    if env.get("docker_image"):
        return f"[environment].docker_image = {env['docker_image']!r}: needs that container image"
    if str(env.get("os", "linux")).lower() != "linux":
        return f"[environment].os = {env.get('os')!r}: only Linux tasks run here"
    for key in ("gpus", "tpu", "gpu_types"):
        if env.get(key):
            return f"[environment].{key}: needs an accelerator"
    if env.get("mcp_servers"):
        return "[environment].mcp_servers: needs MCP servers"
    if env.get("env"):
        return "[environment].env: host variables the task reads are not passed"
    if verifier.get("environment") or verifier.get("environment_mode") == "separate":
        return "[verifier].environment: a separate verifier container"
    if verifier.get("env"):
        return "[verifier].env: the verifier's variables are not passed"
    if verifier.get("collect"):
        return "[[verifier.collect]]: collect hooks in compose services"
    return None


def _timeout(value, default: float, field: str) -> float:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 86400:
        raise Refused(f"task.toml: {field} = {value!r}: a number of seconds in (0, 86400]")
    return float(value)


# -- the Dockerfile ------------------------------------------------------------------------------------------------

def instructions(text: str) -> list[tuple[int, str, str]]:
    """(line number, instruction, arguments) of a Dockerfile: continuation lines joined, comments dropped."""
    found, pending, start = [], "", 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):
            continue
        start = start if pending else number
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        whole = (pending + line).strip()
        pending = ""
        word, _, rest = whole.partition(" ")
        found.append((start, word.upper(), rest.strip()))
    if pending.strip():
        word, _, rest = pending.strip().partition(" ")
        found.append((start, word.upper(), rest.strip()))
    return found


def _words(rest: str, where: str) -> list[str]:
    if rest.startswith("["):
        try:
            words = json.loads(rest)
        except ValueError:
            raise Refused(f"{where}: malformed JSON form") from None
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise Refused(f"{where}: malformed JSON form")
        return words
    try:
        return shlex.split(rest)
    except ValueError:
        raise Refused(f"{where}: does not parse") from None


def _image_language(image: str, where: str) -> str:
    name = image.split("@")[0]
    name = name.rsplit("/", 1)[-1] if "/" in name else name
    name = name.split(":")[0].lower()
    if "/" in image.split(":")[0] and not image.startswith(("library/", "docker.io/library/")):
        raise Refused(f"{where}: FROM {image}: a custom image; the host's toolchains stand only for the official "
                      f"{', '.join(sorted(IMAGES))} images")
    if name not in IMAGES:
        raise Refused(f"{where}: FROM {image}: an image the host's toolchains do not stand for (these do: "
                      f"{', '.join(sorted(IMAGES))})")
    return IMAGES[name]


def _host_has_deb(package: str) -> bool:
    if not shutil.which("dpkg-query"):
        return False
    done = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package.split("=")[0].split(":")[0]],
                          capture_output=True, text=True)
    return done.returncode == 0 and "install ok installed" in done.stdout


def _host_has_dist(requirement: str) -> bool:
    name = re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0]
    try:
        importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def install_refusal(words: list[str]) -> str | None:
    """For a package-install command: None when the host already has every package it installs, else what is
    missing. Not an install command at all: the string 'not an install'."""
    if words[:1] in (["apt-get"], ["apt"]) and "install" in words:
        packages = [w for w in words[words.index("install") + 1:] if not w.startswith("-")]
        missing = [p for p in packages if not _host_has_deb(p)]
        return f"Debian packages the host lacks: {' '.join(missing)}" if missing else None
    pip = None
    if words[:1] in (["pip"], ["pip3"]) and words[1:2] == ["install"]:
        pip = words[2:]
    elif re.match(r"^python[0-9.]*$", words[0] if words else "") and words[1:4] == ["-m", "pip", "install"]:
        pip = words[4:]
    elif words[:3] == ["uv", "pip", "install"]:
        pip = words[3:]
    if pip is None:
        return "not an install"
    if any(w in ("-r", "--requirement", "-e", "--editable") or w.startswith(("-r", "-e")) for w in pip):
        return "a requirements file or editable install (name the packages)"
    packages = [w for w in pip if not w.startswith("-")]
    missing = [p for p in packages if not _host_has_dist(p)]
    return f"Python packages the host lacks: {' '.join(missing)}" if missing else None


def _commands(run: str) -> list[str]:
    """A RUN line's commands split at && and ; (a line needing more shell than that is kept whole)."""
    return [part.strip() for part in re.split(r"&&|;", run) if part.strip()]


def _copy_sources(found: safefs.TreeScan, src: str, where: str) -> list[tuple[str, bool]]:
    """The files of environment/ a COPY source names: (path under environment/, whether it was a directory)."""
    if src.startswith("/") or any(c in src for c in "*?[$"):
        raise Refused(f"{where}: COPY source {src!r}: only paths inside environment/, without globs or variables")
    rel = posixpath.normpath(src)
    if rel == ".." or rel.startswith("../"):
        raise Refused(f"{where}: COPY source {src!r} leaves environment/")
    base = "environment" if rel == "." else f"environment/{rel}"
    if base in found.files:
        return [(base, False)]
    inside = sorted(f for f in found.files if f.startswith(base + "/"))
    if not inside and base not in found.dirs:
        raise Refused(f"{where}: COPY source {src!r} is not in environment/")
    return [(f, True) for f in inside]


class _Build:
    """The Dockerfile's instructions, one by one, as what the harness reproduces of them."""

    def __init__(self, task_dir: Path, found: safefs.TreeScan):
        self.task_dir, self.found = task_dir, found
        self.language: str | None = None
        self.workdir: str | None = None
        self.copies: list[tuple[str, list[str], str, bool]] = []
        self.runs: list[tuple[int, str, str]] = []
        self.last_copy = -1

    def take(self, index: int, where: str, instruction: str, rest: str) -> None:
        handler = getattr(self, f"_{instruction.lower()}", None)
        if handler is not None:
            handler(index, where, rest)
        elif instruction not in IGNORED_INSTRUCTIONS:
            raise Refused(f"{where}: {instruction}: not something the harness reproduces")

    def _from(self, index: int, where: str, rest: str) -> None:
        if self.language is not None:
            raise Refused(f"{where}: a second FROM (a multi-stage build)")
        self.language = _image_language(_words(rest, where)[0], where)

    def _workdir(self, index: int, where: str, rest: str) -> None:
        self.workdir = posixpath.normpath(posixpath.join(self.workdir or "/", rest.strip().strip('"')))

    def _copy(self, index: int, where: str, rest: str, instruction: str = "COPY") -> None:
        words = _words(rest, where)
        flags = [w for w in words if w.startswith("--")]
        args = [w for w in words if not w.startswith("--")]
        if any(f.startswith("--from") for f in flags):
            raise Refused(f"{where}: COPY --from: needs another image")
        if len(args) < 2:
            raise Refused(f"{where}: {instruction} needs a source and a destination")
        if instruction == "ADD" and any(re.match(r"^[a-z]+://|^git@", a) for a in args[:-1]):
            raise Refused(f"{where}: ADD of a URL: needs the network at build time")
        if instruction == "ADD" and any(a.endswith((".tar", ".tgz", ".gz", ".xz", ".bz2")) for a in args[:-1]):
            raise Refused(f"{where}: ADD of an archive (unpacked by Docker)")
        dest = posixpath.normpath(posixpath.join(self.workdir or "/", args[-1]))
        self.copies.append((where, args[:-1], dest, args[-1].endswith("/") or len(args) > 2))
        self.last_copy = index

    def _add(self, index: int, where: str, rest: str) -> None:
        self._copy(index, where, rest, "ADD")

    def _run(self, index: int, where: str, rest: str) -> None:
        self.runs.append((index, where, " ".join(_words(rest, where)) if rest.startswith("[") else rest))

    def _env(self, index: int, where: str, rest: str) -> None:
        names = re.findall(r"([A-Za-z_][A-Za-z0-9_]*)=", rest) or rest.split()[:1]
        loud = [n for n in names if not QUIET_ENV.match(n)]
        if loud:
            raise Refused(f"{where}: ENV {' '.join(loud)}: variables the harness does not set for the task")

    def checked_workdir(self) -> str:
        dockerfile = f"{self.task_dir}/environment/Dockerfile"
        if self.language is None:
            raise Refused(f"{dockerfile}: no FROM")
        workdir = self.workdir
        if not workdir or workdir == "/":
            raise Refused(f"{dockerfile}: no WORKDIR (the task would work in /)")
        if workdir.strip("/").split("/")[0] in TAKEN_TOPS or not re.match(r"^(/[A-Za-z0-9._-]+)+$", workdir):
            raise Refused(f"{dockerfile}: WORKDIR {workdir}: a path the sandbox mounts or reserves; the task's tree "
                          "cannot stand there")
        return workdir

    def files(self, workdir: str) -> dict[str, str]:
        """{path in the tree: path in the task} for every file COPY puts in WORKDIR."""
        files: dict[str, str] = {}
        for where, sources, dest, dir_dest in self.copies:
            if dest != workdir and not dest.startswith(workdir + "/"):
                raise Refused(f"{where}: COPY to {dest}: outside WORKDIR {workdir}; only the task's tree is "
                              "reproduced")
            under = posixpath.relpath(dest, workdir)
            for src in sources:
                base = "environment" if posixpath.normpath(src) == "." else f"environment/{posixpath.normpath(src)}"
                for rel, from_dir in _copy_sources(self.found, src, where):
                    if from_dir:
                        target = posixpath.join(under, posixpath.relpath(rel, base))
                    else:
                        target = posixpath.join(under, posixpath.basename(rel)) if dir_dest else under
                    target = posixpath.normpath(target)
                    if target in (".", "") or target.startswith("../"):
                        raise Refused(f"{where}: COPY of {rel} onto WORKDIR itself")
                    files[target] = rel
        # A path that is one COPY's file and another's directory cannot be laid (Docker's build fails there too).
        for target in files:
            parent = posixpath.dirname(target)
            while parent:
                if parent in files:
                    raise Refused(f"{self.task_dir}/environment/Dockerfile: {workdir}/{parent} is copied as a file "
                                  f"and as the directory of {workdir}/{target}")
                parent = posixpath.dirname(parent)
        return files

    def setup(self) -> list[str]:
        """The RUN commands that become setup commands (package installs the host has are dropped)."""
        setup = []
        for index, where, run in self.runs:
            for command in _commands(run):
                words = _words(command, where)
                if not words or INSTALL_NOISE.match(command):
                    continue
                why = install_refusal(words)
                if why is None:
                    continue
                if why != "not an install":
                    raise Refused(f"{where}: RUN {command[:120]}: {why}")
                if index < self.last_copy:
                    raise Refused(f"{where}: RUN {command[:120]}: a build step before the last COPY (only package "
                                  "installs, or steps after every COPY, are reproduced)")
                if any(w.startswith("/") for w in words):
                    raise Refused(f"{where}: RUN {command[:120]}: reaches outside WORKDIR (an absolute path)")
                setup.append(command)
        return setup


def read_dockerfile(task_dir: Path, found: safefs.TreeScan) -> dict:
    """What the Dockerfile asks for, as {language, workdir, files: {path in workdir: path in task}, setup: [...]};
    a Refused naming the first thing the harness cannot give."""
    for rel in found.files:
        if rel.startswith("environment/") and posixpath.basename(rel) in (
                "docker-compose.yaml", "docker-compose.yml", "compose.yaml", "compose.yml"):
            raise Refused(f"{task_dir / rel}: a multi-container environment (compose)")
    build = _Build(task_dir, found)
    for index, (number, instruction, rest) in enumerate(instructions(read_text(task_dir, "environment/Dockerfile",
                                                                                found))):
        build.take(index, f"{task_dir}/environment/Dockerfile:{number}", instruction, rest)
    workdir = build.checked_workdir()
    return {"language": build.language, "workdir": workdir, "files": build.files(workdir), "setup": build.setup()}


# -- writing this project's task -----------------------------------------------------------------------------------

class _Dumper(yaml.SafeDumper):
    """Multi-line strings (the prompt) as literal blocks, as the suite's own task files have them."""


def _string(dumper: yaml.SafeDumper, value: str):
    style = "|" if "\n" in value else None   # PyYAML falls back to a quoted string where a block cannot hold it
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _string)


def task_id(task_dir: Path, config: dict) -> str:
    """The imported task's id: the one this project exported it with, else Harbor's name (without its org), else
    the directory's name; folded to this project's id pattern."""
    ours = (config.get("metadata") or {}).get("localagentbench") or {}
    name = ours.get("id") or ((config.get("task") or {}).get("name") or "").split("/")[-1] or task_dir.name
    folded = re.sub(r"[^a-z0-9]+", "-", str(name).lower()).strip("-")[:100].strip("-")
    if not ID_PATTERN.match(folded):
        raise Refused(f"{task_dir}: no usable task id in its name {name!r}")
    return folded


def run_solution(task_dir: Path, found: safefs.TreeScan, tree: Path, workdir: str, timeout: float,
                 setup: list[str]) -> bytes | None:
    """Run solution/solve.sh (untrusted) in the sandbox on a copy of the starting tree, its setup commands first;
    the change it made, as a binary git patch (None when it changed nothing)."""
    kind = sandbox.resolve("auto")
    if kind != "bwrap":
        raise Refused(f"{task_dir}/solution/solve.sh: runs only in the bwrap sandbox, which does not start here "
                      "(import with --no-solution to leave the reference out)")
    with tempfile.TemporaryDirectory(prefix="lab-harbor-") as tmp:
        work, pack, home, gitdir = (Path(tmp) / name for name in ("tree", "pack", "home", "git"))
        shutil.copytree(tree, work)
        home.mkdir()
        (pack / "solution").mkdir(parents=True)
        for rel in found.files:
            if rel.startswith("solution/"):
                dest = pack / rel
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(read_bytes(task_dir, rel))
        shutil.copy(RUNNER, pack / "run.py")

        def confined(argv: list[str], what: str) -> None:
            wrapped = sandbox.wrap(argv, kind, cwd=work, rw=[work], ro=[pack], home=home, network=False)
            try:
                done = subprocess.run(wrapped, cwd=work, capture_output=True, timeout=timeout, env=SOLVE_ENV | {
                    "HOME": str(home)})
            except subprocess.TimeoutExpired:
                raise Refused(f"{task_dir}/{what}: ran past {timeout:g} s") from None
            if done.returncode:
                tail = (done.stdout + done.stderr).decode(errors="replace").strip().splitlines()[-1:] or ["no output"]
                raise Refused(f"{task_dir}/{what}: exited {done.returncode} in the sandbox ({tail[0][:200]})")

        for command in setup:
            confined(["sh", "-c", command], f"environment/Dockerfile RUN {command[:80]!r}")
        git = ["git", f"--git-dir={gitdir}", f"--work-tree={work}", "-c", "core.hooksPath=/dev/null",
               "-c", "core.fsmonitor=false", "-c", "user.name=import", "-c", "user.email=import@localhost"]
        subprocess.run(["git", "init", "--quiet", "--bare", str(gitdir)], check=True, capture_output=True)
        subprocess.run([*git, "add", "-A", "-f"], check=True, capture_output=True)
        subprocess.run([*git, "commit", "--quiet", "--allow-empty", "-m", "start"], check=True, capture_output=True)
        confined([sys.executable, str(pack / "run.py"), "solve", workdir], "solution/solve.sh")
        subprocess.run([*git, "add", "-A", "-f"], check=True, capture_output=True)
        diff = subprocess.run([*git, "diff", "--cached", "--binary", "HEAD"], check=True, capture_output=True).stdout
        return diff or None


FETCHERS = re.compile(r"(?:^|[\s;&|(`])((?:curl|wget|uvx|uv|git clone|npx)\b[^\n;&|]*)")


def network_use(script: str) -> str | None:
    """The first command of a test script that fetches from the network (curl, wget, uv, uvx, npx, git clone),
    comments left out, or None."""
    for line in script.splitlines():
        code = line.split("#", 1)[0] if not line.lstrip().startswith("#!") else ""
        found = FETCHERS.search(code)
        if found:
            return found.group(1).strip()[:80]
    return None


def runs_pytest(task_dir: Path, found: safefs.TreeScan) -> bool:
    """Whether the task's tests run pytest: the held-out command then names it, so grading guards the tests' first
    Python (bench/exec/pyguard.py: an exit from inside the tests leaves no report) and reads pytest's summary."""
    for rel in found.files:
        if rel.startswith("tests/"):
            got = safefs.read_capped(task_dir, rel, MAX_TEXT_BYTES)
            if got and b"pytest" in got[0]:
                return True
    return False


def _refuse_existing(*paths: Path) -> None:
    for path in paths:
        if path.exists() or path.is_symlink():
            raise UserError(f"{path} exists; remove it or import into another --out")


def lay_heldout(task_dir: Path, found: safefs.TreeScan, held: Path, into: str | None) -> None:
    """The held-out files: runner.py and tests/ at .harbor/ (and, for a task this project exported, its own held-out
    files where its test.sh would copy them: laid by the harness itself, read-only, held to its rules)."""
    pack = held / ".harbor"
    pack.mkdir(parents=True)
    shutil.copy(RUNNER, pack / "run.py")
    for rel in found.files:
        if not rel.startswith("tests/"):
            continue
        dests = [pack / rel]
        if into in ("root", "heldout") and rel.startswith("tests/heldout/"):
            dests.append(held / ("" if into == "root" else "heldout") / rel[len("tests/heldout/"):])
        for dest in dests:
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(read_bytes(task_dir, rel))


def import_task(task_dir: Path, out: Path, with_solution: bool = True) -> dict:
    """Import one Harbor task into the suite whose tasks directory is `out`; returns what was written."""
    found = scan_task(task_dir)
    try:
        config = tomllib.loads(read_text(task_dir, "task.toml", found))
    except tomllib.TOMLDecodeError as exc:
        raise Refused(f"{task_dir}/task.toml: {exc}") from None
    check_tables(task_dir, config)
    why = config_refusal(config)
    if why:
        raise Refused(f"{task_dir}/task.toml: {why}")
    if "tests/test.sh" not in found.files:
        raise Refused(f"{task_dir}: no tests/test.sh (the verifier that writes the reward)")
    fetch = network_use(read_text(task_dir, "tests/test.sh", found))
    if fetch:
        raise Refused(f"{task_dir}/tests/test.sh: fetches from the network ({fetch}); grading here runs offline "
                      "(install the tools in the Dockerfile, from packages the host has)")
    instruction, canary = strip_canary(read_text(task_dir, "instruction.md", found))
    if not instruction.strip():
        raise Refused(f"{task_dir}/instruction.md: empty")
    env = read_dockerfile(task_dir, found)
    tid = task_id(task_dir, config)
    metadata = config.get("metadata") or {}
    ours = metadata.get("localagentbench") or {}
    verifier_timeout = _timeout((config.get("verifier") or {}).get("timeout_sec"), 600.0, "[verifier].timeout_sec")
    agent_timeout = _timeout((config.get("agent") or {}).get("timeout_sec"), 600.0, "[agent].timeout_sec")
    root = out.resolve().parent
    fixture, held, patch = root / "fixtures" / tid, root / "heldout" / tid, root / "solutions" / f"{tid}.patch"
    task_file = out / f"{tid}.yaml"
    _refuse_existing(task_file, fixture, held, patch)
    workdir = env["workdir"]
    if not ours and re.search(re.escape(workdir) + r"(/|\b)", instruction):
        instruction += (f"\n\n(Your working directory stands for {workdir}: read a path under {workdir} as "
                        "relative to it.)\n")
    if not ours and env["language"] != "python":
        # No visible tests to run: the visible phase is `true`, which only a language graded by exit status passes
        # (every other profile requires its runner's summary).
        raise Refused(f"{task_dir}/environment/Dockerfile: a {env['language']} image; a Harbor task without visible "
                      "tests is imported only on a Python, Debian or Ubuntu image for now")
    visible = ours.get("visible_command") or ["true"]
    if not isinstance(visible, list) or not all(isinstance(c, str) and c.strip() for c in visible):
        raise Refused(f"{task_dir}/task.toml: [metadata.localagentbench].visible_command: a list of commands")
    record = {"id": tid, "title": str(ours.get("title") or (config.get("task") or {}).get("description")
                                      or instruction.strip().splitlines()[0][:200] or tid)[:1000],
              "difficulty": metadata.get("difficulty") if metadata.get("difficulty") in DIFFICULTIES else "medium",
              "category": metadata.get("category") if metadata.get("category") in CATEGORIES else "feature",
              "language": str(ours.get("language") or env["language"])}
    if canary or ours.get("canary"):
        record["canary"] = str(ours.get("canary") or canary)
    record["prompt"] = instruction
    record["repo"] = {"type": "fixture", "path": f"fixtures/{tid}"}
    record["oracle"] = {"command": visible,
                        "timeout_s": _timeout(ours.get("visible_timeout_s"), 60.0, "visible_timeout_s")}
    record["heldout"] = {"path": f"heldout/{tid}", "into": "root",
                         "command": [f"python -S .harbor/run.py test {shlex.quote(workdir)}"
                                     + (" --guard pytest" if runs_pytest(task_dir, found) else "")],
                         "timeout_s": verifier_timeout}
    if env["setup"]:
        record["setup"] = {"command": env["setup"]}
    tags = metadata.get("tags")
    if isinstance(tags, list) and all(isinstance(t, str) for t in tags) and tags:
        record["tags"] = tags[:100]
    record["timeout_s"] = agent_timeout
    if isinstance(ours.get("max_turns"), int) and ours["max_turns"] > 0:
        record["max_turns"] = ours["max_turns"]
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{tid}.", dir=root))
    try:
        tree = staging / "fixture"
        tree.mkdir()
        for target, rel in sorted(env["files"].items()):
            dest = tree / target
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(read_bytes(task_dir, rel))
            dest.chmod(0o755 if (task_dir / rel).lstat().st_mode & 0o111 else 0o644)
        lay_heldout(task_dir, found, staging / "heldout", ours.get("heldout_into"))
        solution = None
        if with_solution and "solution/solve.sh" in found.files:
            solution = run_solution(task_dir, found, tree, workdir, agent_timeout, env["setup"])
            if solution is None:
                raise Refused(f"{task_dir}/solution/solve.sh: changed nothing in WORKDIR {workdir}")
            record["solution"] = f"solutions/{tid}.patch"
        out.mkdir(parents=True, exist_ok=True)
        fixture.parent.mkdir(parents=True, exist_ok=True)
        held.parent.mkdir(parents=True, exist_ok=True)
        tree.rename(fixture)
        (staging / "heldout").rename(held)
        if solution is not None:
            patch.parent.mkdir(parents=True, exist_ok=True)
            patch.write_bytes(solution)
        header = f"# Imported from the Harbor task {task_dir.name} by `localagentbench import harbor`.\n"
        task_file.write_text(header + yaml.dump(record, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                                                width=100), encoding="utf-8")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return {"id": tid, "task": str(task_file), "solution": bool(solution), "workdir": workdir,
            "setup": len(env["setup"])}


def task_dirs(path: Path) -> list[Path]:
    """`path` itself when it is a Harbor task (it has task.toml), else its subdirectories that are."""
    if path.is_symlink() or not path.is_dir():
        raise UserError(f"{path}: not a directory; name a Harbor task or a directory of them")
    if (path / "task.toml").exists() or (path / "task.toml").is_symlink():
        return [path]
    found = sorted(p for p in path.iterdir() if not p.is_symlink() and p.is_dir() and (p / "task.toml").exists())
    if not found:
        raise UserError(f"{path}: no task.toml in it or in its subdirectories; name a Harbor task directory")
    return found


def main(argv) -> int:
    """`import harbor DIR [--out TASKS_DIR]` (argv after `harbor`)."""
    parser = ArgumentParser(prog="localagentbench import harbor",
                            description="Import a Harbor task, or a directory of them, as this project's tasks: "
                                        "<id>.yaml in TASKS_DIR, with fixtures/, heldout/ and solutions/ beside it.")
    parser.add_argument("dir", help="a Harbor task directory (task.toml, instruction.md, environment/, tests/), or "
                                    "a directory of them")
    parser.add_argument("--out", default="tasks", help="the suite's tasks directory (default: tasks)")
    parser.add_argument("--no-solution", action="store_true", help="leave solution/solve.sh out (it is run at "
                                                                   "import, in the sandbox, to make the patch)")
    args = parser.parse_args(argv)
    dirs = task_dirs(Path(args.dir))
    refused = 0
    for task_dir in dirs:
        try:
            result = import_task(task_dir, Path(args.out), not args.no_solution)
        except Refused as exc:
            if len(dirs) == 1:
                raise
            refused += 1
            print(json.dumps({"harbor_task": str(task_dir), "refused": str(exc)}))
            log(f"refused: {exc}")
            continue
        print(json.dumps(result))
    log(f"import harbor: {len(dirs) - refused} imported, {refused} refused, into {args.out}")
    return 2 if refused else 0
