#!/usr/bin/env python3
"""Tests that every script in scripts/ reports a usage error as the `conformance` CLI does: exit status 2, and on
stderr 'error: …', 'Usage: …' and "See '… --help'." (scripts/lib/common.sh, scripts/lib/script_cli.py), before it
does any work; and that the shared Python helper rewords argparse's messages.

Run: python3 -m unittest discover -s scripts -p 'test_script_usage.py' (scripts/check-schemas needs its virtual
environment, which it creates on first use).
"""
import io
import os
import subprocess
import sys
import unittest
from contextlib import redirect_stderr

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "lib"))
import script_cli  # noqa: E402

# (command as the user types it, its usage line); grapheme_scenarios.py gets its required option first, else it
# reports that one missing.
SCRIPTS = [
    (["scripts/test"], "scripts/test"),
    (["scripts/kotlin"], "scripts/kotlin <subcommand>"),
    (["scripts/kotlin-harness"], "scripts/kotlin-harness [--implementation <name> | --fixture <name>]"),
    (["scripts/swift-viewmodel-harness"], "scripts/swift-viewmodel-harness"),
    (["scripts/check-schemas"], "scripts/check-schemas [<path> ...]"),
    (["scripts/check-step-summary"], "scripts/check-step-summary [--tool PATH] [--artifacts DIR]"),
    (["scripts/test-team-package"], "scripts/test-team-package [--keep]"),
    (["scripts/test-kotlin-module"], "scripts/test-kotlin-module [--keep]"),
    (["scripts/test-kotlin-junit"], "scripts/test-kotlin-junit [--tool PATH] [--keep]"),
    (["scripts/bench"],
     "scripts/bench [--scenarios N] [--runs N] [--scale N] [--runtime N] [--skip-scale] [--skip-kotlin] [--keep]"),
    (["scripts/check-runtime-mistakes"], "scripts/check-runtime-mistakes [--tool PATH]"),
    (["scripts/bench-viewmodel"], "scripts/bench-viewmodel [--runs N] [--impl NAME] [--tool PATH]"),
    (["scripts/bench-fuzz"], "scripts/bench-fuzz [--time S] [--skip-kotlin] [--debug]"),
    (["scripts/grapheme_scenarios.py", "--out", "unused"],
     "scripts/grapheme_scenarios.py --out DIR [--test-file F] [--properties F] [--emoji-data F] [--features DIR]"),
    (["scripts/kotlin_toolchain.py"], "scripts/kotlin_toolchain.py unpack | plugin-jar | jar <argument>..."),
    (["scripts/doc-samples", "check"], "scripts/doc-samples check | write <folder> <destination>"),
    (["scripts/doc-commands", "check"], "scripts/doc-commands check"),
    (["scripts/measure-walk", "functions"],
     "scripts/measure-walk walk [--scratch-path DIR] [--skip-build] [--write-doc | --check-doc] | functions [--limit N]"),
    (["scripts/release"], "scripts/release [--configuration release|debug]"),
    (["scripts/maven-install"], "scripts/maven-install [--repo DIR]"),
]


def run(argv):
    """Runs a script from the repository root; returns (exit status, stdout, stderr)."""
    if argv[0].endswith(".py"):
        argv = [sys.executable] + argv
    process = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=120)
    return process.returncode, process.stdout, process.stderr


def usage_error(message, program, usage):
    return f"error: {message}\nUsage: {usage}\nSee '{program} --help'.\n"


