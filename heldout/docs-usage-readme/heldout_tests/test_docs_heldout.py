import doctest
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import unittest

import wordfreq.core

ROOT = pathlib.Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^\s*(```|~~~)")


def readme_examples():
    """(command, expected output lines) for every `$ ... wordfreq ...` line in a fenced block."""
    examples = []
    in_block = False
    current = None
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            if current is not None:
                examples.append(current)
                current = None
            in_block = not in_block
            continue
        if not in_block:
            continue
        stripped = line.strip()
        if stripped.startswith("$ "):
            if current is not None:
                examples.append(current)
            command = stripped[2:].strip()
            current = (command, []) if "wordfreq" in command else None
        elif current is not None:
            current[1].append(line.rstrip())
    if current is not None:
        examples.append(current)
    return examples


def normalize(lines):
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


class DocstringExamplesTest(unittest.TestCase):
    def test_every_public_function_has_a_passing_example(self):
        finder = doctest.DocTestFinder(recurse=False)
        for name in wordfreq.core.__all__:
            with self.subTest(function=name):
                func = getattr(wordfreq.core, name)
                tests = finder.find(func, name, module=wordfreq.core, globs=dict(vars(wordfreq.core)))
                examples = [ex for test in tests for ex in test.examples]
                self.assertTrue(examples, f"{name}() has no docstring example")
                self.assertTrue(
                    any(re.search(r"\b" + name + r"\s*\(", ex.source) for ex in examples),
                    f"the examples in {name}() never call {name}()",
                )
                runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
                for test in tests:
                    runner.run(test, out=lambda _text: None)
                self.assertEqual(runner.failures, 0, f"{name}() examples fail")


class ReadmeExamplesTest(unittest.TestCase):
    def test_readme_examples_show_real_output(self):
        examples = readme_examples()
        self.assertTrue(examples, "README.md shows no example invocation")
        with tempfile.TemporaryDirectory() as bindir:
            for alias in ("python", "python3"):
                os.symlink(sys.executable, os.path.join(bindir, alias))
            env = dict(
                os.environ,
                PATH=bindir + os.pathsep + os.environ.get("PATH", ""),
                COLUMNS="80",
                PYTHONDONTWRITEBYTECODE="1",
            )
            env.pop("PYTHONPATH", None)
            for command, expected in examples:
                with self.subTest(command=command):
                    proc = subprocess.run(
                        command,
                        shell=True,
                        cwd=ROOT,
                        env=env,
                        stdin=subprocess.DEVNULL,
                        stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT,
                        text=True,
                        timeout=20,
                    )
                    self.assertEqual(normalize(proc.stdout.splitlines()), normalize(expected))


if __name__ == "__main__":
    unittest.main()
