"""noxfile.py as a module for the tests, which run in a venv that need not have nox installed (`nox -s tests`)."""
from __future__ import annotations

import functools
import importlib.util
import sys
import types

from conftest import REPO


@functools.cache   # loaded once: nox registers each session as the module runs
def load_noxfile() -> types.ModuleType:
    """noxfile.py as a module (with nox itself when installed; else the names it uses at import)."""
    if "nox" not in sys.modules and importlib.util.find_spec("nox") is None:
        stub = types.ModuleType("nox")
        stub.options = types.SimpleNamespace()
        stub.Session = object
        stub.session = lambda *a, **k: (a[0] if a and callable(a[0]) else (lambda f: f))
        sys.modules.setdefault("nox", stub)
    spec = importlib.util.spec_from_file_location("noxfile_under_test", REPO / "noxfile.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
