"""Git tasks: every ref git accepts, a digest that pins the resolved commit, and a bad ref that is its task's
error only (run grades the rest, check and verify name it). Real git repositories built in tmp_path."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from bench import isolate, validate, verify
from bench.common import outcome
from bench.common.errors import UserError
from bench.exec.git import TaskSetupError, git, resolve_ref
from conftest import run_cli, slow_except

REF_FORMS = {"g-branch": "task", "g-heads": "refs/heads/task", "g-tag": "v1", "g-annotated": "v1a",
             "g-tags": "refs/tags/v1", "g-tags-annotated": "refs/tags/v1a", "g-sha": "{sha}", "g-short": "{short}"}


def _source(suite: Path) -> tuple[Path, str, str]:
    """suite/repos/src: commit A = the fix-max fixture (branch `task`, tags v1 and annotated v1a), commit B = A
    with the answer (the default branch, main). Returns (path, sha A, sha B)."""
    src = suite / "repos" / "src"
    shutil.copytree(suite / "fixtures" / "fix-max", src)
    git("init", "-q", "-b", "main", cwd=src)
    git("add", "-A", cwd=src)
    git("commit", "-qm", "the task", cwd=src)
    git("branch", "task", cwd=src)
    git("tag", "v1", cwd=src)
    git("tag", "-a", "v1a", "-m", "annotated", cwd=src)
    (src / "mx.py").write_text("def biggest(xs):\n    return max(xs)  # the answer\n")
    git("commit", "-qam", "the answer", cwd=src)
    sha = lambda rev: git("rev-parse", rev, cwd=src).stdout.decode().strip()  # noqa: E731
    return src, sha("task"), sha("main")


def _url(suite: Path, src: Path, style: str) -> str:
    """The task file's repo.url for the source as a non-bare path, a bare repository, a file:// URL or a bundle."""
    if style == "path":
        return "repos/src"
    if style == "bare":
        git("clone", "-q", "--bare", str(src), str(suite / "repos" / "src.git"))
        return "repos/src.git"
    if style == "file-url":
        return "file://repos/src"
    git("bundle", "create", str(suite / "fixtures" / "src.bundle"), "--all", cwd=src)
    return "fixtures/src.bundle"


def _git_task(suite: Path, task_id: str, url: str, ref: str) -> Path:
    """tasks/<id>.yaml: fix-max (its held-out tests and solution) with its repository taken from git."""
    text = (suite / "tasks" / "fix-max.yaml").read_text()
    text = text.replace("id: fix-max", f"id: {task_id}").replace(
        "type: fixture\n  path: fixtures/fix-max", f"type: git\n  url: {url}\n  ref: {json.dumps(ref)}")
    path = suite / "tasks" / f"{task_id}.yaml"
    path.write_text(text)
    return path


def _task(suite: Path, task_id: str) -> dict:
    records, problems = validate.validate([str(suite / "tasks")], [task_id])
    assert not problems, problems
    return records[0]


def _runs(out: Path) -> dict[tuple[str, int], dict]:
    return {(r["task_id"], r["rep"]): r for r in (json.loads(p.read_text()) for p in out.glob("runs/*/*/run.json"))}


@pytest.mark.parametrize("style", slow_except(["path", "bare", "file-url", "bundle"], "path"))
def test_every_ref_form_runs_through_the_oracle_agent(suite, tmp_path, style):
    src, task_sha, main_sha = _source(suite)
    url = _url(suite, src, style)
    for task_id, ref in REF_FORMS.items():
        _git_task(suite, task_id, url, ref.format(sha=task_sha, short=task_sha[:9]))
    _git_task(suite, "g-default", url, "main")
    check = run_cli("check", "--tasks", str(suite / "tasks"))
    assert check.returncode == 0, check.stderr
    out = tmp_path / "out"
    args = [arg for task_id in REF_FORMS for arg in ("--task", task_id)]
    done = run_cli("run", "--agent", "oracle", "--tasks", str(suite / "tasks"), *args, "--out", str(out),
                   "--sandbox", "none")
    assert done.returncode == 0, done.stderr
    runs = _runs(out)
    assert {task_id: r["outcome"] for (task_id, _), r in runs.items()} == {t: "passed" for t in REF_FORMS}
    assert {r["task"]["repo"]["commit"] for r in runs.values()} == {task_sha}
    assert len({r["task_digest"] for r in runs.values()}) == len(REF_FORMS), "the task file is in the digest too"
    # The default branch: its commit holds the answer, and that is what the task starts from.
    record = isolate.isolate_one(_task(suite, "g-default"), tmp_path / "res", "r1", 0)
    assert record["task"]["repo"]["commit"] == main_sha
    assert "the answer" in (Path(record["paths"]["workdir"]) / "mx.py").read_text()
    assert git("log", "--all", "--format=%s", cwd=Path(record["paths"]["workdir"])).stdout.decode().split() == ["task"]


