"""doctor against the scripted server on 127.0.0.1: reachable or not, the model shelf with recommendations and
warnings, agent binaries found and pinned, VRAM hints, the --json record and the exit codes."""
from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from bench import engine, fakellm, languages
from bench.agents import binaries, get_spec, names
from bench.common import schema
from bench.exec import sandbox
from bench.models import doctor
from conftest import REPO, add_task, needs_toolchain

SHELF = REPO / "bench" / "fakellm_scripts" / "doctor.yaml"


def fake_binary(tmp_path: Path, name: str, prints: str) -> str:
    """An executable that prints `prints` for --version, standing in for an agent CLI."""
    path = tmp_path / "bin" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\necho '{prints}'\n")
    path.chmod(0o755)
    return str(path)


@pytest.fixture
def agents(tmp_path) -> dict[str, str]:
    """Both agent CLIs at their pinned versions."""
    return {"LOCALAGENTBENCH_OPENCODE_BIN": fake_binary(tmp_path, "opencode", doctor.pinned()["opencode"]),
            "LOCALAGENTBENCH_AIDER_BIN": fake_binary(tmp_path, "aider", f"aider {doctor.pinned()['aider']}")}


@pytest.fixture(scope="module")
def shelf():
    """The model shelf of doctor.yaml, with qwen3-coder loaded (so /api/ps reports its VRAM share)."""
    with fakellm.serve(SHELF) as server:
        body = json.dumps({"model": "qwen3-coder:30b", "messages": [{"role": "user", "content": "hi"}],
                           "stream": False}).encode()
        urllib.request.urlopen(urllib.request.Request(f"{server.url}/api/chat", data=body), timeout=10).read()
        yield server


