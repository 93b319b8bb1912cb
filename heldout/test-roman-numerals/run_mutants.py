"""Grade a test suite by mutation: it must pass on the correct module and fail on every mutant.

Run from the root of the grading copy: python run_mutants.py
  1. the suite in tests/ runs against the reference module (reference/<module>); it must pass and
     must have run at least one test;
  2. for each mutants/*.py, the grading copy is copied to a fresh temporary directory, the module is
     replaced by the mutant and the suite runs there; the mutant is caught if the run fails.
Prints one line per mutant, then a JSON summary as the last line; exits 0 only if the suite passed
on the reference module and caught every mutant.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

MODULE = "roman.py"
ROOT = Path(__file__).resolve().parent
REFERENCE = ROOT / "reference" / MODULE
MUTANTS = sorted((ROOT / "mutants").glob("*.py"))
COMMAND = [sys.executable, "-m", "unittest", "discover", "-s", "tests", "-t", ".", "-q"]
TIMEOUT_S = 30
IGNORE = shutil.ignore_patterns(".git", "__pycache__", "*.pyc", "mutants", "reference", Path(__file__).name)


def run_suite(module_source):
    """Run the suite in a temporary copy of the repo whose module is module_source.

    Returns (exit_code, tests_run); exit_code is None when the run timed out.
    """
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        work = Path(tmp) / "repo"
        shutil.copytree(ROOT, work, ignore=IGNORE)
        shutil.copyfile(module_source, work / MODULE)
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        try:
            proc = subprocess.run(
                COMMAND, cwd=work, env=env, capture_output=True, text=True, timeout=TIMEOUT_S
            )
        except subprocess.TimeoutExpired:
            return None, 0
    counts = re.findall(r"^Ran (\d+) tests? in ", proc.stderr, re.MULTILINE)
    return proc.returncode, int(counts[-1]) if counts else 0


def main():
    code, tests_run = run_suite(REFERENCE)
    baseline_passed = code == 0 and tests_run >= 1
    print(f"reference: {'pass' if baseline_passed else 'FAIL'} (exit {code}, {tests_run} tests run)")
    caught = 0
    for mutant in MUTANTS:
        code, ran = run_suite(mutant)
        # A run that fails (or hangs) catches the mutant; a run with no tests catches nothing.
        is_caught = code != 0 and (code is None or ran >= 1)
        caught += is_caught
        print(f"{mutant.name}: {'caught' if is_caught else 'MISSED'} (exit {code}, {ran} tests run)")
    summary = {
        "baseline_passed": baseline_passed,
        "tests_run": tests_run,
        "mutants_total": len(MUTANTS),
        "mutants_caught": caught,
    }
    print(json.dumps(summary))
    return 0 if baseline_passed and MUTANTS and caught == len(MUTANTS) else 1


if __name__ == "__main__":
    sys.exit(main())
