#!/usr/bin/env python3
"""Tests scripts/doc-samples: how it reads sample and excerpt markers, what `check` reports, what `write` writes, and
that the repository's own guides pass `check` (so a guide's sample cannot drift from the code the tests compile).

Run: python3 -m unittest discover -s scripts -p 'test_doc_samples.py'
"""
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
_loader = importlib.machinery.SourceFileLoader("doc_samples", os.path.join(HERE, "doc-samples"))
_spec = importlib.util.spec_from_loader("doc_samples", _loader)
doc_samples = importlib.util.module_from_spec(_spec)
_loader.exec_module(doc_samples)


class FakeRepository:
    """A temporary folder holding the four guides (empty unless given) and other files."""

    def __init__(self, files):
        self.folder = tempfile.TemporaryDirectory()
        self.root = self.folder.name
        for guide in doc_samples.GUIDES:
            files.setdefault(guide, "")
        for path, text in files.items():
            full = os.path.join(self.root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as handle:
                handle.write(text)

    def __enter__(self):
        return self.root

    def __exit__(self, *exception):
        self.folder.cleanup()


SOURCE = "package a\n\nfun one() = 1\n\nfun two() = 2\n\nfun three() = 3\n"


class BlocksTests(unittest.TestCase):
    def test_a_marked_block_is_read_with_its_kind_path_line_and_text(self):
        text = "Intro\n\n<!-- sample: src/A.kt -->\n```kotlin\nfun a() = 1\n```\n"
        found, problems = doc_samples.blocks("README.md", text)
        self.assertEqual(problems, [])
        self.assertEqual([(b.kind, b.path, b.line, b.text) for b in found], [("sample", "src/A.kt", 3, "fun a() = 1\n")])

    def test_a_marker_without_a_block_and_a_code_block_without_a_marker_are_problems_at_their_lines(self):
        found, problems = doc_samples.blocks("README.md", "<!-- excerpt: src/A.kt -->\n\n```kotlin\n```\n")
        self.assertEqual((found, problems), ([], [
            (1, "a 'excerpt' marker must be followed by a fenced code block"),
            (3, "a kotlin block without a marker: mark it '<!-- sample: PATH -->' or '<!-- excerpt: PATH -->', or "
                "'<!-- untested: WHY -->' when no test here can compile it"),
        ]))

    def test_an_untested_block_says_why_and_other_languages_need_no_marker(self):
        text = "<!-- untested: no Gradle here -->\n```kotlin\nplugins {}\n```\n\n```json\n{}\n```\n\n```sh\nls\n```\n"
        found, problems = doc_samples.blocks("README.md", text)
        self.assertEqual(problems, [])
        self.assertEqual([(b.kind, b.path, b.line) for b in found], [("untested", "no Gradle here", 1)])

    def test_an_unclosed_block_is_a_problem(self):
        _, problems = doc_samples.blocks("README.md", "<!-- sample: A.kt -->\n```kotlin\nfun a() = 1\n")
        self.assertEqual(problems, [(2, "the fenced code block is never closed")])


class ExcerptTests(unittest.TestCase):
    def test_an_elision_stands_for_any_text_and_the_rest_must_match_in_order(self):
        self.assertTrue(doc_samples.excerpt_matches("fun one() = 1\n…\nfun three() = 3\n", SOURCE))
        self.assertTrue(doc_samples.excerpt_matches("fun two() = …\n", SOURCE))
        self.assertFalse(doc_samples.excerpt_matches("fun three() = 3\n…\nfun one() = 1\n", SOURCE))
        self.assertFalse(doc_samples.excerpt_matches("fun one() = 1 // the first\n", SOURCE))


class CheckTests(unittest.TestCase):
    def test_matching_samples_and_excerpts_have_no_problem(self):
        guide = ("<!-- sample: out/B.kt -->\n```kotlin\nfun b() = 2\n```\n\n"
                 "<!-- excerpt: src/A.kt -->\n```kotlin\nfun one() = 1\n…\n```\n\n"
                 "<!-- excerpt: out/B.kt -->\n```kotlin\nfun b() = …\n```\n")
        with FakeRepository({"README.md": guide, "src/A.kt": SOURCE}) as root:
            self.assertEqual(doc_samples.check(root), [])

    def test_each_problem_names_the_guide_and_line(self):
        guide = ("<!-- sample: src/A.kt -->\n```kotlin\nfun a() = 1\n```\n"
                 "<!-- sample: out/B.kt -->\n```kotlin\n```\n"
                 "<!-- sample: out/B.kt -->\n```kotlin\n```\n"
                 "<!-- excerpt: src/A.kt -->\n```kotlin\nfun four() = 4\n```\n"
                 "<!-- excerpt: src/Missing.kt -->\n```kotlin\n```\n")
        with FakeRepository({"Conformance/kotlin/README.md": guide, "src/A.kt": SOURCE}) as root:
            self.assertEqual(doc_samples.check(root), [
                "Conformance/kotlin/README.md:1: 'src/A.kt' exists in the repository; the sample must be its only "
                "copy (delete the file, or mark the block as an excerpt)",
                "Conformance/kotlin/README.md:8: 'out/B.kt' is already the sample at Conformance/kotlin/README.md:5",
                "Conformance/kotlin/README.md:11: the excerpt is not in 'src/A.kt' (each '…' stands for any text; the "
                "rest must match verbatim, in order); copy the lines from the file again",
                "Conformance/kotlin/README.md:15: cannot read 'src/Missing.kt': No such file or directory",
            ])


class DocsFolderTests(unittest.TestCase):
    def test_every_markdown_file_under_docs_is_a_guide_in_path_order(self):
        with FakeRepository({"docs/b.md": "", "docs/a/c.md": "", "docs/notes.txt": ""}) as root:
            self.assertEqual(doc_samples.guides(root), doc_samples.GUIDES + ["docs/b.md", "docs/a/c.md"])

    def test_a_page_under_docs_is_checked_and_its_samples_are_written(self):
        page = ("<!-- sample: team/kotlin/A.kt -->\n```kotlin\nfun a() = 1\n```\n\n"
                "```swift\nlet b = 2\n```\n")
        with FakeRepository({"docs/tutorial.md": page}) as root, tempfile.TemporaryDirectory() as destination:
            self.assertEqual(doc_samples.check(root), [
                "docs/tutorial.md:6: a swift block without a marker: mark it '<!-- sample: PATH -->' or "
                "'<!-- excerpt: PATH -->', or '<!-- untested: WHY -->' when no test here can compile it"])
            self.assertEqual(doc_samples.write(root, "team/kotlin", destination), ["A.kt"])


class WriteTests(unittest.TestCase):
    def test_the_samples_inside_the_folder_are_written_at_their_relative_paths(self):
        guide = ("<!-- sample: team/kotlin/src/A.kt -->\n```kotlin\nfun a() = 1\n```\n"
                 "<!-- sample: team/swift/B.swift -->\n```swift\nlet b = 2\n```\n")
        with FakeRepository({"README.md": guide}) as root, tempfile.TemporaryDirectory() as destination:
            self.assertEqual(doc_samples.write(root, "team/kotlin", destination), ["src/A.kt"])
            with open(os.path.join(destination, "src/A.kt"), encoding="utf-8") as handle:
                self.assertEqual(handle.read(), "fun a() = 1\n")
            self.assertFalse(os.path.exists(os.path.join(destination, "B.swift")))

    def test_a_folder_without_samples_is_an_error(self):
        with FakeRepository({}) as root, tempfile.TemporaryDirectory() as destination:
            with self.assertRaisesRegex(ValueError, "no sample of the guides is inside 'team/kotlin'"):
                doc_samples.write(root, "team/kotlin", destination)


class RepositoryTests(unittest.TestCase):
    def test_the_guides_samples_and_excerpts_match_the_code_the_tests_compile(self):
        result = subprocess.run([sys.executable, os.path.join(HERE, "doc-samples"), "check"], cwd=REPO,
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_the_guides_hold_the_kotlin_counter_view_model_and_main(self):
        with tempfile.TemporaryDirectory() as destination:
            written = doc_samples.write(REPO, "scripts/team-package/kotlin", destination)
        self.assertEqual(sorted(written), ["src/main/kotlin/com/example/counter/CounterViewModel.kt",
                                           "src/main/kotlin/com/example/counter/Main.kt"])


if __name__ == "__main__":
    unittest.main()
