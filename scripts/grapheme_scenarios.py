#!/usr/bin/env python3
"""Turns Unicode's GraphemeBreakTest.txt into login scenarios for L3.e (password length, login spec §3.3).

USAGE: scripts/grapheme_scenarios.py --out DIR [--test-file F] [--properties F] [--emoji-data F]
                                     [--features DIR]

For each test line of GraphemeBreakTest.txt (Unicode 15.0 from Debian's `unicode-data` by default) it writes two
scenarios: the line's code points padded to exactly 7 extended grapheme clusters (L3.e: "Password must be at least
8 characters.") and to exactly 8 (L3.f: authentication starts). Clusters are counted by the file's own ÷ marks;
padding is ASCII letters (Grapheme_Cluster_Break=Other), placed so that it never joins the line's clusters:

  1. after the sequence ("suffix"), unless the sequence ends with Prepend (GB9b would join the first letter);
  2. before the sequence ("prefix"), unless it starts with Extend, ZWJ or SpacingMark (GB9, GB9a);
  3. letters then LINE FEED before the sequence ("prefix-lf"): GB4 always breaks after LF. The LF is one cluster.

Every padded string is checked with an implementation of the UAX #29 rules (revision 41, Unicode 15.0) over the
property files; that implementation is itself checked first against every line of the test file, and any
disagreement stops the script (exit 1) instead of writing unverifiable scenarios. A line that cannot be padded is
never dropped silently: it is listed with its reason and counted in the closing line.

Output layout (so `conformance run DIR/Conformance/scenarios` finds the login manifest): DIR/Conformance/scenarios/
login/<id>.json and, with --features, a copy of that folder as DIR/Conformance/features. Scenario ids are
`login-gbt-<line>-<7|8>`, where <line> is the line number in the test file. Exit status: 0 written; 1 the rule
check failed or a line could not be padded; 2 usage or input error.
"""
import bisect
import json
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import script_cli  # noqa: E402

USAGE = ("scripts/grapheme_scenarios.py --out DIR [--test-file F] [--properties F] [--emoji-data F] "
         "[--features DIR]")
DEFAULT_TEST_FILE = "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt"
DEFAULT_PROPERTIES = "/usr/share/unicode/auxiliary/GraphemeBreakProperty.txt"
DEFAULT_EMOJI_DATA = "/usr/share/unicode/emoji/emoji-data.txt"
EMAIL = "user@example.com"
TOO_SHORT = "Password must be at least 8 characters."  # login spec §5, L3.e
LETTERS = "abcdefgh"
LF = 0x0A

# Code points whose grapheme behaviour changed after Unicode 15.0 (login spec §3.3): U+2701 stopped being
# Extended_Pictographic in Unicode 17.0. Scenarios with them get the tag `unicode-version-dependent`.
VERSION_DEPENDENT = {0x2701: "Extended_Pictographic in Unicode 15.0, not in 17.0"}


class InputProblem(Exception):
    """A file that cannot be read or parsed; the message names the file and line."""


# MARK: - Properties


class Properties:
    """Grapheme_Cluster_Break and Extended_Pictographic lookups from the UCD files (ranges, binary search)."""

    def __init__(self, gcb_ranges, pictographic_ranges):
        self._gcb = sorted(gcb_ranges)
        self._gcb_starts = [r[0] for r in self._gcb]
        self._pict = sorted(pictographic_ranges)
        self._pict_starts = [r[0] for r in self._pict]

    @staticmethod
    def parse_ranges(lines, wanted=None):
        """Yields (first, last, value) from UCD lines like `0600..0605 ; Prepend # ...`."""
        for line in lines:
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            points, value = [part.strip() for part in data.split(";")[:2]]
            if wanted is not None and value != wanted:
                continue
            first, _, last = points.partition("..")
            yield int(first, 16), int(last or first, 16), value

    @classmethod
    def load(cls, properties_path, emoji_path):
        """Reads GraphemeBreakProperty.txt and emoji-data.txt. Raises InputProblem when unreadable."""
        try:
            with open(properties_path, encoding="utf-8") as f:
                gcb = list(cls.parse_ranges(f))
            with open(emoji_path, encoding="utf-8") as f:
                pict = [(a, b) for a, b, _ in cls.parse_ranges(f, wanted="Extended_Pictographic")]
        except (OSError, ValueError) as error:
            raise InputProblem(f"cannot read the Unicode property files: {error}") from error
        return cls(gcb, pict)

    def gcb(self, cp):
        """The Grapheme_Cluster_Break value of `cp` (`Other` when unlisted)."""
        i = bisect.bisect_right(self._gcb_starts, cp) - 1
        if i >= 0 and self._gcb[i][0] <= cp <= self._gcb[i][1]:
            return self._gcb[i][2]
        return "Other"

    def pictographic(self, cp):
        """Whether `cp` has Extended_Pictographic=Yes."""
        i = bisect.bisect_right(self._pict_starts, cp) - 1
        return i >= 0 and self._pict[i][0] <= cp <= self._pict[i][1]


