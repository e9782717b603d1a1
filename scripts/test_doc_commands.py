#!/usr/bin/env python3
"""Tests scripts/doc-commands: how it reads the commands a guide shows, how a shown output stands for a printed one,
that `check` fails on a guide that shows a wrong output, and that the repository's own guides pass (so the outputs
the README and docs/ show cannot drift from what the tool prints).

Run: python3 -m unittest discover -s scripts -p 'test_doc_commands.py' (after `swift build`)
"""
import importlib.machinery
import importlib.util
import os
import stat
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
_loader = importlib.machinery.SourceFileLoader("doc_commands", os.path.join(HERE, "doc-commands"))
_spec = importlib.util.spec_from_loader("doc_commands", _loader)
doc_commands = importlib.util.module_from_spec(_spec)
_loader.exec_module(doc_commands)

# A stand-in for .build/debug/conformance: prints its arguments, a line on stderr, and a timing line.
FAKE_CONFORMANCE = """#!/usr/bin/env python3
import sys
print("args: " + " ".join(sys.argv[1:]))
print("✓ login-one")
print("✓ login-two")
print("✓ login-three")
sys.stdout.flush()
print("error: a.json: steps[0]: bad", file=sys.stderr)
print("")
print("Ran 3 scenarios (9 steps) in 0.73 s")
print("3 passed, 0 failed")
"""


