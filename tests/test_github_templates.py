"""The .github issue forms and pull-request template: each form has GitHub's issue-form structure, and the
results form asks exactly for what `promote` reads or records (its arguments, its entry's fields), plus the
few things a reviewer needs that no entry holds (hardware, the command line, the checklist)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from bench.common import schema
from bench.report import promote
from tools.synthetic import synthetic_runs

REPO = Path(__file__).resolve().parent.parent
FORMS = REPO / ".github" / "ISSUE_TEMPLATE"
RESULTS = FORMS / "results.yml"

# GitHub's issue-form syntax (docs.github.com, "Syntax for issue forms" / "Syntax for GitHub's form schema").
TOP_REQUIRED = {"name", "description", "body"}
TOP_ALLOWED = TOP_REQUIRED | {"title", "labels", "assignees", "projects", "type"}
TYPES = {"markdown", "input", "textarea", "dropdown", "checkboxes"}
ATTRIBUTES = {
    "markdown": {"value"},
    "input": {"label", "description", "placeholder", "value"},
    "textarea": {"label", "description", "placeholder", "value", "render"},
    "dropdown": {"label", "description", "multiple", "options", "default"},
    "checkboxes": {"label", "description", "options"},
}
ID_RE = re.compile(r"^[A-Za-z0-9_-]+$")

# Each results-form field and what of promote it stands for: ("arg", flag) a promote argument (the positional
# `run` by its name), ("entry", dotted path) a field of the leaderboard entry promote writes, ("review", why)
# something a reviewer needs that no entry holds. A field in none of these is one promote does not know.
RESULTS_FIELDS = {
    "name": [("arg", "--name"), ("entry", "name")],
    "run": [("arg", "run")],
    "agent": [("entry", "groups.agent")],
    "agent_version": [("entry", "groups.agent_version")],
    "model": [("entry", "groups.model")],
    "model_digest": [("entry", "groups.model_info.digest")],
    "harness_version": [("entry", "harness_version")],
    "suite": [("entry", "task_digests")],
    "sandbox": [("entry", "groups.sandbox")],
    "complete": [("arg", "--allow-incomplete"), ("entry", "complete")],
    "hardware": [("review", "no entry records the machine; a reviewer needs it to reproduce the run")],
    "command": [("review", "the entry keeps no argv; a reviewer reruns it")],
    "checks": [("review", "the submitter's checklist")],
}


def form_problems(form: object) -> list[str]:
    """Every way `form` (a parsed issue form) breaks GitHub's issue-form syntax, one line each."""
    if not isinstance(form, dict):
        return ["not a mapping"]
    problems = [f"missing top-level key {k!r}" for k in sorted(TOP_REQUIRED - set(form))]
    problems += [f"unknown top-level key {k!r}" for k in sorted(set(form) - TOP_ALLOWED)]
    problems += [f"{k!r} must be a non-empty string" for k in ("name", "description")
                 if k in form and not (isinstance(form[k], str) and form[k].strip())]
    body = form.get("body")
    if not isinstance(body, list) or not body:
        return problems + ["body must be a non-empty list"]
    ids: set[str] = set()
    labels: set[str] = set()
    for i, item in enumerate(body):
        problems += item_problems(f"body[{i}]", item, ids, labels)
    if not ids:
        problems.append("body has no field besides markdown")
    return problems


def item_problems(where: str, item: object, ids: set[str], labels: set[str]) -> list[str]:
    """The problems of one body item; `ids` and `labels` collect what earlier items used (both must be unique)."""
    problems: list[str] = []
    if not isinstance(item, dict) or item.get("type") not in TYPES:
        problems.append(f"{where}: type must be one of {sorted(TYPES)}")
        return problems
    kind, attrs = item["type"], item.get("attributes")
    problems += [f"{where}: unknown key {k!r}" for k in sorted(set(item) - {"type", "id", "attributes",
                                                                        "validations"})]
    if not isinstance(attrs, dict):
        problems.append(f"{where}: attributes missing")
        return problems
    problems += [f"{where}: unknown attribute {k!r} for {kind}" for k in sorted(set(attrs) - ATTRIBUTES[kind])]
    if kind == "markdown":
        if not isinstance(attrs.get("value"), str) or not attrs["value"].strip():
            problems.append(f"{where}: markdown needs a value")
        if "id" in item or "validations" in item:
            problems.append(f"{where}: markdown takes no id or validations")
        return problems
    item_id = item.get("id")
    if not isinstance(item_id, str) or not ID_RE.match(item_id):
        problems.append(f"{where}: id must be letters, digits, - and _")
    elif item_id in ids:
        problems.append(f"{where}: id {item_id!r} is not unique")
    else:
        ids.add(item_id)
    label = attrs.get("label")
    if not isinstance(label, str) or not label.strip():
        problems.append(f"{where}: label must be a non-empty string")
    elif label in labels:
        problems.append(f"{where}: label {label!r} is not unique")
    else:
        labels.add(label)
    options = attrs.get("options")
    if kind == "dropdown":
        if not isinstance(options, list) or not options or not all(isinstance(o, str) and o for o in options):
            problems.append(f"{where}: dropdown options must be non-empty strings (quote yes/no)")
        elif len(set(options)) != len(options):
            problems.append(f"{where}: dropdown options must be unique")
    if kind == "checkboxes" and (not isinstance(options, list) or not options or not all(
            isinstance(o, dict) and isinstance(o.get("label"), str) and set(o) <= {"label", "required"}
            for o in options)):
        problems.append(f"{where}: checkboxes options must be a list of {{label, required}}")
    validations = item.get("validations", {})
    if not isinstance(validations, dict) or set(validations) - {"required"} or not isinstance(
            validations.get("required", False), bool):
        problems.append(f"{where}: validations may only hold required: true/false")
    return problems