@pytest.mark.parametrize("style", ["path", "bare"])
def test_the_digest_pins_the_resolved_commit_not_the_files_or_packs(suite, tmp_path, style):
    src, task_sha, main_sha = _source(suite)
    url = _url(suite, src, style)
    repo = suite / url
    _git_task(suite, "g-branch", url, "task")
    _git_task(suite, "g-default", url, "main")
    first, default = _task(suite, "g-branch"), _task(suite, "g-default")
    snap = Path(isolate.isolate_one(first, tmp_path / "a", "r1", 0)["paths"]["snapshot"])
    git("gc", "-q", "--aggressive", "--prune=now", cwd=repo)
    git("pack-refs", "--all", cwd=repo)
    if style == "path":
        (repo / "mx.py").write_text("uncommitted edits are not the task\n")
    assert _task(suite, "g-branch")["digest"] == first["digest"], "git gc must not change the digest"
    again = isolate.isolate_one(_task(suite, "g-branch"), tmp_path / "b", "r2", 0)
    assert again["paths"]["snapshot"] == str(snap), "the same commit reuses the cached snapshot"
    # Move the branch to the commit with the answer: a new digest, a new snapshot holding the new code.
    git("update-ref", "refs/heads/task", main_sha, cwd=repo)
    moved = _task(suite, "g-branch")
    assert moved["digest"] != first["digest"] and moved["repo"]["commit"] == main_sha
    record = isolate.isolate_one(moved, tmp_path / "c", "r3", 0)
    assert record["paths"]["snapshot"] != str(snap)
    assert "the answer" in (Path(record["paths"]["workdir"]) / "mx.py").read_text()
    # The default branch moved back to the task's commit: its digest follows too.
    git("update-ref", "refs/heads/main", task_sha, cwd=repo)
    assert _task(suite, "g-default")["digest"] != default["digest"]


def test_remote_style_urls_resolve_through_ls_remote(suite):
    src, task_sha, main_sha = _source(suite)
    git("tag", "-a", "v2", "-m", "annotated", cwd=src)
    url = src.resolve().as_uri()  # file:///...: not a path, so the remote route (ls-remote, then a fetch)
    assert resolve_ref(url, "task") == task_sha
    assert resolve_ref(url, "refs/tags/v1a") == task_sha, "an annotated tag resolves to the commit it tags"
    assert resolve_ref(url, "v2") == main_sha
    assert resolve_ref(url, "main") == main_sha
    assert resolve_ref(url, task_sha) == task_sha
    assert resolve_ref(url, main_sha[:10]) == main_sha, "an abbreviated id needs the objects: fetched"
    with pytest.raises(TaskSetupError, match="'nope' is not a commit"):
        resolve_ref(url, "nope")


def test_a_directory_inside_another_repository_is_not_that_repository(suite):
    plain = suite / "repos" / "plain"
    plain.mkdir(parents=True)
    git("init", "-q", cwd=suite)  # the suite itself is a repository: git must not find it from repos/plain
    git("commit", "-q", "--allow-empty", "-m", "suite", cwd=suite)
    with pytest.raises(TaskSetupError, match="not a git repository"):
        resolve_ref(str(plain), "HEAD")


