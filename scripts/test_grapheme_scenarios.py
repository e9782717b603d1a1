#!/usr/bin/env python3
"""Tests of scripts/grapheme_scenarios.py: the UAX #29 rules, the padding, the scenarios and the report.

Run: python3 -m unittest discover -s scripts -p 'test_*.py' (needs Debian's unicode-data for the file-based tests;
they are skipped without it).
"""
import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import grapheme_scenarios as gs  # noqa: E402

HAVE_DATA = all(os.path.isfile(p) for p in (gs.DEFAULT_TEST_FILE, gs.DEFAULT_PROPERTIES, gs.DEFAULT_EMOJI_DATA))


def small_properties():
    """A hand-made property table: enough for the rules the tests touch."""
    gcb = [
        (0x0A, 0x0A, "LF"), (0x0D, 0x0D, "CR"), (0x01, 0x01, "Control"), (0x0300, 0x036F, "Extend"),
        (0x0600, 0x0605, "Prepend"), (0x0903, 0x0903, "SpacingMark"), (0x200D, 0x200D, "ZWJ"),
        (0x1F1E6, 0x1F1FF, "Regional_Indicator"), (0x1100, 0x115F, "L"), (0x1160, 0x11A7, "V"),
        (0x11A8, 0x11FF, "T"), (0xAC00, 0xAC00, "LV"), (0xAC01, 0xAC01, "LVT"),
    ]
    return gs.Properties(gcb, [(0x00A9, 0x00A9), (0x2701, 0x2701), (0x1F468, 0x1F469)])


class RuleTests(unittest.TestCase):
    def setUp(self):
        self.props = small_properties()

    def count(self, text):
        return gs.cluster_count([ord(c) for c in text], self.props)

    def test_rules_on_known_strings(self):
        cases = [
            ("ab", 2), ("\r\n", 1), ("\n\r", 2), ("a\u0308", 1), ("a\u0903", 1), ("\u0600a", 1),
            ("\u0600\n", 2), ("\U0001F468\u200D\U0001F469", 1), ("\U0001F468\u200D\u200D\U0001F469", 2),
            ("\u00A9\u0308\u200D\u2701", 1), ("a\u200D\u2701", 2), ("\U0001F1E6\U0001F1E7\U0001F1E8", 2),
            ("\U0001F1E6\U0001F1E7\U0001F1E8\U0001F1E9", 2), ("\u1100\uAC00\u11A8", 1), ("\uAC01\u1160", 2),
        ]
        for text, expected in cases:
            with self.subTest(text=text.encode("unicode_escape")):
                self.assertEqual(self.count(text), expected)

    def test_parse_line(self):
        self.assertEqual(gs.parse_line("÷ 0020 × 0308 ÷ 000D ÷\t#  comment"), ([0x20, 0x308, 0x0D], [False, True]))
        self.assertIsNone(gs.parse_line("# only a comment"))
        self.assertIsNone(gs.parse_line("   "))
        for bad in ("0020 ÷", "÷ 0020 0308 ÷", "÷ 0020 + 0308 ÷"):
            with self.subTest(bad=bad), self.assertRaises(ValueError):
                gs.parse_line(bad)


class PaddingTests(unittest.TestCase):
    def setUp(self):
        self.props = small_properties()

    def test_padding_goes_after_a_sequence_that_starts_with_a_mark(self):
        cps = [0x0308, 0x0020]  # Extend first: a letter before it would join
        padded, placement = gs.pad(cps, 2, 7, self.props)
        self.assertEqual(placement, "suffix")
        self.assertEqual(padded, cps + [ord(c) for c in "abcde"])
        self.assertEqual(gs.cluster_count(padded, self.props), 7)

    def test_padding_goes_before_a_sequence_that_ends_with_prepend(self):
        cps = [0x0020, 0x0600]
        padded, placement = gs.pad(cps, 2, 8, self.props)
        self.assertEqual(placement, "prefix")
        self.assertEqual(padded[-2:], cps)
        self.assertEqual(gs.cluster_count(padded, self.props), 8)

    def test_a_sequence_with_a_mark_first_and_prepend_last_gets_a_line_feed(self):
        cps = [0x0308, 0x0600]
        padded, placement = gs.pad(cps, 2, 7, self.props)
        self.assertEqual(placement, "prefix-lf")
        self.assertEqual(padded, [ord(c) for c in "abcd"] + [0x0A] + cps)
        self.assertEqual(gs.cluster_count(padded, self.props), 7)

    def test_a_sequence_longer_than_the_target_is_reported(self):
        padded, reason = gs.pad([0x20] * 8, 8, 7, self.props)
        self.assertIsNone(padded)
        self.assertEqual(reason, "the sequence alone has 8 clusters, more than 7")

    def test_a_trailing_regional_indicator_is_not_paired_with_padding(self):
        # A letter never pairs with a regional indicator (GB12/13 need two of them), so the suffix is safe.
        cps = [0x1F1E6]
        padded, placement = gs.pad(cps, 1, 8, self.props)
        self.assertEqual((placement, gs.cluster_count(padded, self.props)), ("suffix", 8))


