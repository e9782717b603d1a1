#!/usr/bin/env python3
"""Tests of `conformance run --html` in a real browser: Debian's chromium, headless, opens the page of a failing run
on two implementations (the built-in swift and the fake harness), with a scenario whose description, tag-free id
and values hold markup. It checks the DOM after the page's script ran (--dump-dom): the matrix cells, the diffs, the
filter controls, the coverage table and its gaps, that no scenario text became an element, and that a fragment
(#outcome=failed, #feature=…) hides the rows that do not match. A screenshot of the page is kept for CI at .build/artifacts/html-report.png (upload that
folder as the job's artifact to look at it).

Needs the tool built (swift build) and chromium: as root it is installed when missing (apt-get install -y chromium);
otherwise the test fails saying how to install it.

Run: python3 -m unittest discover -s scripts -p 'test_html_report.py'
"""
import html.parser
import json
import os
import shutil
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
TOOL = os.path.join(REPO, ".build", "debug", "conformance")
FIXTURES = os.path.join(REPO, "Tests", "ConformanceTests", "Fixtures")
ARTIFACTS = os.path.join(REPO, ".build", "artifacts")
SCRIPT = "<script>alert(1)</script>"
ATTRIBUTE = '"><img src=x onerror=alert(2)>'


def chromium():
    """The chromium executable, installed from Debian when missing and running as root."""
    found = shutil.which("chromium")
    if found:
        return found
    if os.geteuid() != 0:
        raise AssertionError(
            "chromium is missing: install it as root with 'apt-get update && apt-get install -y chromium'")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env, stdout=subprocess.DEVNULL)
    return shutil.which("chromium")


def browse(browser, url, profile, *options):
    """Runs headless chromium on `url` with `options`; returns its stdout."""
    argv = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            f"--user-data-dir={profile}", *options, url]
    process = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    if process.returncode != 0:
        raise AssertionError(f"chromium exited {process.returncode}: {process.stderr[-2000:]}")
    return process.stdout


class Element:
    """An element of the dumped DOM: its tag, attributes and children (elements and text)."""

    def __init__(self, tag, attributes, parent):
        self.tag, self.attributes, self.parent, self.children = tag, dict(attributes), parent, []

    def all(self, tag=None):
        for child in self.children:
            if isinstance(child, str):
                continue
            if tag is None or child.tag == tag:
                yield child
            yield from child.all(tag)

    def content(self):
        return "".join(child if isinstance(child, str) else child.content() for child in self.children)

    def classes(self):
        return (self.attributes.get("class") or "").split()


class DOM(html.parser.HTMLParser):
    """The dumped DOM as a tree of elements, its character references decoded."""
    VOID = {"meta", "input", "br", "img", "link", "hr"}

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.root = self.current = Element("#root", [], None)
        self.feed(text)

    def handle_starttag(self, tag, attributes):
        element = Element(tag, attributes, self.current)
        self.current.children.append(element)
        if tag not in self.VOID:
            self.current = element

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


class HTMLReportInBrowserTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.access(TOOL, os.X_OK):
            raise AssertionError(f"{TOOL} is missing: build the tool first (swift build)")
        cls.browser = chromium()
        cls.folder = tempfile.mkdtemp(prefix="html-report-")
        corpus = os.path.join(cls.folder, "scenarios")
        os.makedirs(corpus)
        for name in os.listdir(os.path.join(FIXTURES, "failing")):
            shutil.copy(os.path.join(FIXTURES, "failing", name), corpus)
        shutil.copy(os.path.join(REPO, "Conformance", "scenarios", "login", "login-submit-valid-credentials.json"),
                    corpus)
        hostile = {
            "id": "login-hostile", "feature": "login", "description": f"{SCRIPT} {ATTRIBUTE}", "tags": ["smoke"],
            "steps": [{"send": {"type": "emailChanged", "value": SCRIPT},
                       "expect": {"changes": {"email": ATTRIBUTE}}}],
        }
        with open(os.path.join(corpus, "login-hostile.json"), "w") as file:
            json.dump(hostile, file)
        cls.page = os.path.join(cls.folder, "report.html")
        harness = os.path.join(FIXTURES, "harnesses", "fake-harness.py")
        run = subprocess.run(
            [TOOL, "run", corpus, "--harness", f"fake=python3 {harness} good", "--html", cls.page],
            cwd=REPO, capture_output=True, text=True, timeout=300)
        if run.returncode != 1 or not os.path.exists(cls.page):
            raise AssertionError(f"conformance exited {run.returncode}: {run.stderr[-2000:]}")
        cls.url = "file://" + cls.page
        os.makedirs(ARTIFACTS, exist_ok=True)
        cls.screenshot = os.path.join(ARTIFACTS, "html-report.png")
        if os.path.exists(cls.screenshot):
            os.remove(cls.screenshot)
        browse(cls.browser, cls.url, os.path.join(cls.folder, "profile"), f"--screenshot={cls.screenshot}",
               "--window-size=1400,1800", "--hide-scrollbars")
        cls.dom = DOM(browse(cls.browser, cls.url, os.path.join(cls.folder, "profile"), "--dump-dom"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def filtered(self, fragment):
        return DOM(browse(self.browser, self.url + fragment, os.path.join(self.folder, "profile"), "--dump-dom"))

    @staticmethod
    def rows(dom):
        return {row.attributes["data-id"]: row for row in dom.root.all("div")
                if "row" in row.classes() and "data-outcomes" in row.attributes}

    def test_the_screenshot_is_kept(self):
        with open(self.screenshot, "rb") as file:
            self.assertEqual(file.read(8), b"\x89PNG\r\n\x1a\n")

    def test_the_matrix_has_a_coloured_cell_per_pair(self):
        rows = self.rows(self.dom)
        self.assertEqual(sorted(rows), ["login-hostile", "login-submit-valid-credentials", "login-wrong-effect-email",
                                        "login-wrong-loading-flag", "login-wrong-nfc-vs-nfd"])
        cells = [cell for cell in rows["login-wrong-loading-flag"].all("div") if "o" in cell.classes()]
        self.assertEqual([cell.classes() for cell in cells],
                         [["o", "o-failed", "bad"], ["o", "o-failed", "bad"], ["o", "o-divergence", "bad"]])
        passing = [cell for cell in rows["login-submit-valid-credentials"].all("div") if "o-passed" in cell.classes()]
        self.assertEqual(len(passing), 1)

    def test_each_failure_shows_its_diff_with_the_legend(self):
        diffs = [pre.content() for pre in self.dom.root.all("pre") if "diff" in pre.classes()]
        # Every scenario fails on the fake harness, so each has its section.
        self.assertEqual(len(diffs), 5)
        self.assertTrue(all("(- expected, + actual)" in diff for diff in diffs))
        removed = [span for span in self.dom.root.all("span") if span.classes() == ["r"]]
        self.assertTrue(any(span.content().lstrip().startswith("- ") for span in removed))

    def test_the_script_showed_the_filters(self):
        form = next(self.dom.root.all("form"))
        self.assertNotIn("hidden", form.attributes)
        self.assertEqual([select.attributes["name"] for select in form.all("select")], ["outcome", "feature", "tag"])
        self.assertEqual(next(form.all("output")).content(), "5 of 5 scenarios shown")

    def test_scenario_text_stays_text(self):
        scripts = list(self.dom.root.all("script"))
        self.assertEqual(len(scripts), 1)
        self.assertNotIn("alert", scripts[0].content())
        self.assertEqual(list(self.dom.root.all("img")), [])
        row = self.rows(self.dom)["login-hostile"]
        link = next(row.all("a"))
        self.assertEqual(link.attributes["title"], f"{SCRIPT} {ATTRIBUTE}")
        section = next(s for s in self.dom.root.all("section") if s.attributes.get("data-id") == "login-hostile")
        self.assertIn(f"{SCRIPT} {ATTRIBUTE}", section.content())
        self.assertIn(json.dumps(ATTRIBUTE), section.content())

    def test_the_coverage_table_is_in_the_page(self):
        sections = {s.attributes.get("id"): s for s in self.dom.root.all("section")}
        table = next(sections["coverage"].all("table"))
        self.assertEqual([th.content() for th in table.all("th")], ["Feature", "Category", "swift", "fake"])
        rows = [[td.content() for td in tr.all("td")] for tr in table.all("tr") if list(tr.all("td"))]
        self.assertEqual([row[1] for row in rows], ["actions", "effects", "dependencies", "state", "changes", "rules",
                                                    "transitions (not in the total)", "total"])
        self.assertTrue(all(row[0] == "login" and "%" in row[2] and "%" in row[3] for row in rows), rows)
        gaps = [[td.content() for td in tr.all("td")] for tr in next(sections["coverage-gaps"].all("table")).all("tr")]
        self.assertIn(["login", "Conformance/features/login.md", "LR5", "none", "swift, fake"], gaps)
        links = [a.attributes["href"] for a in next(self.dom.root.all("nav")).all("a")]
        self.assertEqual(links[-2:], ["#coverage", "#coverage-gaps"])

    def test_a_fragment_filters_by_outcome(self):
        rows = self.rows(self.filtered("#outcome=passed"))
        shown = sorted(key for key, row in rows.items() if "hidden" not in row.attributes)
        self.assertEqual(shown, ["login-submit-valid-credentials"])

    def test_a_fragment_filters_by_tag_and_outcome_together(self):
        dom = self.filtered("#outcome=failed&tag=smoke")
        rows = self.rows(dom)
        self.assertEqual(sorted(key for key, row in rows.items() if "hidden" not in row.attributes), ["login-hostile"])
        sections = [s for s in dom.root.all("section") if "detail" in s.classes() and "hidden" not in s.attributes]
        self.assertEqual([s.attributes["data-id"] for s in sections], ["login-hostile"])
        self.assertEqual(next(dom.root.all("output")).content(), "1 of 5 scenarios shown")
        tags = next(s for s in dom.root.all("select") if s.attributes["name"] == "tag")
        self.assertEqual([option.content() for option in tags.all("option")], ["any", "smoke", "submit", "trimming"])


if __name__ == "__main__":
    unittest.main()