def test_a_bad_ref_is_its_tasks_error_and_the_rest_are_graded(suite, tmp_path):
    src, _, _ = _source(suite)
    bad = _git_task(suite, "g-bad", "repos/src", "nope")
    check = run_cli("check", "--tasks", str(suite / "tasks"))
    assert check.returncode == 2
    assert f"{bad}: repo.ref: 'nope' is not a commit in repos/src" in check.stderr
    assert json.loads(check.stdout)["ok"] is False
    out = tmp_path / "out"
    cmd = ["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--out", str(out), "--sandbox", "none",
           "--repeat", "2"]
    done = run_cli(*cmd)
    assert done.returncode == 1, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("error")]
    assert len(errors) == 1 and "task g-bad could not be set up" in errors[0] and "'nope'" in errors[0], done.stderr
    assert "Traceback" not in done.stderr
    summary = json.loads((out / "summary.json").read_text())
    runs = _runs(out)
    assert {key: r["outcome"] for key, r in runs.items()} == {
        **{(t, rep): "passed" for t in ("calib-hello", "fix-add", "fix-max") for rep in (0, 1)},
        ("g-bad", 0): "task_error", ("g-bad", 1): "task_error"}
    record = runs[("g-bad", 0)]
    assert outcome.of_record(record) == ("task_error", False), "score derives the same outcome"
    assert record["flags"] == [outcome.SETUP_FLAG] and record["oracle"]["task_error"].startswith(str(bad))
    assert not any("graded sections show" in w for w in summary["warnings"])
    assert any(w.startswith("task g-bad: could not be set up") for w in summary["warnings"]), summary["warnings"]
    group = summary["groups"][0]
    assert group["outcomes"]["task_error"] == 2 and group["n_grid_runs"] == 8 and group["pass_at_1_strict"] == 0.75
    # --resume keeps the graded runs and tries the task that could not be set up again.
    kept = (out / "runs" / "fix-add" / "0" / "run.json").stat().st_mtime_ns
    again = run_cli(*cmd, "--resume")
    assert again.returncode == 1 and "6 already done" in again.stderr, again.stderr
    assert (out / "runs" / "fix-add" / "0" / "run.json").stat().st_mtime_ns == kept
    # Fixed in the source (the task file untouched): the resumed run grades it.
    git("branch", "nope", "task", cwd=src)
    fixed = run_cli(*cmd, "--resume")
    assert fixed.returncode == 0, fixed.stderr
    assert _runs(out)[("g-bad", 1)]["outcome"] == "passed"


def test_verify_names_a_bad_ref_and_verifies_the_rest(suite, capsys):
    _source(suite)
    _git_task(suite, "g-bad", "repos/src", "refs/heads/nope")
    _git_task(suite, "g-good", "repos/src", "refs/heads/task")
    report = verify.verify([str(suite / "tasks")], times=1, sandbox_requested="none")
    err = capsys.readouterr().err
    by_id = {t["task_id"]: t for t in report["tasks"]}
    assert report["ok"] is False and by_id["g-bad"]["ok"] is False
    assert "'refs/heads/nope' is not a commit in repos/src" in by_id["g-bad"]["problems"][0]
    assert all(t["ok"] for task_id, t in by_id.items() if task_id != "g-bad"), by_id
    assert by_id["g-good"]["oracle_outcomes"] == ["passed"]
    assert "FAIL g-bad" in err and "ok   g-good" in err


def test_the_validate_stage_emits_a_task_with_a_bad_ref_and_isolate_names_it(suite, tmp_path):
    _source(suite)
    _git_task(suite, "g-bad", "repos/src", "nope")
    done = run_cli(str(suite / "tasks"), "--task", "g-bad", module="bench.validate")
    assert done.returncode == 0 and "warning:" in done.stderr and "'nope' is not a commit" in done.stderr
    record = json.loads(done.stdout)
    assert record["repo"]["commit"] is None and "repo.ref" in record["setup_error"]
    with pytest.raises(UserError, match="'nope' is not a commit"):
        isolate.isolate_one(record, tmp_path / "res", "r1", 0)


# A local repository by absolute path or file:// URL (--allow-local-repos), and what such a repository may try.

def _outside(tmp_path: Path, suite: Path) -> tuple[Path, str]:
    """The suite's source repository moved out of the suite; (its path, sha of the task commit)."""
    src, task_sha, _ = _source(suite)
    moved = tmp_path / "elsewhere" / "src"
    moved.parent.mkdir()
    shutil.move(src, moved)
    return moved, task_sha


def _check(suite: Path, *extra: str) -> tuple[int, list[str]]:
    done = run_cli("check", "--tasks", str(suite / "tasks"), *extra)
    return done.returncode, [line for line in done.stderr.splitlines() if ": repo.url: " in line]


