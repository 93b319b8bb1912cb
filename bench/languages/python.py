"""Python: pytest and unittest, whose summaries (and the grading guard's own count) rules.py and pyguard read."""
from __future__ import annotations

from bench.languages.base import Profile

# Files that change which tests are collected or how they are judged (pytest reads every one of these).
TEST_CONFIG_FILES = ("pytest.ini", ".pytest.ini", "pytest.toml", ".pytest.toml", "tox.ini", "setup.cfg",
                     "conftest.py", ".coveragerc")


class PythonProfile(Profile):
    """Python's rules: commands the harness does not recognise as a runner are judged by their exit status. Its
    toolchain is the harness's own interpreter (oracle.grading_env), whose runners the engine checks."""

    def step_problem(self, command: str, output: bytes, allow_skipped: bool = False) -> tuple[bool, str | None]:
        """(the command runs pytest or unittest, what their summary says: rules.summary_problem). Skipped tests
        never fail a Python phase: code under test that skips the runner's tests reaches the runner, which the
        grading guard flags (runner_tampering)."""
        from bench.common import rules  # rules imports the profiles
        return rules.runner_of(command) is not None, rules.summary_problem(command, output)


PROFILE = PythonProfile(
    name="python", aliases=("py", "python3"),
    test_names=("test_*.py", "*_test.py", "conftest.py"), test_dirs=("tests",),
    config_names=TEST_CONFIG_FILES,
    requires_summary=False, runners=("pytest", "unittest"),
)
