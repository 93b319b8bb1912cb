"""Agents installed where users install them (issue 17): outside the project, under HOME, in /tmp.

Each test lays out a real install under a fake HOME (a venv made with `python -m venv`, an npm global prefix
made with `npm install -g`) and runs it through the CLI under bubblewrap: the sandbox must show what the
binary needs (sandbox.binary_mounts) and nothing else of HOME; what it cannot infer is one line before the
first run, fixed with --sandbox-ro.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench import cli, fakellm
from bench.agents import binaries
from bench.exec import sandbox

needs_bwrap = pytest.mark.skipif(sandbox.bwrap_works() is not None,
                                 reason=f"bubblewrap unusable: {sandbox.bwrap_works()}")
needs_npm = pytest.mark.skipif(not (shutil.which("npm") and shutil.which("node")), reason="needs node and npm")

SECRET = "the user's secret\n"
PY = f"python{sys.version_info[0]}.{sys.version_info[1]}"

# The agent: fixes calc.py in its cwd, and reports what it could read of HOME/secret.txt.
AGENT_PY = '''
import os, sys

def main():
    if "--version" in sys.argv:
        print("aider 0.86.2")
        return 0
    with open("calc.py") as fh:
        text = fh.read()
    with open("calc.py", "w") as fh:
        fh.write(text.replace("a - b", "a + b"))
    try:
        seen = open(os.environ["LAB_SECRET"]).read()
    except (OSError, KeyError) as exc:
        seen = type(exc).__name__
    print("Applied edit to calc.py")
    print("secret:", seen)
    return 0
'''

AGENT_JS = '''
const fs = require("fs");
let seen;
try { seen = fs.readFileSync(process.env.LAB_SECRET, "utf8"); } catch (e) { seen = e.code; }
module.exports = () => {
  fs.writeFileSync("calc.py", fs.readFileSync("calc.py", "utf8").replace("a - b", "a + b"));
  console.log("secret:", seen);
};
'''


@pytest.fixture(autouse=True)
def no_project_install(tmp_path, monkeypatch):
    """These are the user's own installs: the project's .agents/ (nox -s install-agents), which find_binary would
    prefer, is not looked at."""
    monkeypatch.setattr(binaries, "AGENTS_DIR", tmp_path / "no-project-agents")


@pytest.fixture
def home(tmp_path, monkeypatch) -> Iterator[Path]:
    """A fake user's HOME (under /tmp, which every sandbox replaces), with a secret in it, and the harness's
    Python: the agents' PATH is the harness's, with the user's bin directories in front."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "secret.txt").write_text(SECRET)
    (home / ".ssh").mkdir()
    (home / ".ssh" / "id_ed25519").write_text("PRIVATE KEY\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("LAB_SECRET", str(home / "secret.txt"))
    # The fake agents call no model, but the harness warms the model up before the first run and stops
    # when no server answers: a scripted one serves `fake`.
    with fakellm.serve({"models": {"fake": {}}}) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        yield home


def python_under_home(home: Path) -> Path:
    """A Python installed under HOME as pyenv or uv put one: its own bin/ and lib/ (the standard library
    reached through lib/, as the copied interpreter finds it from its own location)."""
    prefix = home / ".pyenv" / "versions" / "3.x"
    (prefix / "bin").mkdir(parents=True)
    exe = prefix / "bin" / PY
    shutil.copy2(os.path.realpath(sys.executable), exe)
    (prefix / "lib").mkdir()
    base_lib = Path(sys.base_prefix) / "lib"
    for entry in base_lib.iterdir():
        if entry.name == PY or entry.name.startswith("libpython"):
            (prefix / "lib" / entry.name).symlink_to(entry)
    (prefix / "bin" / "python3").symlink_to(PY)
    return prefix / "bin" / "python3"


def pipx_install(home: Path, name: str, base_python: Path, extra_pth: Path | None = None) -> Path:
    """What `pipx install` leaves: a venv under ~/.local/share/pipx/venvs/<name>, its console script, and a
    symlink to it in ~/.local/bin. Returns the symlink."""
    venv = home / ".local" / "share" / "pipx" / "venvs" / name
    subprocess.run([str(base_python), "-m", "venv", "--without-pip", str(venv)], check=True, capture_output=True)
    site = venv / "lib" / PY / "site-packages"
    (site / "fakeaider").mkdir(parents=True)
    (site / "fakeaider" / "__init__.py").write_text(AGENT_PY)
    if extra_pth:  # an editable install: the code lives elsewhere, named by a .pth file
        (site / "fakeaider" / "__init__.py").write_text("from fakeaider_src import main\n")
        (site / "__editable__.fakeaider.pth").write_text(f"{extra_pth}\n")
        (extra_pth / "fakeaider_src.py").write_text(AGENT_PY)
    script = venv / "bin" / name   # as pip writes a console script
    script.write_text(f"#!{venv}/bin/python\n# -*- coding: utf-8 -*-\nimport re\nimport sys\n"
                      "from fakeaider import main\nif __name__ == '__main__':\n"
                      "    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n    sys.exit(main())\n")
    script.chmod(0o755)
    link = home / ".local" / "bin" / name
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(script)
    return link


def npm_global_install(home: Path, tmp_path: Path, bin_name: str) -> Path:
    """What `npm install -g` under nvm leaves: node in ~/.nvm/versions/node/v20/bin, the package in its
    lib/node_modules, the launcher a symlink in its bin/ (`#!/usr/bin/env node`). Returns the prefix's bin/."""
    src = tmp_path / "pkgsrc" / "fake-agent"
    (src / "bin").mkdir(parents=True)
    (src / "lib").mkdir()
    (src / "package.json").write_text(json.dumps({"name": "fake-agent", "version": "1.0.0",
                                                  "bin": {bin_name: "bin/cli.js"}}))
    (src / "lib" / "agent.js").write_text(AGENT_JS)
    (src / "bin" / "cli.js").write_text('#!/usr/bin/env node\nif (process.argv.includes("--version")) {\n'
                                        '  console.log("1.18.33");\n} else {\n  require("../lib/agent.js")();\n}\n')
    packed = subprocess.run(["npm", "pack", "--silent", "--pack-destination", str(tmp_path)], cwd=src,
                            capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1]
    prefix = home / ".nvm" / "versions" / "node" / "v20"
    (prefix / "bin").mkdir(parents=True)
    shutil.copy2(os.path.realpath(shutil.which("node")), prefix / "bin" / "node")
    subprocess.run(["npm", "install", "-g", "--prefix", str(prefix), "--offline", "--no-audit", "--no-fund",
                    str(tmp_path / packed)], check=True, capture_output=True, cwd=tmp_path)
    launcher = prefix / "bin" / bin_name
    assert launcher.is_symlink() and (prefix / "lib" / "node_modules" / "fake-agent" / "lib" / "agent.js").is_file()
    return prefix / "bin"


def run(suite: Path, tmp_path: Path, *args: str, name: str = "out") -> tuple[int, dict | None]:
    out = tmp_path / name
    code = cli.main(["run", "--tasks", str(suite / "tasks"), "--task", "fix-add", "--out", str(out),
                     "--sandbox", "bwrap", *args])
    found = sorted(out.glob("runs/*/*/run.json"))
    return code, json.loads(found[0].read_text()) if found else None


def agent_out(record: dict) -> str:
    run_dir = Path(record["paths"]["run_dir"])
    return (run_dir / "agent.stdout.log").read_text() + (run_dir / "agent.stderr.log").read_text()


def assert_passed_without_secret(code: int, record: dict | None) -> None:
    assert code == 0 and record is not None
    assert record["sandbox"]["kind"] == "bwrap"
    assert record["agent"]["infra_error"] is None and record["agent"]["exit_code"] == 0, agent_out(record)
    assert record["outcome"] == "passed", agent_out(record)
    out = agent_out(record)
    assert "secret:" in out and SECRET.strip() not in out, out   # ran, and HOME/secret.txt was not there


def test_binary_mounts_a_pipx_venv_and_its_base_python_and_never_home(home):
    link = pipx_install(home, "aider", python_under_home(home))
    venv = home / ".local" / "share" / "pipx" / "venvs" / "aider"
    prefix = home / ".pyenv" / "versions" / "3.x"
    mounts = sandbox.binary_mounts(link)
    assert link in mounts and venv in mounts and prefix in mounts, mounts
    assert all(p != home and not home.is_relative_to(p) for p in mounts), mounts
    assert not any(p.is_relative_to(home / ".ssh") or p == home / "secret.txt" for p in mounts)
    assert venv in sandbox.binary_mounts(venv / "bin" / "python"), "a link out of the venv still needs pyvenv.cfg"


@needs_bwrap
def test_aider_from_pipx_with_a_base_python_under_home_runs_in_the_sandbox(suite, tmp_path, home, monkeypatch):
    pipx_install(home, "aider", python_under_home(home))
    monkeypatch.setenv("PATH", f"{home / '.local' / 'bin'}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.delenv("LOCALAGENTBENCH_AIDER_BIN", raising=False)
    code, record = run(suite, tmp_path, "--agent", "aider", "--model", "ollama/fake", "--pass-env", "LAB_SECRET")
    assert_passed_without_secret(code, record)
    assert str(home / ".local" / "bin" / "aider") in record["agent"]["argv"]   # as PATH found it: the symlink
    assert record["agent"]["version"] == "0.86.2"


@needs_bwrap
@needs_npm
def test_an_npm_global_install_under_nvm_runs_as_a_command_agent(suite, tmp_path, home, monkeypatch):
    bindir = npm_global_install(home, tmp_path, "fake-agent")
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    mounts = sandbox.binary_mounts(bindir / "fake-agent")
    assert bindir.parent in mounts, mounts   # node's install prefix, which holds the package
    code, record = run(suite, tmp_path, "--agent", "command", "--agent-cmd", f"{bindir / 'fake-agent'} --yes",
                       "--pass-env", "LAB_SECRET")
    assert_passed_without_secret(code, record)


@needs_bwrap
@needs_npm
def test_opencode_from_npm_global_under_nvm_runs_through_its_adapter(suite, tmp_path, home, monkeypatch):
    bindir = npm_global_install(home, tmp_path, "opencode")
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.delenv("LOCALAGENTBENCH_OPENCODE_BIN", raising=False)
    code, record = run(suite, tmp_path, "--agent", "opencode", "--model", "ollama/fake", "--pass-env", "LAB_SECRET")
    assert_passed_without_secret(code, record)
    assert str(bindir / "opencode") in record["agent"]["argv"] and record["agent"]["version"] == "1.18.33"


@needs_bwrap
@pytest.mark.parametrize("where", ["tmp", "home"])
def test_a_command_agent_script_in_tmp_or_home_runs(suite, tmp_path, home, where, capsys):
    script = (tmp_path / "x" / "myagent.sh") if where == "tmp" else (home / "bin" / "agent")
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\nsed -i 's/a - b/a + b/' calc.py\necho \"secret: $(cat \"$LAB_SECRET\" 2>&1)\"\n")
    script.chmod(0o755)
    cmd = f"{script} --flag" if where == "tmp" else "~/bin/agent --flag"
    code, record = run(suite, tmp_path, "--agent", "command", "--agent-cmd", cmd, "--pass-env", "LAB_SECRET")
    assert_passed_without_secret(code, record)
    assert "fails to start" not in capsys.readouterr().err, "the start check runs the script's shell quietly"
    assert sandbox.binary_mounts(script) == [script]


@needs_bwrap
def test_a_python_command_agent_in_a_venv_under_home_runs(suite, tmp_path, home):
    link = pipx_install(home, "fakeaider", python_under_home(home))
    code, record = run(suite, tmp_path, "--agent", "command", "--agent-cmd", str(link), "--pass-env", "LAB_SECRET")
    assert_passed_without_secret(code, record)


@needs_bwrap
def test_what_the_binary_needs_but_no_one_can_infer_is_one_line_then_sandbox_ro_fixes_it(suite, tmp_path, home,
                                                                                          monkeypatch, capsys):
    src = home / "src"
    src.mkdir()
    pipx_install(home, "aider", python_under_home(home), extra_pth=src)   # editable: the code is in ~/src
    monkeypatch.setenv("PATH", f"{home / '.local' / 'bin'}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.delenv("LOCALAGENTBENCH_AIDER_BIN", raising=False)
    args = ("--agent", "aider", "--model", "ollama/fake", "--pass-env", "LAB_SECRET")
    code, record = run(suite, tmp_path, *args)
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.startswith("error:")]
    assert code != 0 and record is None and not (tmp_path / "out").exists(), err
    assert len(lines) == 1 and "aider at ~/.local/bin/aider cannot start in the sandbox" in lines[0], err
    assert "--sandbox-ro" in lines[0] and "--sandbox none" in lines[0] and "fakeaider_src" in lines[0], err

    code, record = run(suite, tmp_path, *args, "--sandbox-ro", str(src), name="fixed")
    assert_passed_without_secret(code, record)
    assert record["sandbox"]["extra_ro"] == [str(src)]
    assert record["options"]["sandbox_ro"] == [str(src)]


def test_sandbox_ro_refuses_the_whole_home_and_missing_paths(home):
    from bench.common.errors import UserError

    for bad in (str(home), "/", str(home / "nope")):
        with pytest.raises(UserError, match="--sandbox-ro"):
            sandbox.extra_mounts([bad])
    assert sandbox.extra_mounts([str(home / "secret.txt")]) == [home / "secret.txt"]


@needs_bwrap
def test_the_sandbox_does_not_show_the_rest_of_home(tmp_path, home):
    link = pipx_install(home, "aider", python_under_home(home))
    argv = sandbox.wrap(["sh", "-c", f'cat "{home}/secret.txt" || ls -a "{home}"; "{link}" --version'], "bwrap",
                        cwd=tmp_path, rw=[], ro=sandbox.binary_mounts(link), home=tmp_path / "private", network=False)
    (tmp_path / "private").mkdir()
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert "aider 0.86.2" in done.stdout, done.stderr
    assert SECRET.strip() not in done.stdout
    assert sorted(done.stdout.split()[:-2]) == [".", "..", ".local", ".pyenv"], done.stdout  # no .ssh, no secret