@pytest.mark.parametrize("style", ["path", "file-url", "in-suite"])
def test_an_absolute_local_url_needs_the_option_which_the_run_records(suite, tmp_path, style):
    if style == "in-suite":
        src, _, _ = _source(suite)
        url = str(src)
    else:
        src, _ = _outside(tmp_path, suite)
        url = str(src) if style == "path" else src.as_uri()
    task = _git_task(suite, "g-local", url, "task")
    code, lines = _check(suite)
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith(f"{task}: repo.url: {url!r} names a local repository"), lines
    assert "pass --allow-local-repos" in lines[0]
    assert _check(suite, "--allow-local-repos") == (0, [])
    out = tmp_path / "out"
    done = run_cli("run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", "g-local", "--out", str(out),
                   "--sandbox", "none", "--allow-local-repos")
    assert done.returncode == 0, done.stderr
    record = _runs(out)[("g-local", 0)]
    assert record["outcome"] == "passed" and record["options"]["allow_local_repos"] is True
    assert record["task"]["repo"]["url"] == str(src)
    from bench.report.runpage import reproduce_command
    assert reproduce_command(record).endswith(" --allow-local-repos")
    refused = run_cli("verify", "--tasks", str(suite / "tasks"), "--task", "g-local", "--times", "1",
                      "--sandbox", "none")
    assert refused.returncode == 2 and "--allow-local-repos" in refused.stderr, refused.stderr
    verified = run_cli("verify", "--tasks", str(suite / "tasks"), "--task", "g-local", "--times", "1",
                       "--sandbox", "none", "--allow-local-repos")
    assert verified.returncode == 0, verified.stderr


def _symlink(tmp_path: Path, src: Path) -> Path:
    link = tmp_path / "link-to-src"
    link.symlink_to(src)
    return link


def _not_a_repo(tmp_path: Path, src: Path) -> Path:
    plain = tmp_path / "plain"
    shutil.copytree(src, plain, ignore=shutil.ignore_patterns(".git"))
    return plain


def _gitfile(tmp_path: Path, src: Path) -> Path:
    """A work tree whose .git is a file naming another repository's git directory (the task's answers)."""
    decoy = tmp_path / "decoy"
    shutil.copytree(src, decoy, ignore=shutil.ignore_patterns(".git"))
    (decoy / ".git").write_text(f"gitdir: {src / '.git'}\n")
    return decoy


def _alternates(tmp_path: Path, src: Path) -> Path:
    """A repository that borrows its objects from another (`git clone --shared`)."""
    shared = tmp_path / "shared"
    git("clone", "-q", "--shared", str(src), str(shared))
    git("branch", "task", "origin/task", cwd=shared)
    return shared


def _commondir(tmp_path: Path, src: Path) -> Path:
    """A bare-looking git directory whose commondir leads to another repository (a linked worktree's)."""
    git("worktree", "add", "-q", str(tmp_path / "wt"), "task", cwd=src)
    return src / ".git" / "worktrees" / "wt"


REFUSED = {"symlink": (_symlink, "leads through a symlink to"),
           "not-a-repository": (_not_a_repo, "is not a git repository git can read"),
           "git-file": (_gitfile, "keeps its git directory elsewhere"),
           "commondir": (_commondir, "keeps its git directory elsewhere"),
           "alternates": (_alternates, "borrows objects from another repository (objects/info/alternates)")}


@pytest.mark.parametrize("attack", list(REFUSED))
def test_a_local_repository_that_reaches_elsewhere_is_refused_in_one_line(suite, tmp_path, attack):
    src, _ = _outside(tmp_path, suite)
    make, why = REFUSED[attack]
    url = str(make(tmp_path, src))
    task = _git_task(suite, "g-local", url, "task")
    code, lines = _check(suite, "--allow-local-repos")
    assert code == 2 and len(lines) == 1 and lines[0].startswith(f"{task}: repo.url: ") and why in lines[0], lines


def test_the_same_refusals_hold_for_a_repository_inside_the_suite(suite, tmp_path):
    src, _, _ = _source(suite)
    decoy = suite / "repos" / "decoy"
    decoy.mkdir()
    (decoy / ".git").write_text(f"gitdir: {tmp_path / 'elsewhere.git'}\n")
    git("init", "-q", "--bare", str(tmp_path / "elsewhere.git"))
    _git_task(suite, "g-local", "repos/decoy", "task")
    code, lines = _check(suite)
    assert code == 2 and len(lines) == 1 and "keeps its git directory elsewhere" in lines[0], lines


HOOKS = ("pre-commit", "post-checkout", "post-merge", "reference-transaction", "pre-push", "post-rewrite",
         "pre-auto-gc", "fsmonitor-watchman", "push-to-checkout", "post-index-change")


