#!/usr/bin/env python3
"""Runs PROTOCOL.md's example harness (§5.1, a Python login harness), taken from the guide by scripts/doc-samples, on
the bundled login scenarios: every reducer-level one must pass and every runtime-level one be 'not applicable', as
the guide says. A harness that a reader copies must be one that works.

The harness needs the `regex` package: it is installed from PyPI into .build/python-harness-venv on first use.
Needs .build/debug/conformance (swift build), as scripts/test builds it first.

Run: python3 -m unittest discover -s scripts -p 'test_protocol_example.py'
"""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
TOOL = os.path.join(REPO, ".build", "debug", "conformance")
VENV = os.path.join(REPO, ".build", "python-harness-venv")
SAMPLES = "scripts/team-package/python"


def harness_python():
    """A Python that can import `regex`: the virtual environment's, made and filled on first use."""
    python = os.path.join(VENV, "bin", "python")
    if os.path.exists(python) and subprocess.run([python, "-c", "import regex"], capture_output=True).returncode == 0:
        return python
    subprocess.run([sys.executable, "-m", "venv", VENV], check=True, capture_output=True)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "regex"], check=True)
    return python


class ProtocolExampleTests(unittest.TestCase):
    def test_the_python_login_harness_passes_every_reducer_level_login_scenario(self):
        self.assertTrue(os.access(TOOL, os.X_OK), f"{TOOL} is missing; run 'swift build' first")
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run([sys.executable, os.path.join(HERE, "doc-samples"), "write", SAMPLES, folder], check=True,
                           capture_output=True)
            # The example runs the reducer level only, and says so: runtime scenarios are then not applicable to it.
            harness = f"python:reducer={harness_python()} {os.path.join(folder, 'login_harness.py')}"
            result = subprocess.run([TOOL, "run", "--harness", harness, "--impl", "python", "Conformance/scenarios/login"],
                                    cwd=REPO, capture_output=True, text=True, timeout=300)
        lines = result.stdout.splitlines()
        self.assertEqual(result.returncode, 0, result.stdout[-3000:] + result.stderr[-2000:])
        runtime = len(os.listdir(os.path.join(REPO, "Conformance", "scenarios", "login", "runtime")))
        self.assertRegex(lines[-1], rf"^[0-9]+ passed, 0 failed, {runtime} not applicable$")


if __name__ == "__main__":
    unittest.main()