class FakeRepository:
    """A temporary repository holding the given guides and the fake `conformance` at .build/debug/conformance."""

    def __init__(self, files):
        self.folder = tempfile.TemporaryDirectory()
        self.root = self.folder.name
        files = dict(files, **{".build/debug/conformance": FAKE_CONFORMANCE})
        for path, text in files.items():
            full = os.path.join(self.root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as handle:
                handle.write(text)
        binary = os.path.join(self.root, ".build/debug/conformance")
        os.chmod(binary, os.stat(binary).st_mode | stat.S_IXUSR)

    def __enter__(self):
        return self.root

    def __exit__(self, *exception):
        self.folder.cleanup()


RIGHT = """# Guide

```text
$ swift run conformance run \\
    --filter 'a b'
args: run --filter a b
✓ login-one
…
error: a.json: …
…
Ran 3 scenarios (9 steps) in 0.01 s
3 passed, 0 failed
```
"""

WRONG = RIGHT.replace("3 passed, 0 failed", "3 passed, 1 failed")


class CommandsTests(unittest.TestCase):
    def test_a_text_block_starting_with_a_prompt_holds_commands_with_their_output_and_continued_lines(self):
        text = ("Intro\n\n```text\n$ conformance list \\\n    --tag a\none\n$ conformance validate\ntwo\n```\n\n"
                "```sh\n$ conformance run\n```\n\n```text\nno prompt\n```\n")
        found = doc_commands.commands("docs/a.md", text)
        self.assertEqual([(c.line, c.text, c.output, c.untested) for c in found], [
            (4, "conformance list --tag a", ["one"], False),
            (7, "conformance validate", ["two"], False),
        ])

    def test_a_block_after_an_untested_marker_is_marked_untested(self):
        text = "<!-- untested: needs the Kotlin harness -->\n```text\n$ swift run conformance run --all\n```\n"
        self.assertEqual([c.untested for c in doc_commands.commands("README.md", text)], [True])

    def test_only_conformance_commands_have_an_argv(self):
        self.assertEqual(doc_commands.argv_of("swift run conformance run --harness 'k=a b'", "/c"),
                         ["/c", "run", "--harness", "k=a b"])
        self.assertEqual(doc_commands.argv_of("conformance list", "/c"), ["/c", "list"])
        self.assertIsNone(doc_commands.argv_of("swift test", "/c"))


class OutputMatchesTests(unittest.TestCase):
    PRINTED = ["a", "b", "c", "Ran 1 scenario (3 steps) in 0.002 s", "0 passed, 1 failed", ""]

    def test_an_elision_line_stands_for_any_lines_and_an_elision_in_a_line_for_any_text(self):
        self.assertTrue(doc_commands.output_matches(["a", "…", "Ran 1 scenario (3 steps) in 9 s", "0 passed, …"],
                                                    self.PRINTED))
        self.assertTrue(doc_commands.output_matches(["a", "…", "b", "c", "…"], self.PRINTED))

    def test_a_missing_changed_or_extra_line_does_not_match(self):
        self.assertFalse(doc_commands.output_matches(["a", "c", "…"], self.PRINTED))
        self.assertFalse(doc_commands.output_matches(["a", "…", "0 passed, 0 failed"], self.PRINTED))
        self.assertFalse(doc_commands.output_matches(["a", "b", "c"], self.PRINTED))
        self.assertFalse(doc_commands.output_matches(["…", "0 passed, 1 failed", "extra"], self.PRINTED))

    def test_a_shards_timing_line_is_compared_but_its_time(self):
        printed = ["Ran 2 scenarios (10 steps) in 0.005 s (shard 1/3 of 12 files)"]
        self.assertTrue(doc_commands.output_matches(["Ran 2 scenarios (10 steps) in 0.1 s (shard 1/3 of 12 files)"],
                                                    printed))
        self.assertFalse(doc_commands.output_matches(["Ran 2 scenarios (10 steps) in 0.1 s (shard 2/3 of 12 files)"],
                                                     printed))
        self.assertFalse(doc_commands.output_matches(["Ran 2 scenarios (10 steps) in 0.1 s"], printed))

    def test_the_time_is_compared_only_on_the_timing_line(self):
        self.assertFalse(doc_commands.output_matches(["1.0 s"], ["2.0 s"]))


class CheckTests(unittest.TestCase):
    def test_a_guide_that_shows_the_printed_output_has_no_problem(self):
        with FakeRepository({"README.md": RIGHT, "docs/more.md": RIGHT}) as root:
            self.assertEqual(doc_commands.check(root), ([], 2, 0))

    def test_a_guide_that_shows_a_wrong_output_is_a_problem_with_a_diff(self):
        with FakeRepository({"docs/guide.md": WRONG}) as root:
            problems, ran, untested = doc_commands.check(root)
        self.assertEqual((ran, untested), (1, 0))
        self.assertEqual(len(problems), 1)
        self.assertTrue(problems[0].startswith(
            "docs/guide.md:4: the output of 'swift run conformance run --filter 'a b'' is not the one shown "
            "(- shown, + printed; a '…' line stands for any lines); copy it again:\n"), problems[0])
        self.assertIn("\n    -3 passed, 1 failed\n    +3 passed, 0 failed", problems[0])

    def test_a_command_that_cannot_run_here_must_be_marked_untested(self):
        guide = ("```text\n$ swift test\nok\n```\n\n"
                 "<!-- untested: a team's own package -->\n```text\n$ swift test\nok\n```\n")
        with FakeRepository({"README.md": guide}) as root:
            self.assertEqual(doc_commands.check(root), ([
                "README.md:2: cannot run 'swift test': only 'swift run conformance …' commands run here; mark the "
                "block '<!-- untested: WHY -->' when no test can run it"], 0, 1))

    def test_the_script_exits_1_on_a_wrong_output(self):
        with FakeRepository({"README.md": WRONG}) as root:
            os.makedirs(os.path.join(root, "scripts", "lib"))
            for name in ("doc-commands", "doc-samples", os.path.join("lib", "script_cli.py")):
                with open(os.path.join(HERE, name), encoding="utf-8") as source, \
                        open(os.path.join(root, "scripts", name), "w", encoding="utf-8") as copy:
                    copy.write(source.read())
            result = subprocess.run([sys.executable, os.path.join(root, "scripts", "doc-commands"), "check"],
                                    capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertTrue(result.stdout.endswith("doc-commands: 1 problem (1 command ran, 0 blocks untested)\n"),
                        result.stdout)


class RepositoryTests(unittest.TestCase):
    def test_every_command_the_readme_and_docs_show_prints_what_they_show(self):
        binary = os.path.join(REPO, ".build", "debug", "conformance")
        self.assertTrue(os.access(binary, os.X_OK), f"{binary} is missing; run 'swift build' first")
        started = time.monotonic()
        problems, ran, _ = doc_commands.check(REPO)
        self.assertEqual(problems, [], "\n".join(problems))
        self.assertGreater(ran, 0)
        self.assertLess(time.monotonic() - started, 60, "the guides' commands should run in seconds")


if __name__ == "__main__":
    unittest.main()