def _booby_trap(repo: Path, marker: Path) -> None:
    """Every hook, in the repository's hooks/ and in a core.hooksPath its config names, plus every config key
    that names a command git might run, each writing `marker` if run."""
    script = f"#!/bin/sh\necho \"$0\" >> {marker}\n"
    hooks = repo / "hooks-elsewhere"
    hooks.mkdir()
    for where in (repo / ".git" / "hooks", hooks):
        where.mkdir(exist_ok=True)
        for name in HOOKS:
            (where / name).write_text(script)
            (where / name).chmod(0o755)
    trap = repo / "trap.sh"
    trap.write_text(script)
    trap.chmod(0o755)
    (repo / ".gitattributes").write_text("* filter=x\n")
    git("add", ".gitattributes", "trap.sh", cwd=repo)
    git("commit", "-qm", "attributes", "--no-verify", cwd=repo)
    git("branch", "-f", "task", "HEAD", cwd=repo)
    for key, value in {"core.hooksPath": str(hooks), "core.fsmonitor": str(trap),
                       "uploadpack.packObjectsHook": str(trap), "core.sshCommand": str(trap),
                       "core.alternateRefsCommand": str(trap), "core.pager": str(trap),
                       "diff.external": str(trap), "filter.x.smudge": str(trap), "filter.x.clean": str(trap),
                       "filter.x.process": str(trap)}.items():
        git("config", key, value, cwd=repo)


def test_no_hook_or_command_of_a_local_repository_ever_runs(suite, tmp_path):
    src, _ = _outside(tmp_path, suite)
    marker = tmp_path / "ran"
    _booby_trap(src, marker)
    # Live: a git that reads the repository's own configuration runs its commands (here its fsmonitor).
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    subprocess.run(["git", "status", "--short"], cwd=src, env={**env, "GIT_CONFIG_GLOBAL": os.devnull},
                   capture_output=True, check=False)
    assert marker.exists(), "the trap is not live"
    marker.unlink()
    _git_task(suite, "g-local", str(src), "task")
    assert _check(suite, "--allow-local-repos") == (0, [])
    out = tmp_path / "out"
    done = run_cli("run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", "g-local", "--out", str(out),
                   "--sandbox", "none", "--allow-local-repos")
    assert done.returncode == 0, done.stderr
    assert _runs(out)[("g-local", 0)]["outcome"] == "passed"
    assert not marker.exists(), marker.read_text()


def test_a_partial_clone_that_lacks_the_task_commit_fetches_nothing(suite, tmp_path):
    """The repository says it is a partial clone of a remote whose transport is a command of its own, and lacks
    the task's commit: git asked for it must not lazily fetch it (running that command)."""
    src, task_sha = _outside(tmp_path, suite)
    marker = tmp_path / "ran"
    trap = tmp_path / "ssh.sh"
    trap.write_text(f"#!/bin/sh\necho \"$@\" >> {marker}\nexit 1\n")
    trap.chmod(0o755)
    for key, value in {"core.repositoryformatversion": "1", "extensions.partialClone": "origin",
                       "remote.origin.url": "ssh://example.invalid/x", "remote.origin.promisor": "true",
                       "core.sshCommand": str(trap)}.items():
        git("config", key, value, cwd=src)
    (src / ".git" / "objects" / task_sha[:2] / task_sha[2:]).unlink()
    _git_task(suite, "g-local", str(src), task_sha)
    code, _ = _check(suite, "--allow-local-repos")
    assert code == 2
    assert not marker.exists(), marker.read_text()


def test_a_submodule_of_a_local_repository_is_never_fetched(suite, tmp_path):
    src, _ = _outside(tmp_path, suite)
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "secret.txt").write_text("HOST-SECRET\n")
    git("init", "-q", cwd=secret)
    git("add", "-A", cwd=secret)
    git("commit", "-qm", "secret", cwd=secret)
    git("checkout", "-q", "task", cwd=src)
    git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(secret), "vendored", cwd=src)
    git("commit", "-qm", "submodule", cwd=src)
    _git_task(suite, "g-local", str(src), "task")
    record = isolate.isolate_one(_task_allowed(suite, "g-local"), tmp_path / "res", "r1", 0)
    for tree in (record["paths"]["workdir"], record["paths"]["snapshot"]):
        found = [p for p in Path(tree).rglob("*") if p.is_file() and b"HOST-SECRET" in p.read_bytes()]
        assert not found, found


def _task_allowed(suite: Path, task_id: str) -> dict:
    records, problems = validate.validate([str(suite / "tasks")], [task_id], allow_local=True)
    assert not problems, problems
    return records[0]