def field_ids(form: dict) -> list[str]:
    """The ids of a form's fields (markdown has none)."""
    return [item["id"] for item in form["body"] if item["type"] != "markdown"]


@pytest.mark.parametrize("path", sorted(FORMS.glob("*.yml")), ids=lambda p: p.name)
def test_every_issue_form_has_githubs_structure(path: Path) -> None:
    assert form_problems(yaml.safe_load(path.read_text(encoding="utf-8"))) == []


def test_the_checker_catches_a_malformed_form() -> None:
    form = yaml.safe_load(RESULTS.read_text(encoding="utf-8"))
    broken = dict(form, body=[*form["body"], dict(form["body"][1]), {"type": "select", "id": "x"},
                              {"type": "dropdown", "id": "y", "attributes": {"label": "Y", "options": [True, False]}}])
    del broken["description"]
    problems = form_problems(broken)
    assert "missing top-level key 'description'" in problems
    assert any("is not unique" in p for p in problems)
    assert any("type must be one of" in p for p in problems)
    assert any("quote yes/no" in p for p in problems)


def test_results_form_asks_only_for_what_promote_knows() -> None:
    ids = field_ids(yaml.safe_load(RESULTS.read_text(encoding="utf-8")))
    assert set(ids) == set(RESULTS_FIELDS), (
        f"the results form's fields {sorted(set(ids) - set(RESULTS_FIELDS))} are not known to promote, and "
        f"{sorted(set(RESULTS_FIELDS) - set(ids))} are no longer asked")


def _help(capsys: pytest.CaptureFixture) -> str:
    with pytest.raises(SystemExit) as done:
        promote.main(["--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def _lookup(value: object, path: list[str]) -> list:
    """The values at a dotted path, lists crossed (groups.model_info.digest: every group's every model's digest)."""
    if not path:
        return [value]
    if isinstance(value, list):
        return [found for v in value for found in _lookup(v, path)]
    if isinstance(value, dict) and path[0] in value:
        return _lookup(value[path[0]], path[1:])
    return []


@pytest.mark.parametrize("field", sorted(RESULTS_FIELDS))
def test_each_results_field_is_a_promote_argument_or_entry_field(field: str, capsys: pytest.CaptureFixture) -> None:
    from bench import score

    summary = score.score(synthetic_runs(12, seed=1, groups=1, reps=1))
    entry = promote.promote(summary, "form-check", "2026-01-01")
    schema.check(entry, "leaderboard-entry", where="entry form-check")
    for kind, what in RESULTS_FIELDS[field]:
        if kind == "arg":
            usage = _help(capsys)
            assert re.search(rf"(^|\s|\[){re.escape(what)}(\s|$|\])", usage, re.M), f"promote has no {what}"
        elif kind == "entry":
            found = [v for v in _lookup(entry, what.split(".")) if v not in (None, "", [], {})]
            assert found, f"the entry promote writes has no {what}"
        else:
            assert kind == "review" and what


def test_pull_request_template_names_contributings_checks() -> None:
    text = (REPO / ".github" / "pull_request_template.md").read_text(encoding="utf-8")
    boxes = re.findall(r"^- \[ \] (.+)$", text, re.M)
    for needed in ("nox -s check", "nox -s lint tests", "verify --task", "CHANGELOG.md", "test that fails"):
        assert any(needed in box for box in boxes), f"no checklist item names {needed!r}"
    contributing = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "nox -s lint tests" in contributing and "verify" in contributing
