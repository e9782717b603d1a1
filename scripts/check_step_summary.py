#!/usr/bin/env python3
"""Checks that the step summary `conformance run --summary FILE` writes renders as GitHub renders it: as tables.

It runs the tool on a corpus that fills the summary's tables and lists (the failing and invalid fixtures and a flaky
pair, on swift and on the fixture harness Tests/ConformanceTests/Fixtures/flaky/flaky-harness.py), renders the Markdown with markdown-it-py (CommonMark with GitHub's tables, as GitHub Flavored
Markdown §4.10 defines them) and checks that each table parses with its header's number of cells in every row,
the rows and cells the run gives, and no cell split by a `|` from a value. When Debian's `chromium` is installed,
it also takes a headless screenshot of the rendered page (GitHub's table style, roughly) for a person to look at.

Output: one line per problem, then 'step-summary: N passed, N failed' (N counts checks); the page and the screenshot
go to ARTIFACTS (default .build/artifacts): step-summary.md, step-summary.html, step-summary.png. With CI set and no
chromium, the screenshot is a failure (scripts/test installs chromium); without CI it is skipped, saying so.

Usage: scripts/check-step-summary [--tool PATH] [--artifacts DIR]
Exit status: 0 every check passed; 1 a check failed; 2 a usage error, or no markdown-it-py (scripts/check-step-summary
installs it into .build/venv).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import script_cli  # noqa: E402

try:
    from markdown_it import MarkdownIt
except ImportError:
    script_cli.print_error("this Python has no 'markdown-it-py'",
                           "Run scripts/check-step-summary, which installs it into .build/venv.")
    sys.exit(script_cli.EXIT_USAGE)

PROGRAM = "scripts/check-step-summary"
USAGE = f"{PROGRAM} [--tool PATH] [--artifacts DIR]"
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join("Tests", "ConformanceTests", "Fixtures")
FLAKY = "login-submit-valid-credentials"
# A value with every inline markup of GitHub's Markdown: each must show as typed, never as emphasis, code, a link or
# HTML.
MARKUP = "*a* _b_ **c** <b>d</b> &amp; ~~e~~ `f` [g](h) ![i](j) \\ k"
MARKUP_SCENARIO = {
    "id": "login-markup-in-values",
    "feature": "login",
    "description": "Deliberately wrong: a typed value full of Markdown, to see it shown as typed in the summary.",
    "steps": [{"send": {"type": "emailChanged", "value": MARKUP}, "expect": {"changes": {"email": "plain"}}}],
}

# GitHub's look for tables, roughly (its Primer CSS: collapsed borders, 6px 13px cell padding, zebra rows).
STYLE = """
body { font: 14px -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328;
       max-width: 1100px; margin: 24px; line-height: 1.5; }
h2 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; }
table { border-collapse: collapse; display: block; overflow: auto; margin-bottom: 16px; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; vertical-align: top; }
th { font-weight: 600; } tr:nth-child(2n) { background: #f6f8fa; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 85%; background: #eff2f5;
            border-radius: 6px; } code { padding: .2em .4em; } pre { padding: 16px; overflow: auto; }