# MARK: - UAX #29 rules (Unicode 15.0)


def breaks(cps, props):
    """Whether there is a grapheme cluster boundary between cps[i-1] and cps[i], for i in 1..len-1 (GB3-GB999)."""
    result = []
    values = [props.gcb(cp) for cp in cps]
    ri_run = 0  # regional indicators in a row ending right before position i
    for i, (before, after) in enumerate(zip(values, values[1:]), start=1):
        ri_run = ri_run + 1 if before == "Regional_Indicator" else 0
        pict_zwj = before == "ZWJ" and _pictographic_extend_before(cps, values, i - 1, props)
        result.append(_is_break(before, after, ri_run, pict_zwj, props.pictographic(cps[i])))
    return result


def _pictographic_extend_before(cps, values, zwj_index, props):
    """Whether an Extended_Pictographic, then only Extend, precede the ZWJ at `zwj_index` (GB11)."""
    j = zwj_index - 1
    while j >= 0 and values[j] == "Extend":
        j -= 1
    return j >= 0 and props.pictographic(cps[j])


def _is_break(before, after, ri_run, pict_zwj, after_pictographic):
    if before == "CR" and after == "LF":
        return False  # GB3
    if before in ("Control", "CR", "LF") or after in ("Control", "CR", "LF"):
        return True  # GB4, GB5
    if before == "L" and after in ("L", "V", "LV", "LVT"):
        return False  # GB6
    if before in ("LV", "V") and after in ("V", "T"):
        return False  # GB7
    if before in ("LVT", "T") and after == "T":
        return False  # GB8
    if after in ("Extend", "ZWJ") or after == "SpacingMark" or before == "Prepend":
        return False  # GB9, GB9a, GB9b
    if pict_zwj and after_pictographic:
        return False  # GB11
    if before == "Regional_Indicator" and after == "Regional_Indicator" and ri_run % 2 == 1:
        return False  # GB12, GB13
    return True  # GB999


def cluster_count(cps, props):
    """The number of extended grapheme clusters of `cps` by the rules above."""
    return (1 + sum(breaks(cps, props))) if cps else 0


# MARK: - The test file


LINE = re.compile(r"^\s*÷\s*(.*?)\s*÷\s*(?:#.*)?$")


def parse_line(text):
    """(code points, breaks between them) of a test line, or None for a comment or blank line.

    Raises ValueError on a malformed line.
    """
    data = text.split("#", 1)[0].strip()
    if not data:
        return None
    match = LINE.match(data)
    if not match:
        raise ValueError("expected '÷ XXXX (× | ÷) XXXX … ÷'")
    tokens = match.group(1).split()
    if len(tokens) % 2 == 0:
        raise ValueError("expected code points separated by ÷ or ×")
    cps = [int(token, 16) for token in tokens[0::2]]
    marks = tokens[1::2]
    if any(mark not in ("÷", "×") for mark in marks):
        raise ValueError("expected ÷ or × between code points")
    return cps, [mark == "÷" for mark in marks]


def read_tests(path):
    """[(line number, text, code points, breaks)] of the test file. Raises InputProblem naming file:line."""
    tests = []
    try:
        with open(path, encoding="utf-8") as f:
            for number, text in enumerate(f, start=1):
                try:
                    parsed = parse_line(text)
                except ValueError as error:
                    raise InputProblem(f"{path}:{number}: {error}") from error
                if parsed:
                    tests.append((number, text.split("#", 1)[0].strip(), parsed[0], parsed[1]))
    except OSError as error:
        raise InputProblem(f"cannot read '{path}': {error}") from error
    return tests


# MARK: - Padding


def pad(cps, clusters, target, props):
    """(padded code points, placement) with exactly `target` clusters, or (None, reason).

    `clusters` is the sequence's cluster count by the test file's own marks. Each placement is checked with the
    rules (cluster_count) so padding never joins, or splits, the sequence's clusters.
    """
    letters = target - clusters
    if letters < 0:
        return None, f"the sequence alone has {clusters} clusters, more than {target}"
    padding = [ord(c) for c in LETTERS[:letters]]
    candidates = [("suffix", cps + padding), ("prefix", padding + cps)]
    if letters >= 1:
        candidates.append(("prefix-lf", padding[:-1] + [LF] + cps))
    for placement, candidate in candidates:
        if cluster_count(candidate, props) == target:
            return candidate, placement
    return None, f"no padding gives exactly {target} clusters"