class ScenarioTests(unittest.TestCase):
    def test_seven_is_too_short_and_eight_authenticates(self):
        props = small_properties()
        short = gs.scenario(12, "÷ 0020 ÷", [0x20], 7, "suffix", [0x20] + [ord(c) for c in "abcdef"], props)
        self.assertEqual(short["id"], "login-gbt-12-7")
        self.assertEqual(short["steps"][0]["expect"], {"changes": {"error": "Password must be at least 8 characters."}})
        self.assertEqual(short["initialState"]["email"], "user@example.com")
        self.assertNotIn("unicode-version-dependent", short["tags"])
        long = gs.scenario(625, "÷ 2701 × 200D × 2701 ÷", [0x2701, 0x200D, 0x2701], 8, "suffix",
                           [0x2701, 0x200D, 0x2701] + [ord(c) for c in "abcdefg"], props)
        self.assertEqual(long["steps"][0]["expect"]["effects"][0]["password"], "\u2701\u200D\u2701abcdefg")
        self.assertIn("unicode-version-dependent", long["tags"])
        self.assertIn("Version-dependent", long["description"])


@unittest.skipUnless(HAVE_DATA, "Debian's unicode-data is not installed")
class FileTests(unittest.TestCase):
    def test_every_line_of_the_file_agrees_with_the_rules_and_is_padded(self):
        props = gs.Properties.load(gs.DEFAULT_PROPERTIES, gs.DEFAULT_EMOJI_DATA)
        tests = gs.read_tests(gs.DEFAULT_TEST_FILE)
        self.assertGreater(len(tests), 500)
        with tempfile.TemporaryDirectory() as out:
            written, problems = gs.generate(tests, props, out)
            self.assertEqual(problems, [])
            self.assertEqual(written, 2 * len(tests))
            folder = os.path.join(out, "Conformance", "scenarios", "login")
            for name in sorted(os.listdir(folder))[:50]:
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    document = json.load(f)
                self.assertEqual(name, document["id"] + ".json")
                password = document["initialState"]["password"]
                target = int(document["id"].rsplit("-", 1)[1])
                self.assertEqual(gs.cluster_count([ord(c) for c in password], props), target)

    def test_main_reports_counts_and_a_disagreeing_file_fails(self):
        with tempfile.TemporaryDirectory() as out:
            bad = os.path.join(out, "bad.txt")
            with open(bad, "w", encoding="utf-8") as f:
                f.write("÷ 0061 ÷ 0308 ÷\n")  # wrong: GB9 joins them
            stdout, stderr = io.StringIO(), io.StringIO()
            with redirect_stdout(stdout), redirect_stderr(stderr):
                status = gs.main(["--out", out, "--test-file", bad])
            self.assertEqual(status, 1)
            self.assertEqual(stderr.getvalue(),
                             "error: line 1: the UAX #29 rules here disagree with the file (÷ 0061 ÷ 0308 ÷)\n")
            self.assertIn("1 test lines, 0 scenarios written", stdout.getvalue())
            with redirect_stdout(io.StringIO()), redirect_stderr(stderr):
                self.assertEqual(gs.main(["--out", out, "--test-file", os.path.join(out, "missing.txt")]), 2)


if __name__ == "__main__":
    unittest.main()