pre code { padding: 0; background: none; }
"""


def parse_arguments(argv):
    parser = script_cli.UsageParser(PROGRAM, USAGE, add_help=False)
    parser.add_argument("--tool", default=os.path.join(REPO, ".build", "debug", "conformance"))
    parser.add_argument("--artifacts", default=os.path.join(REPO, ".build", "artifacts"))
    parser.add_argument("-h", "--help", action="store_true")
    return parser.parse_args(argv)


def write_summary(tool, folder):
    """Runs the tool on a corpus that fills every section; returns the summary's Markdown."""
    summary = os.path.join(folder, "summary.md")
    harness = f"python3 {os.path.join(FIXTURES, 'flaky', 'flaky-harness.py')} crash-once {FLAKY} {folder}"
    corpus = [os.path.join(FIXTURES, kind) for kind in ("failing", "invalid")]
    markup = os.path.join(folder, "login", "login-markup-in-values.json")
    os.makedirs(os.path.dirname(markup))
    with open(markup, "w", encoding="utf-8") as file:
        json.dump(MARKUP_SCENARIO, file)
    corpus.append(markup)
    corpus.append(os.path.join("Conformance", "scenarios", "login", f"{FLAKY}.json"))
    environment = dict(os.environ, CONFORMANCE_EXECUTABLE=tool)
    for name in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY"):
        environment.pop(name, None)
    subprocess.run(
        [tool, "run", *corpus, "--impl", "swift", "--impl", "flaky", "--harness", f"flaky={harness}", "--retries",
         "1", "--summary", summary, "--jobs", "1", "--no-baseline"],
        cwd=REPO, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
    with open(summary, encoding="utf-8") as file:
        return file.read()


def tables(markdown):
    """Each table of the rendered Markdown, as (heading before it, rows of cell texts, header row first)."""
    found, heading, rows, row, cell = [], None, None, None, None
    for token in MarkdownIt("commonmark", {"html": True}).enable("table").parse(markdown):
        if token.type == "inline" and rows is None:
            heading = token.content
        elif token.type == "table_open":
            rows = []
        elif token.type == "tr_open":
            row = []
        elif token.type in ("th_open", "td_open"):
            cell = ""
        elif token.type == "inline" and cell is not None:
            cell = token
        elif token.type in ("th_close", "td_close"):
            row.append(cell)
            cell = None
        elif token.type == "tr_close":
            rows.append(row)
        elif token.type == "table_close":
            found.append((heading, rows))
            rows = None
    return found


def text(inline):
    """What a reader sees of a cell: its text, with code spans as typed and `<br>` as a line break; or None when the
    cell holds other markup (emphasis, a link, HTML), which no value may turn into."""
    shown = ""
    for child in inline.children or []:
        if child.type in ("text", "code_inline"):
            shown += child.content
        elif child.type == "html_inline" and child.content == "<br>":
            shown += "\n"
        elif child.type == "softbreak":
            shown += " "
        else:
            return None
    return shown


def check(markdown):
    """The problems of the summary's tables, as lines (none when it renders as it should)."""
    problems = []
    parsed = {}
    for heading, rows in tables(markdown):
        parsed[heading] = []
        for number, row in enumerate(rows):
            shown = [text(cell) for cell in row]
            for cell, seen in zip(row, shown):
                if seen is None:
                    problems.append(f"'{heading}' row {number}: the cell '{cell.content}' renders as markup: "
                                    f"{[child.type for child in cell.children]}")
            parsed[heading].append([cell.content if seen is None else seen for cell, seen in zip(row, shown)])
    expected = {
        "Not passed": (["Scenario", "swift", "flaky"], 4),
        "Flaky pairs": (["Scenario", "Implementation", "Attempts", "Earlier attempts"], 1),
    }
    for heading, (header, count) in expected.items():
        rows = parsed.get(heading)
        if rows is None:
            problems.append(f"no table under '### {heading}' (tables found: {sorted(map(str, parsed))})")
            continue
        if rows[0] != header:
            problems.append(f"'{heading}': header {rows[0]}, expected {header}")
        if len(rows) - 1 != count:
            problems.append(f"'{heading}': {len(rows) - 1} rows, expected {count}")
        for index, row in enumerate(rows[1:], start=1):
            if len(row) != len(header):
                problems.append(f"'{heading}' row {index}: {len(row)} cells, expected {len(header)}: {row}")
    markup = next((row for row in parsed.get("Not passed", []) if row[0] == MARKUP_SCENARIO["id"]), None)
    wanted = f'step 1: state.email: expected "plain", got {json.dumps(MARKUP)}'
    if markup is None or markup[1:] != [wanted, wanted]:
        problems.append(f"'Not passed': the row of {MARKUP_SCENARIO['id']} shows {markup}, expected {wanted!r} twice")
    flaky = parsed.get("Flaky pairs", [[], []])
    if len(flaky) > 1 and flaky[1][:3] != [FLAKY, "flaky", "2"]:
        problems.append(f"'Flaky pairs' row 1: {flaky[1]}, expected it to start with {[FLAKY, 'flaky', '2']}")
    return problems


def render(markdown):
    """The summary as a standalone HTML page."""
    body = MarkdownIt("commonmark", {"html": True}).enable("table").render(markdown)
    return f"<!doctype html>\n<meta charset=utf-8>\n<title>Step summary</title>\n<style>{STYLE}</style>\n{body}"


def screenshot(page, image):
    """Takes a headless screenshot of `page` into `image`; returns a problem, or None."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        message = "chromium is not installed, so no screenshot was taken (apt-get install -y chromium)"
        if os.environ.get("CI"):
            return message
        print(f"note: {message}")
        return None
    if os.path.exists(image):
        os.remove(image)
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
             f"--screenshot={image}", "--window-size=1200,1600", "file://" + os.path.abspath(page)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    with open(image, "rb") if os.path.exists(image) else open(os.devnull, "rb") as file:
        if file.read(8) != b"\x89PNG\r\n\x1a\n":
            return f"chromium wrote no PNG screenshot to '{image}'"
    print(f"screenshot: {os.path.relpath(image, REPO)}")
    return None


def main(argv):
    arguments = parse_arguments(argv)
    if arguments.help:
        print(__doc__.strip())
        return script_cli.EXIT_SUCCESS
    if not os.access(arguments.tool, os.X_OK):
        script_cli.print_error(f"no executable tool at '{arguments.tool}'", "Build it first: swift build.")
        return script_cli.EXIT_USAGE
    os.makedirs(arguments.artifacts, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        markdown = write_summary(os.path.abspath(arguments.tool), folder)
    page = os.path.join(arguments.artifacts, "step-summary.html")
    with open(os.path.join(arguments.artifacts, "step-summary.md"), "w", encoding="utf-8") as file:
        file.write(markdown)
    with open(page, "w", encoding="utf-8") as file:
        file.write(render(markdown))
    problems = check(markdown)
    shot = screenshot(page, os.path.join(arguments.artifacts, "step-summary.png"))
    checks = [not problems, shot is None]
    for problem in problems + ([shot] if shot else []):
        print(f"step-summary: {problem}")
    print(f"step-summary: {checks.count(True)} passed, {checks.count(False)} failed")
    return script_cli.EXIT_SUCCESS if all(checks) else script_cli.EXIT_FAILURE


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