class UsageErrorTests(unittest.TestCase):
    def test_an_unknown_option_exits_2_with_the_usage(self):
        for argv, usage in SCRIPTS:
            with self.subTest(argv[0]):
                status, out, err = run(argv + ["--bogus"])
                self.assertEqual((status, out), (2, ""), err)
                # check-schemas may first say that it is setting up its Python environment.
                self.assertTrue(err.endswith(usage_error("unknown option '--bogus'", argv[0], usage)), err)

    def test_help_exits_0_on_stdout(self):
        for argv, usage in SCRIPTS:
            with self.subTest(argv[0]):
                status, out, err = run(argv + ["--help"])
                self.assertEqual(status, 0, err)
                self.assertNotEqual(out, "")

    def test_scripts_that_take_no_argument_reject_one(self):
        for argv, usage in [(["scripts/kotlin-harness"], "scripts/kotlin-harness [--implementation <name> | --fixture <name>]"),
                            (["scripts/kotlin", "build"], "scripts/kotlin <subcommand>"),
                            (["scripts/swift-viewmodel-harness"], "scripts/swift-viewmodel-harness"),
                            (["scripts/test-team-package", "--keep"], "scripts/test-team-package [--keep]"),
                            (["scripts/release"], "scripts/release [--configuration release|debug]"),
                            (["scripts/maven-install"], "scripts/maven-install [--repo DIR]")]:
            with self.subTest(argv):
                self.assertEqual(run(argv + ["extra"]),
                                 (2, "", usage_error("unexpected argument 'extra'", argv[0], usage)))

    def test_kotlin_names_a_wrong_or_missing_subcommand(self):
        usage = "scripts/kotlin <subcommand>"
        self.assertEqual(run(["scripts/kotlin", "biuld"]),
                         (2, "", usage_error("unknown subcommand 'biuld'", "scripts/kotlin", usage)))
        self.assertEqual(run(["scripts/kotlin"]), (2, "", usage_error(
            "missing subcommand (build, test, test-classpath, classpath, jar, junit-jar, junit-classpath, libraries or "
            "kotlinc)", "scripts/kotlin", usage)))

    def test_a_missing_value_and_a_bad_number_are_usage_errors(self):
        usage = ("scripts/bench [--scenarios N] [--runs N] [--scale N] [--runtime N] [--skip-scale] [--skip-kotlin] "
                 "[--keep]")
        self.assertEqual(run(["scripts/bench", "--runs"]),
                         (2, "", usage_error("option '--runs' needs a value", "scripts/bench", usage)))
        self.assertEqual(run(["scripts/bench", "--scenarios", "many"]), (2, "", usage_error(
            "option '--scenarios' needs a whole number, got 'many'", "scripts/bench", usage)))
        self.assertEqual(run(["scripts/bench", "--runtime", "-1"]), (2, "", usage_error(
            "option '--runtime' needs a whole number of at least 0, got '-1'", "scripts/bench", usage)))

    def test_kotlin_harness_names_a_wrong_implementation_or_fixture(self):
        usage = "scripts/kotlin-harness [--implementation <name> | --fixture <name>]"
        program = "scripts/kotlin-harness"
        self.assertEqual(run([program, "--fixture"]), (2, "", usage_error("option '--fixture' needs a value", program, usage)))
        self.assertEqual(run([program, "--implementation", "swift"]), (2, "", usage_error(
            "unknown implementation 'swift' (known: kotlin, kotlin-viewmodel)", program, usage)))
        self.assertEqual(run([program, "--fixture", "late"]), (2, "", usage_error(
            "unknown fixture 'late' (known: no-cancel-on-dismiss, applies-late-result, timeout-swallows-response, "
            "rethrows-client-cancellation, failure-into-state, timer-keeps-running-after-stop, "
            "timer-lacks-cancel-in-flight, inbox-keeps-collecting-after-disappear, inbox-sends-open-message-twice)",
            program, usage)))


class ScriptCLITests(unittest.TestCase):
    def test_argparse_messages_are_reworded_as_the_cli_words_them(self):
        cases = [
            ("unrecognized arguments: --bogus x", "unknown option '--bogus'"),
            ("unrecognized arguments: x", "unexpected argument 'x'"),
            ("argument --out: expected one argument", "option '--out' needs a value"),
            ("argument --keep: ignored explicit argument 'yes'", "flag '--keep' does not take a value"),
            ("argument --runs: invalid int value: 'two'", "option '--runs' needs a whole number, got 'two'"),
            ("the following arguments are required: --out", "missing option '--out'"),
            ("the following arguments are required: path", "missing argument 'path'"),
            ("something else", "something else"),
        ]
        for message, expected in cases:
            with self.subTest(message):
                self.assertEqual(script_cli.reword(message), expected)

    def test_the_usage_parser_exits_2_with_the_three_lines(self):
        parser = script_cli.UsageParser("scripts/x", "scripts/x [--keep]")
        parser.add_argument("--keep", action="store_true")
        err = io.StringIO()
        with redirect_stderr(err), self.assertRaises(SystemExit) as stop:
            parser.parse_args(["--kep"])
        self.assertEqual(stop.exception.code, 2)
        self.assertEqual(err.getvalue(), usage_error("unknown option '--kep'", "scripts/x", "scripts/x [--keep]"))

    def test_print_error_indents_the_details(self):
        err = io.StringIO()
        script_cli.print_error("it broke", "do this", "then that", stream=err)
        self.assertEqual(err.getvalue(), "error: it broke\n  do this\n  then that\n")


if __name__ == "__main__":
    unittest.main()