def to_string(cps):
    return "".join(chr(cp) for cp in cps)


def scenario(line_number, line_text, cps, target, placement, padded, props):
    """The scenario dict for one padded password (login spec L3.e for 7, L3.f for 8)."""
    password = to_string(padded)
    too_short = target < 8
    tags = ["generated", "grapheme", "grapheme-break-test", "password-length"]
    dependent = sorted({VERSION_DEPENDENT[cp] for cp in cps if cp in VERSION_DEPENDENT})
    if dependent:
        tags.append("unicode-version-dependent")
    where = {"suffix": "then ASCII letters", "prefix": "after ASCII letters", "prefix-lf": "after ASCII letters and LF"}
    description = (
        f"L3.e, §3.3: GraphemeBreakTest-15.0.0.txt line {line_number} ({line_text}), {where[placement]}, is "
        f"{target} extended grapheme clusters: " + ("too short." if too_short else "accepted.")
    )
    if dependent:
        description += " Version-dependent: " + "; ".join(dependent) + "."
    expect = (
        {"changes": {"error": TOO_SHORT}}
        if too_short
        else {"changes": {"isLoading": True}, "effects": [{"type": "authenticate", "email": EMAIL, "password": password}]}
    )
    return {
        "id": f"login-gbt-{line_number}-{target}",
        "feature": "login",
        "description": description,
        "tags": tags,
        "initialState": {"email": EMAIL, "password": password, "isLoading": False, "error": None},
        "steps": [{"send": {"type": "submit"}, "expect": expect}],
    }


# MARK: - Main


def generate(tests, props, out_folder, placements=None):
    """Checks the rules against every line, writes the scenarios. Returns (written, problems: [str]).

    `placements`, when given, is a dict that receives how many scenarios used each padding placement.
    """
    problems = []
    for number, text, cps, marks in tests:
        if breaks(cps, props) != marks:
            problems.append(f"line {number}: the UAX #29 rules here disagree with the file ({text})")
    if problems:
        return 0, problems
    folder = os.path.join(out_folder, "Conformance", "scenarios", "login")
    os.makedirs(folder, exist_ok=True)
    written = 0
    for number, text, cps, marks in tests:
        clusters = 1 + sum(marks)
        for target in (7, 8):
            padded, placement = pad(cps, clusters, target, props)
            if padded is None:
                problems.append(f"line {number}: {placement} ({text})")
                continue
            if placements is not None:
                placements[placement] = placements.get(placement, 0) + 1
            document = scenario(number, text, cps, target, placement, padded, props)
            with open(os.path.join(folder, document["id"] + ".json"), "w", encoding="utf-8") as f:
                json.dump(document, f, ensure_ascii=True, indent=1)
                f.write("\n")
            written += 1
    return written, problems


def main(argv):
    parser = script_cli.UsageParser("scripts/grapheme_scenarios.py", USAGE,
                                    description="Turn GraphemeBreakTest.txt into login scenarios (L3.e).")
    parser.add_argument("--out", required=True, help="output folder (gets Conformance/scenarios/login/)")
    parser.add_argument("--test-file", default=DEFAULT_TEST_FILE)
    parser.add_argument("--properties", default=DEFAULT_PROPERTIES)
    parser.add_argument("--emoji-data", default=DEFAULT_EMOJI_DATA)
    parser.add_argument("--features", help="a features folder to copy to <out>/Conformance/features")
    args = parser.parse_args(argv)
    try:
        props = Properties.load(args.properties, args.emoji_data)
        tests = read_tests(args.test_file)
    except InputProblem as problem:
        script_cli.print_error(problem)
        return script_cli.EXIT_USAGE
    if not tests:
        script_cli.print_error(f"'{args.test_file}' has no test lines")
        return script_cli.EXIT_USAGE
    placements = {}
    written, problems = generate(tests, props, args.out, placements)
    if args.features:
        # A copy, not a symlink: the tool does not follow a symlinked features folder.
        shutil.copytree(args.features, os.path.join(args.out, "Conformance", "features"), dirs_exist_ok=True)
    for problem in problems:
        script_cli.print_error(problem)
    print(
        f"grapheme-scenarios: {len(tests)} test lines, {written} scenarios written to "
        f"'{os.path.join(args.out, 'Conformance', 'scenarios', 'login')}', {len(problems)} problems"
        + (" (padding: " + ", ".join(f"{k} {v}" for k, v in sorted(placements.items())) + ")" if placements else "")
    )
    return script_cli.EXIT_FAILURE if problems else script_cli.EXIT_SUCCESS


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