def run_doctor(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    """`python -m bench doctor ARGS` as a real subprocess."""
    return subprocess.run([sys.executable, "-m", "bench", "doctor", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(REPO), **env})


def record_of(done: subprocess.CompletedProcess) -> dict:
    """The --json record: stdout is exactly one JSON document, valid against doctor.schema.json."""
    record = json.loads(done.stdout)
    schema.check(record, "doctor")
    return record


def by_name(record: dict, name: str) -> list[dict]:
    return [c for c in record["checks"] if c["name"] == name]


@functools.cache
def bundled_programs() -> tuple[str, ...]:
    """The programs of the toolchains of the bundled suite's languages (tasks/), which doctor's default --tasks
    checks: a setup called healthy needs them."""
    records, _ = engine.load_tasks([str(REPO / "tasks")])
    return tuple(dict.fromkeys(tool.version_argv[0] for language in {task["language"] for task in records}
                               for tool in languages.profile_of(language).tools))


def test_a_healthy_setup_exits_zero_with_one_line_per_check(shelf, agents):
    needs_toolchain(*bundled_programs())
    done = run_doctor(env={"OLLAMA_HOST": shelf.url, **agents})
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert all(line.split()[0] in ("ok", "warn", "fail") for line in lines if line.strip() and not line.startswith(" "))
    assert any(line.startswith("ok") and "server" in line and fakellm.OLLAMA_VERSION in line for line in lines)
    assert lines[-1].startswith("ok") and "an evaluation can run" in lines[-1]


def test_models_are_listed_with_recommendations_and_warnings(shelf, agents):
    record = record_of(run_doctor("--json", env={"OLLAMA_HOST": shelf.url, **agents}))
    kinds = {m["name"]: m["kind"] for m in record["models"]}
    assert kinds == {"qwen3-coder:30b": "coding", "qwen2.5-coder:7b": "coding",
                     "nomic-embed-text:latest": "not_for_tools", "llava:7b": "not_for_tools",
                     "dolphin-mistral:latest": "not_for_tools"}
    coder = next(m for m in record["models"] if m["name"] == "qwen3-coder:30b")
    assert (coder["size"], coder["family"], coder["parameter_size"], coder["quantization"]) == \
        (18556700761, "qwen3moe", "30.5B", "Q4_K_M")
    warned = {c["message"].split()[0] for c in by_name(record, "model") if c["status"] == "warn"}
    assert warned == {"qwen2.5-coder:7b", "nomic-embed-text:latest", "llava:7b", "dolphin-mistral:latest"}
    notes = {m["name"]: m["note"] for m in record["models"]}
    assert "embedding" in notes["nomic-embed-text:latest"] and "vision" in notes["llava:7b"]
    assert "uncensored" in notes["dolphin-mistral:latest"] and "as text" in notes["qwen2.5-coder:7b"]
    (rec,) = by_name(record, "recommend")
    assert rec["status"] == "ok" and "qwen3-coder:30b" in rec["message"]
    assert rec["fix"] == "localagentbench doctor --probe ollama/qwen3-coder:30b"


def test_a_model_partly_outside_vram_is_pointed_out(shelf, agents):
    record = record_of(run_doctor("--json", env={"OLLAMA_HOST": shelf.url, **agents}))
    vram = [c for c in by_name(record, "vram") if "qwen3-coder:30b" in c["message"]]
    assert vram and vram[0]["status"] == "warn" and "64%" in vram[0]["message"]


def test_no_coding_model_recommends_what_to_pull(agents):
    needs_toolchain(*bundled_programs())
    with fakellm.serve({"models": {"llama3.2:3b": {}, "all-minilm": {"capabilities": ["embedding"]}}}) as server:
        record = record_of(run_doctor("--json", env={"OLLAMA_HOST": server.url, **agents}))
    (rec,) = by_name(record, "recommend")
    assert rec["status"] == "warn" and "qwen3-coder:30b" in rec["message"] and rec["fix"].startswith("ollama pull ")
    assert record["ok"] is True, "a missing coding model is advice, not a blocker"


def test_an_unreachable_server_fails_with_the_fix(agents):
    done = run_doctor("--json", env={"OLLAMA_HOST": "127.0.0.1:9", **agents})
    assert done.returncode == 1
    record = record_of(done)
    (server,) = by_name(record, "server")
    assert server["status"] == "fail" and "ollama serve" in server["fix"]
    assert record["server"]["reachable"] is False and record["ok"] is False
    assert "fail  server" in done.stderr, "with --json the human lines go to stderr"


def test_an_empty_server_fails(agents):
    # The scripted server always has a model; a fresh Ollama answers an empty /api/tags like this one.
    class Fresh(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps({"version": "0.12.6"} if self.path == "/api/version" else {"models": []}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Fresh)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        done = run_doctor("--json", env={"OLLAMA_HOST": f"127.0.0.1:{server.server_address[1]}", **agents})
    finally:
        server.shutdown()
        server.server_close()
    (models,) = by_name(record_of(done), "models")
    assert done.returncode == 1 and models["status"] == "fail" and models["fix"].startswith("ollama pull ")


def test_base_url_servers_are_checked_through_v1(shelf, agents):
    record = record_of(run_doctor("--json", "--base-url", f"{shelf.url}/v1",
                                  env={"OLLAMA_HOST": "127.0.0.1:9", **agents}))
    assert record["server"]["kind"] == "openai" and record["server"]["reachable"] is True
    assert {m["name"] for m in record["models"]} >= {"qwen3-coder:30b", "llava:7b"}
    (rec,) = by_name(record, "recommend")
    assert rec["fix"] == f"localagentbench doctor --probe openai/qwen3-coder:30b --base-url {shelf.url}/v1"


def test_agents_not_found_or_not_pinned(tmp_path, shelf):
    needs_toolchain(*bundled_programs())
    # every other registered CLI is missing too, so that the last one going missing leaves none
    env = {binaries.env_var(spec.binary): str(tmp_path / "missing") for spec in map(get_spec, names()) if spec.binary}
    env.update({"OLLAMA_HOST": shelf.url, "LOCALAGENTBENCH_OPENCODE_BIN": str(tmp_path / "missing"),
                "LOCALAGENTBENCH_AIDER_BIN": fake_binary(tmp_path, "aider", "aider 0.80.0")})
    record = record_of(run_doctor("--json", env=env))
    (oc,), (ai,) = by_name(record, "opencode"), by_name(record, "aider")
    assert oc["status"] == "warn" and "not found" in oc["message"]
    assert ai["status"] == "warn" and "0.80.0" in ai["message"] and doctor.pinned()["aider"] in ai["message"]
    assert record["ok"] is True, "one agent at another version can still run"
    env["LOCALAGENTBENCH_AIDER_BIN"] = str(tmp_path / "missing-too")
    done = run_doctor("--json", env=env)
    assert done.returncode == 1 and by_name(record_of(done), "agents")[0]["status"] == "fail"


def test_out_writes_the_record(shelf, agents, tmp_path):
    needs_toolchain(*bundled_programs())
    out = tmp_path / "doctor.json"
    done = run_doctor("--out", str(out), env={"OLLAMA_HOST": shelf.url, **agents})
    assert done.returncode == 0 and not done.stdout.lstrip().startswith("{")
    schema.check(json.loads(out.read_text()), "doctor")


def test_a_bad_ollama_host_is_a_failed_check_not_a_traceback(agents):
    done = run_doctor(env={"OLLAMA_HOST": "127.0.0.1:port", **agents})
    assert done.returncode == 1 and "Traceback" not in done.stderr and "OLLAMA_HOST" in done.stdout


@pytest.mark.parametrize("name,family,caps,kind", [
    ("qwen3-coder:30b", "qwen3moe", ["completion", "tools"], "coding"),
    ("deepseek-coder-v2:16b", "deepseek2", None, "coding"),
    ("devstral:24b", "llama", ["completion", "tools"], "coding"),
    ("qwen3:8b", "qwen3", ["completion", "tools", "thinking"], "general"),
    ("mxbai-embed-large", "bert", ["embedding"], "not_for_tools"),
    ("bge-m3", "bert", None, "not_for_tools"),
    ("llama3.2-vision:11b", "mllama", ["completion", "vision"], "not_for_tools"),
    ("whisper-small", None, None, "not_for_tools"),
    ("dolphin3:8b", "llama", ["completion"], "not_for_tools"),
])
def test_model_kinds(name, family, caps, kind):
    assert doctor.model_kind(name, family, caps)[0] == kind


def test_vram_hints_for_models_bigger_than_the_gpu():
    models = [{"name": "big:70b", "size": 40_000_000_000, "kind": "general"},
              {"name": "small:3b", "size": 2_000_000_000, "kind": "general"}]
    (hint,) = doctor.vram_hints(models, [], 24 * 1024**3)
    assert hint["status"] == "warn" and "big:70b" in hint["message"] and "small:3b" not in hint["message"]
    assert doctor.vram_hints(models, [], None) == []


@pytest.mark.skipif(sandbox.bwrap_works() is not None, reason=f"bubblewrap unusable: {sandbox.bwrap_works()}")
def test_the_sandbox_check_reports_dropped_capabilities_and_the_user_namespace(shelf, agents):
    record = record_of(run_doctor("--json", env={"OLLAMA_HOST": shelf.url, **agents}))
    (found,) = by_name(record, "sandbox")
    assert found["status"] == "ok" and "capabilities dropped (CapEff 0)" in found["message"], found
    userns = "user namespace: yes" if sandbox.confinement().user_namespace else "user namespace: no"
    assert userns in found["message"], found


@pytest.mark.parametrize("failure,status,fix", [
    ("capabilities", "fail", "bubblewrap 0.8 or newer"),
    ("cannot_start", "warn", "apparmor_restrict_unprivileged_userns=0"),
])
def test_a_sandbox_that_keeps_capabilities_fails_and_one_that_cannot_start_warns(monkeypatch, failure, status, fix):
    found = sandbox.Confinement(sandbox.CAP_DROP, False, "bwrap started but the sandbox kept capabilities", failure)
    monkeypatch.setattr(sandbox, "confinement", lambda: found)
    monkeypatch.setattr(doctor.shutil, "which", lambda name: "/usr/bin/" + name)
    result = doctor.check_sandbox()
    assert result["status"] == status and fix in result["fix"] and found.problem in result["message"], result


def test_no_bwrap_is_a_warning_with_the_install_fix(monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.setattr(sandbox, "confinement", sandbox.confinement.__wrapped__)
    result = doctor.check_sandbox()
    assert result["status"] == "warn" and "not found" in result["message"] and "bubblewrap" in result["fix"]


def test_a_runner_the_grading_interpreter_cannot_import_is_a_fail_with_the_install_command(suite):
    task = suite / "tasks" / "fix-max.yaml"
    task.write_text(task.read_text().replace("python -m unittest discover -s tests -t . -q",
                                             "python -m lab_no_such_runner_xyz -q"))
    record = record_of(run_doctor("--json", "--tasks", str(suite / "tasks"), env={"OLLAMA_HOST": "127.0.0.1:9"}))
    runners = by_name(record, "runner")
    missing = [c for c in runners if "lab_no_such_runner_xyz" in c["message"]]
    assert len(missing) == 1 and missing[0]["status"] == "fail", runners
    assert f"not importable by {sys.executable}" in missing[0]["message"] and "fix-max" in missing[0]["message"]
    assert missing[0]["fix"] == f"{sys.executable} -m pip install lab_no_such_runner_xyz"
    assert [c["status"] for c in runners if "unittest" in c["message"]] == ["ok"]
    assert record["ok"] is False


@pytest.mark.parametrize("installed", ["qwen3:8b", "qwen3:8b-q8_0"])
def test_an_installed_tool_caller_is_the_verdict_and_never_the_pull_advice(agents, installed, monkeypatch, capsys):
    # qwen3:8b heads the list of models worth pulling for tool-driven agents: once it is installed, the verdict
    # names it as there, and no line tells the user to pull it.
    from bench import cli

    with fakellm.serve({"models": {installed: {"capabilities": ["completion", "tools", "thinking"]},
                                   "llama3.2:3b": {}}}) as server:
        for key, value in {"OLLAMA_HOST": server.url, **agents}.items():
            monkeypatch.setenv(key, value)
        code = cli.main(["doctor", "--json"])
        out, err = capsys.readouterr()
        done = run_doctor(env={"OLLAMA_HOST": server.url, **agents})
    record = json.loads(out)
    (rec,) = by_name(record, "recommend")
    assert code == 0 and rec["status"] == "ok", rec
    assert installed in rec["message"] and "no coding model" not in rec["message"], rec
    assert rec["fix"] == f"localagentbench doctor --probe ollama/{installed}"
    for text in (err, done.stdout):
        assert f"pull {installed}" not in text and "no coding model" not in text, text
        assert f"localagentbench doctor --probe ollama/{installed}" in text


def test_an_installed_tool_caller_without_tools_in_its_template_is_not_recommended_nor_pulled(agents):
    with fakellm.serve({"models": {"qwen3:8b": {"capabilities": ["completion"]}}}) as server:
        record = record_of(run_doctor("--json", env={"OLLAMA_HOST": server.url, **agents}))
    (rec,) = by_name(record, "recommend")
    assert rec["status"] == "warn" and "qwen3:8b" not in rec["message"] + rec["fix"], rec
    assert rec["fix"].startswith("ollama pull devstral:24b"), rec


def test_when_every_model_worth_pulling_is_installed_without_tools_no_pull_is_suggested():
    shelf = [{"name": n, "kind": "general", "note": "general model; its template has no tool support",
              "capabilities": ["completion"]} for n, _, _ in doctor.WORTH_PULLING]
    rec = doctor.recommend(shelf)
    assert rec["status"] == "warn" and "pull" not in rec["message"] + rec["fix"], rec


# --- the toolchains of the suite's languages (bench/languages) ---------------------------------------------------

# A task per language of the suite, by the spellings a task file may use (an alias and another case included).
LANGUAGES = {"in-go": "go", "in-rust": "rust", "in-ts": "TypeScript", "in-java": "java", "in-cpp": "c++"}


def with_languages(suite: Path, languages_of: dict[str, str]) -> Path:
    """The suite's tasks/ with one more task per entry, whose `language:` is the given one (only doctor reads it
    here: the tasks stay Python underneath)."""
    for task_id, language in languages_of.items():
        add_task(suite, task_id, task_id.replace("-", "_"), "X = 1\n", "X = 2\n", "import unittest\n")
        task = suite / "tasks" / f"{task_id}.yaml"
        task.write_text(task.read_text().replace("language: python", f"language: {language}"))
    return suite / "tasks"


def test_the_suite_s_toolchains_are_reported_with_their_versions(suite, shelf, agents):
    needs_toolchain("go", "cargo", "rustc", "node", "npm", "java", "javac", "g++", "cmake")
    tasks = with_languages(suite, LANGUAGES)
    env = {"OLLAMA_HOST": shelf.url, **agents}
    record = record_of(run_doctor("--json", "--tasks", str(tasks), env=env))
    found = {lang["language"]: lang for lang in record["toolchains"]}
    # In the order the suite's tasks (read by file name) first name them: the Python ones, then in-cpp, in-go, ...
    assert list(found) == ["python", "cpp", "go", "java", "rust", "javascript"]
    assert found["javascript"]["tasks"] == ["in-ts"] and found["cpp"]["tasks"] == ["in-cpp"]
    for name, lang in found.items():
        tools = languages.PROFILES[name].tools
        assert [t["name"] for t in lang["tools"]] == [t.name for t in tools]
        for reported, tool in zip(lang["tools"], tools, strict=True):
            assert reported["path"] == shutil.which(tool.version_argv[0], path=engine.grading_path(name)), reported
            assert reported["version"] and re.search(r"\d+\.\d+", reported["version"]), reported
    assert record["ok"] is True and not [c for c in record["checks"] if c["status"] == "fail"]

    done = run_doctor("--tasks", str(tasks), env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [line for line in done.stdout.splitlines() if line.split()[:2] == ["ok", "toolchain"]]
    go = found["go"]["tools"][0]
    assert f"go: {go['version']} ({go['path']}; 1 go task(s), e.g. in-go)" in "\n".join(lines), lines
    assert len(lines) == sum(len(lang["tools"]) + len(lang["libraries"]) for lang in found.values())


def test_a_missing_tool_of_a_suite_s_language_fails_with_the_install_session(suite, shelf, agents, tmp_path):
    """PATH holds git, bubblewrap and Rust's toolchain, no go, and a node that does not answer: the go task's
    missing tool and node are the only fails, so the exit status is theirs. (Python's is found where grading
    finds it: beside the harness's interpreter.)"""
    needs_toolchain("cargo", "rustc", "bwrap")
    only = tmp_path / "only"
    only.mkdir()
    for program in ("git", "bwrap", "cargo", "rustc"):
        (only / program).symlink_to(shutil.which(program))
    (only / "node").write_text("#!/bin/sh\nexit 3\n")
    (only / "node").chmod(0o755)
    tasks = with_languages(suite, {"in-go": "go", "in-rust": "rust", "in-js": "javascript"})
    # the harness's own Go (nox -s toolchains) is found outside PATH: none here
    env = {"OLLAMA_HOST": shelf.url, **agents, "PATH": str(only),
           "LOCALAGENTBENCH_GO_TOOLCHAIN": str(tmp_path / "no-go")}
    done = run_doctor("--json", "--tasks", str(tasks), env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    record = record_of(done)
    fails = {c["message"].split(" (")[0]: c for c in record["checks"] if c["status"] == "fail"}
    assert set(fails) == {"go not found on PATH", f"node at {only / 'node'} did not answer `node --version`",
                          "npm not found on PATH"}, fails
    assert all(c["name"] == "toolchain" and c["fix"].startswith("nox -s toolchains") for c in fails.values())
    assert "1 go task(s), e.g. in-go" in fails["go not found on PATH"]["message"]
    by_language = {lang["language"]: lang["tools"] for lang in record["toolchains"]}
    assert by_language["go"] == [{"name": "go", "path": None, "version": None, "version_command": "go version",
                                  "needed_by": ["in-go"]}]
    # Found where grading finds them (rustup's links on PATH lead to the toolchain's own bin/, put first).
    assert [Path(t["path"]).name for t in by_language["rust"]] == ["cargo", "rustc"]
    assert all(t["version"] for t in by_language["rust"])
    assert record["ok"] is False
    human = done.stderr.splitlines()   # with --json the lines go to stderr
    assert any(line.startswith("fail  toolchain      go not found on PATH") and "-> fix: nox -s toolchains" in line
               for line in human), human
    assert human[-1].startswith("fail  doctor")


def test_a_language_no_profile_knows_is_a_warning_and_checks_no_tool():
    found = doctor.toolchains([{"id": "t1", "language": "cobol"}, {"id": "t2", "language": "Golang"}])
    assert [(lang["language"], lang["tasks"]) for lang in found] == [("cobol", ["t1"]), ("go", ["t2"])]
    checks = doctor.check_toolchains(found[:1])
    assert [(c["name"], c["status"]) for c in checks] == [("toolchain", "warn")]
    assert "cobol: no language profile" in checks[0]["message"] and "go" in checks[0]["fix"]


def test_the_test_frameworks_tasks_build_against_are_reported_from_their_own_files(tmp_path):
    """A library's version comes from its files (the name of a versioned link, a pkg-config file, a header's
    banner); one that is not installed is a warning (a task may build against another framework), never a fail."""
    from bench.languages import Library
    jar = tmp_path / "junit-platform-console-standalone.jar"
    jar.write_bytes(b"PK")
    (tmp_path / "junit-platform-console-standalone-1.9.1.jar").symlink_to(jar.name)
    launcher = Library("launcher", str(jar), r"junit-platform-console-standalone-(\d[\w.]*)\.jar",
                       version_file=str(tmp_path / "junit-platform-console-standalone-*.jar"))
    (tmp_path / "pc").mkdir()
    (tmp_path / "pc" / "gtest.pc").write_text("Name: gtest\nVersion: 1.12.1\n")
    header = tmp_path / "gtest.h"
    header.write_text("// gtest\n")
    gtest = Library("gtest", str(header), r"^Version: (\S+)", version_file=str(tmp_path / "*" / "gtest.pc"))
    banner = tmp_path / "catch.hpp"
    banner.write_text("/*\n *  Catch v2.13.10\n */\n")
    catch2 = Library("catch2", str(banner), r"Catch v(\d[\w.]*)")
    assert [lib.version() for lib in (launcher, gtest, catch2)] == ["1.9.1", "1.12.1", "2.13.10"]
    missing = Library("absent", str(tmp_path / "nope.h"), r"(x)")
    assert missing.locate() is None
    found = [{"language": "cpp", "tasks": ["t1"], "tools": [],
              "libraries": [{"name": "gtest", "path": str(header), "version": "1.12.1"},
                            {"name": "absent", "path": None, "version": None}]}]
    checks = doctor.check_toolchains(found)
    assert [(c["status"], c["message"].split(" (")[0]) for c in checks] == [
        ("ok", "gtest: 1.12.1"), ("warn", "absent not installed")]
    assert checks[1]["fix"].startswith("nox -s toolchains")


def test_doctor_reports_the_bundled_frameworks_it_finds(suite, shelf, agents):
    needs_toolchain("java", "g++")
    record = record_of(run_doctor("--json", "--tasks", str(with_languages(suite, LANGUAGES)),
                                  env={"OLLAMA_HOST": shelf.url, **agents}))
    libraries = {lib["name"]: lib for lang in record["toolchains"] for lib in lang.get("libraries", [])}
    for name, expected in (("JUnit 5 console launcher", languages.PROFILES["java"].libraries[0]),
                           ("GoogleTest", languages.PROFILES["cpp"].libraries[0]),
                           ("Catch2", languages.PROFILES["cpp"].libraries[1])):
        assert libraries[name]["path"] == expected.locate()
        assert libraries[name]["version"] == expected.version() and re.match(r"\d+\.\d+", expected.version())
