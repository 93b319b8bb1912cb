"""The shape ARCHITECTURE.md draws, checked on the source: who may import whom."""
from __future__ import annotations

import ast
from pathlib import Path

from conftest import REPO

STAGES = {"bench.validate", "bench.isolate", "bench.run_agent", "bench.oracle", "bench.score", "bench.render"}
BASE = ("bench.common", "bench.exec")   # what everything may read; it reads nothing above it
ABOVE_BASE = ("bench.agents", "bench.models", "bench.report", "bench.fakellm", "bench.engine", "bench.cli",
              "bench.verify", *sorted(STAGES))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module `path` imports (also inside functions), `from a import b` counted as a.b when a.b is a module."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _sources() -> dict[str, set[str]]:
    return {_module_name(p): _imports(p) for root in ("bench", "tools") for p in sorted((REPO / root).rglob("*.py"))}


def test_only_the_engine_imports_the_stages():
    offenders = {module: sorted(imported & STAGES) for module, imported in _sources().items()
                 if module != "bench.engine" and imported & (STAGES - {module})}
    assert offenders == {}, "compose stages through bench/engine.py"


def test_the_shared_base_reads_nothing_above_it():
    offenders = {module: sorted(i for i in imported if i.startswith(ABOVE_BASE))
                 for module, imported in _sources().items() if module.startswith(BASE)}
    assert {m: i for m, i in offenders.items() if i} == {}


def test_the_runtime_package_never_imports_the_developer_tools():
    offenders = {module for module, imported in _sources().items()
                 if module.startswith("bench") and any(i == "tools" or i.startswith("tools.") for i in imported)}
    assert offenders == set()


DOCS = ("README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "METHODOLOGY.md", "SECURITY.md")
NOT_OURS = {"QWEN.md"}  # a file an agent reads in the repository it works on, named as such


def test_the_documents_cite_only_files_in_the_repository():
    """A document a reader is sent to exists in the checkout: every NAME.md named in the docs (not CHANGELOG.md,
    which tells history) and every relative Markdown link target."""
    import re
    cited = set()
    for doc in DOCS:
        text = (REPO / doc).read_text(encoding="utf-8")
        cited.update((doc, name) for name in re.findall(r"\b([A-Z][A-Z0-9_-]*\.md)\b", text))
        cited.update((doc, target.split("#")[0]) for target in re.findall(r"\]\(([^)\s]+)\)", text)
                     if "://" not in target and not target.startswith(("#", "mailto:")))
    missing = sorted(f"{doc} -> {name}" for doc, name in cited if name not in NOT_OURS and not (REPO / name).exists())
    assert len(cited) > len(DOCS) and missing == []


def test_the_readme_installs_what_ci_installs_for_the_sandbox_and_browser_tests():
    """The fresh-machine steps name every system package .ci/run installs for the tests (bubblewrap, Chromium
    and its font), in one apt-get line a reader can copy."""
    import re
    packages = {name for group in re.findall(r"need\+=\(([^)]*)\)", (REPO / ".ci" / "run").read_text())
                for name in group.split()}
    assert {"bubblewrap", "chromium", "fonts-dejavu-core"} <= packages, packages
    lines = [ln for ln in (REPO / "README.md").read_text(encoding="utf-8").splitlines() if "apt-get install" in ln]
    assert any(packages <= set(ln.split()) for ln in lines), (packages, lines)


def test_the_checks_above_see_real_imports():
    sources = _sources()
    assert {"bench.validate", "bench.run_agent", "bench.oracle"} <= sources["bench.engine"]
    assert "bench.exec.safefs" in sources["bench.common.heldout"]
