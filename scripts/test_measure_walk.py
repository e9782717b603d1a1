#!/usr/bin/env python3
"""Tests scripts/measure-walk without its coverage build (which takes minutes): what `functions` counts as a
function and as its lines, and that `walk --check-doc` fails on a list in docs/architecture.md that is not the
measured one and names the command that writes it again.

Run: python3 -m unittest discover -s scripts -p 'test_measure_walk.py'
"""
import importlib.machinery
import importlib.util
import os
import tempfile
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
_loader = importlib.machinery.SourceFileLoader("measure_walk", os.path.join(HERE, "measure-walk"))
_spec = importlib.util.spec_from_loader("measure_walk", _loader)
measure_walk = importlib.util.module_from_spec(_spec)
_loader.exec_module(measure_walk)

SWIFT = '''import Foundation

/// A type.
protocol Named {
  func name() -> String
  var label: String { get }
}

struct Sample {
  let text = "a { b"
  static let table: [Int] = {
    var rows: [Int] = []
    rows.append(1)
    return rows
  }()

  init(value: Int = { 3 }()) {
    // only a comment

    let a = """
      {
      """
    print(a, "\\(value) }")
  }

  var computed: Int {
    let x = 1
    return x
  }

  func outer() {
    func inner() {
      one()
      two()
    }
    inner()
    /* a { block } comment */
    if let x = Optional(1) {
      print(x)
    }
  }
}
'''


class FunctionsTests(unittest.TestCase):
    def measured(self, text, limit=-1):
        with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False) as handle:
            handle.write(text)
        self.addCleanup(os.remove, handle.name)
        return sorted((line, name, lines) for lines, line, name in measure_walk.long_functions(handle.name, limit))

    def test_bodies_are_counted_without_blank_and_comment_lines_past_strings_and_comments(self):
        self.assertEqual(self.measured(SWIFT), [
            (6, "label", 0),      # a protocol's accessor requirement: a body with no lines
            (11, "table", 3),     # a closure that initialises a declaration
            (17, "init", 4),      # the comment and blank lines left out; braces in strings ignored
            (26, "computed", 2),  # a computed property
            (31, "outer", 8),     # the nested function's lines counted in its parent too; the block comment left out
            (32, "inner", 2),
        ])

    def test_only_bodies_over_the_limit_are_reported(self):
        self.assertEqual(self.measured(SWIFT, limit=4), [(31, "outer", 8)])


class CheckDocTests(unittest.TestCase):
    def test_a_list_that_is_not_the_measured_one_fails_and_says_how_to_write_it(self):
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "docs"))
            with open(os.path.join(root, measure_walk.DOC), "w", encoding="utf-8") as handle:
                handle.write("intro\n<!-- walk: begin -->\n```text\nSources/A.swift\n```\n<!-- walk: end -->\n")
            measured = ["Sources/A.swift", "Sources/B.swift"]
            with mock.patch.object(measure_walk, "ROOT", root):
                measure_walk.update_doc(["Sources/A.swift"], write=False)
                with self.assertRaises(measure_walk.Failure) as failure:
                    measure_walk.update_doc(measured, write=False)
                self.assertEqual((str(failure.exception), failure.exception.details), (
                    "docs/architecture.md's list of the walk's files is not the measured one",
                    ("Write it again: scripts/measure-walk walk --write-doc",)))
                measure_walk.update_doc(measured, write=True)
                measure_walk.update_doc(measured, write=False)
            with open(os.path.join(root, measure_walk.DOC), encoding="utf-8") as handle:
                self.assertEqual(handle.read(), "intro\n<!-- walk: begin -->\n```text\nSources/A.swift\nSources/B.swift\n"
                                 "```\n<!-- walk: end -->\n")

    def test_a_doc_without_the_markers_is_an_error(self):
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "docs"))
            with open(os.path.join(root, measure_walk.DOC), "w", encoding="utf-8") as handle:
                handle.write("no markers\n")
            with mock.patch.object(measure_walk, "ROOT", root), self.assertRaises(measure_walk.Failure) as failure:
                measure_walk.doc_lines()
            self.assertEqual(str(failure.exception),
                             "docs/architecture.md has no '<!-- walk: begin -->' and '<!-- walk: end -->' lines")

    def test_the_repository_doc_has_the_markers_and_a_list_of_sources(self):
        lines, begin, end = measure_walk.doc_lines()
        block = lines[begin + 1:end]
        self.assertEqual((block[0], block[-1]), ("```text", "```"))
        self.assertTrue(all(line.startswith("Sources/") and line.endswith(".swift") for line in block[1:-1]), block)
        self.assertEqual(block[1:-1], sorted(block[1:-1]))


if __name__ == "__main__":
    unittest.main()
