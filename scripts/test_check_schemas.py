#!/usr/bin/env python3
"""Tests of scripts/check_schemas.py (scripts/check-schemas): what it prints and its exit status, verbatim.

Run: .build/venv/bin/python -m unittest discover -s scripts -p 'test_check_schemas.py' (needs 'jsonschema', which
scripts/check-schemas installs into .build/venv).
"""
import io
import json
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_schemas  # noqa: E402

REPO = check_schemas.REPO
SCENARIO = {
    "id": "login-x", "feature": "login", "description": "L1: x.",
    "steps": [{"send": {"type": "submit"}, "expect": {"changes": {"error": "Email is required."}}}],
}


class CheckSchemasTestCase(unittest.TestCase):
    """Runs main() on a copy of Conformance/schema (and PROTOCOL.md) in a temporary repository."""

    def setUp(self):
        self.repo = tempfile.mkdtemp(prefix="check-schemas-test-")
        self.addCleanup(shutil.rmtree, self.repo)
        shutil.copytree(os.path.join(REPO, "Conformance", "schema"), os.path.join(self.repo, "Conformance", "schema"))

    def write(self, relative, content):
        """Writes a file in the temporary repository: JSON for a dict or list, else the text or bytes as given."""
        path = os.path.join(self.repo, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(content, (dict, list)):
            content = json.dumps(content, indent=1)
        with open(path, "wb") as handle:
            handle.write(content.encode() if isinstance(content, str) else content)
        return path

    def run_main(self, *argv):
        """Returns (exit status, stdout, stderr) of main(argv) run in the temporary repository."""
        out, err = io.StringIO(), io.StringIO()
        cwd = os.getcwd()
        os.chdir(self.repo)
        try:
            status = check_schemas.main(list(argv), repo=self.repo, out=out, err=err)
        finally:
            os.chdir(cwd)
        return status, out.getvalue(), err.getvalue()

    def assertChecks(self, argv, status, stdout, stderr=""):
        self.assertEqual(self.run_main(*argv), (status, stdout, stderr))


class BundledFilesTests(unittest.TestCase):
    def test_every_bundled_file_passes(self):
        out, err = io.StringIO(), io.StringIO()
        status = check_schemas.main([], out=out, err=err)
        self.assertEqual((status, err.getvalue()), (0, ""), out.getvalue())
        self.assertRegex(out.getvalue(), r"\Aschema-check: [1-9][0-9]* passed, 0 failed\n\Z")


class SchemaErrorTests(CheckSchemasTestCase):
    def test_a_valid_scenario_passes(self):
        self.write("Conformance/scenarios/login/login-x.json", SCENARIO)
        self.assertChecks([], 0, "schema-check: 11 passed, 0 failed\n")

    def test_unknown_and_missing_keys_are_named_with_their_paths(self):
        scenario = dict(SCENARIO, bogus=1)
        del scenario["description"]
        self.write("Conformance/scenarios/login/login-x.json", scenario)
        self.assertChecks([], 2, (
            "Conformance/scenarios/login/login-x.json: (root): missing required key 'description'\n"
            "Conformance/scenarios/login/login-x.json: bogus: unknown key 'bogus' (allowed: $schema, description, "
            "exhaustive, feature, id, initialState, steps, tags)\n"
            "schema-check: 10 passed, 1 failed\n"))

    def test_state_and_changes_together_get_one_message(self):
        step = {"send": {"type": "submit"}, "expect": {"state": {}, "changes": {}}}
        self.write("Conformance/scenarios/login/login-x.json", dict(SCENARIO, steps=[step]))
        self.assertChecks([], 2, (
            "Conformance/scenarios/login/login-x.json: steps[0].expect: 'state' and 'changes' are mutually "
            "exclusive; give one of them\n"
            "schema-check: 10 passed, 1 failed\n"))

    def test_patterns_empty_arrays_and_repeated_items(self):
        self.write("Conformance/scenarios/login/login-x.json", dict(SCENARIO, id="Login_X", steps=[], tags=["a", "a"]))
        self.assertChecks([], 2, (
            "Conformance/scenarios/login/login-x.json: id: \"Login_X\" does not match the pattern "
            "'^[a-z0-9]+(-[a-z0-9]+)*$'\n"
            "Conformance/scenarios/login/login-x.json: steps: must not be empty\n"
            "Conformance/scenarios/login/login-x.json: tags: must not contain the same item twice\n"
            "schema-check: 10 passed, 1 failed\n"))

    def test_a_wrong_type_shows_the_value(self):
        self.write("Conformance/scenarios/login/login-x.json", dict(SCENARIO, exhaustive="yes"))
        self.assertChecks([], 2, (
            "Conformance/scenarios/login/login-x.json: exhaustive: must be of type boolean, not \"yes\"\n"
            "schema-check: 10 passed, 1 failed\n"))

    def test_what_only_conformance_validate_checks_passes_here(self):
        # id ≠ file name, a feature without a manifest, a folder ≠ feature: conformance validate's checks, not a
        # schema's (Conformance/README.md §3.6).
        self.write("Conformance/scenarios/login/other-name.json", dict(SCENARIO, feature="no-such-feature"))
        self.write("Conformance/scenarios/signup/login-x.json", SCENARIO)
        self.write("Conformance/implementations.json",
                   {"implementations": [{"name": "k", "command": ["a"]}, {"name": "k", "command": ["b"]}]})
        self.assertChecks([], 0, "schema-check: 13 passed, 0 failed\n")


class StrictJSONTests(CheckSchemasTestCase):
    CASES = [
        ("syntax", '{"id": "login-x",\n  "feature": }', "line 2 column 14: invalid JSON: Expecting value"),
        ("duplicate key", '{"id": "login-x", "id": "login-x", "feature": "login", "description": "x", '
                          '"steps": [{"send": {"type": "submit"}}]}', "(root): duplicate key 'id'"),
        ("NaN", '{"x": NaN}', "(file): invalid JSON: NaN is not a JSON number (RFC 8259 §6)"),
        ("byte order mark", b"\xef\xbb\xbf{}",
         "(file): starts with a UTF-8 byte order mark; save the file as UTF-8 without BOM"),
        ("not UTF-8", b'{"id": "\xff"}', "(file): not valid UTF-8 at byte 8"),
        ("lone surrogate", '{"id": "login-x", "feature": "login", "description": "\\ud800", '
                           '"steps": [{"send": {"type": "submit"}}]}',
         "description: string contains a lone surrogate escape (not a Unicode scalar value)"),
    ]

    def test_files_that_are_not_strict_json_fail(self):
        for name, content, problem in self.CASES:
            with self.subTest(name):
                path = self.write("Conformance/scenarios/login/login-x.json", content)
                self.assertChecks([path], 2, (
                    f"Conformance/scenarios/login/login-x.json: {problem}\n"
                    "schema-check: 10 passed, 1 failed\n"))


class FileKindTests(CheckSchemasTestCase):
    def test_a_report_is_checked_against_the_report_schema(self):
        path = self.write("out/report.json", {"format": "udf-conformance-report", "version": 1})
        status, out, _ = self.run_main(path)
        self.assertEqual(status, 2)
        self.assertIn("out/report.json: (root): missing required key 'results'\n", out)

    def test_a_file_of_no_known_kind_fails(self):
        path = self.write("elsewhere/thing.json", {"hello": 1})
        self.assertChecks([path], 2, (
            "elsewhere/thing.json: (root): cannot tell whether this is a scenario, a manifest, a report, an "
            "implementations or a known-divergences file; add a \"$schema\" key naming its schema\n"
            "schema-check: 10 passed, 1 failed\n"))

    def test_the_kind_is_taken_from_the_schema_key_first(self):
        path = self.write("elsewhere/thing.json",
                          {"$schema": "schema/known-divergences.schema.json", "entries": [], "extra": True})
        status, out, _ = self.run_main(path)
        self.assertEqual(status, 2)
        self.assertIn("elsewhere/thing.json: extra: unknown key 'extra'", out)

    def test_a_folder_is_walked_as_conformance_run_walks_it(self):
        # Links are followed, hidden entries passed over, and a broken link or a loop is a failure, never a skip.
        self.write("walked/real/login-x.json", SCENARIO)
        self.write("walked/.hidden/broken.json", "{")
        os.symlink(os.path.join(self.repo, "walked", "real"), os.path.join(self.repo, "walked", "linked"))
        os.symlink("nowhere", os.path.join(self.repo, "walked", "gone.json"))
        os.symlink("..", os.path.join(self.repo, "walked", "real", "loop"))
        status, out, _ = self.run_main(os.path.join(self.repo, "walked"))
        self.assertEqual(status, 2)
        self.assertIn("walked/gone.json: (file): a symbolic link to 'nowhere', which does not exist (a broken link); "
                      "fix or remove it\n", out)
        self.assertIn("walked/real/loop: (file): this folder is one that holds it, through a symbolic link (a loop)", out)
        self.assertNotIn(".hidden", out)
        self.assertIn("walked/real/login-x.json: ", out)

    def test_folders_are_searched_for_json_files(self):
        self.write("elsewhere/scenarios/login/login-x.json", SCENARIO)
        self.write("elsewhere/scenarios/login/notes.txt", "not checked")
        self.assertChecks([os.path.join(self.repo, "elsewhere")], 0, "schema-check: 11 passed, 0 failed\n")


class SchemaFileTests(CheckSchemasTestCase):
    def test_a_schema_must_name_the_metaschema_and_end_its_id_in_its_file_name(self):
        path = os.path.join(self.repo, "Conformance", "schema", "protocol-bye.schema.json")
        with open(path) as handle:
            schema = json.load(handle)
        schema["$id"] = "https://example.com/other.json"
        schema["type"] = "objekt"
        self.write("Conformance/schema/protocol-bye.schema.json", schema)
        status, out, _ = self.run_main()
        self.assertEqual(status, 2)
        self.assertIn("Conformance/schema/protocol-bye.schema.json: $id: must be an absolute URI ending in "
                      "'/protocol-bye.schema.json'\n", out)
        self.assertIn("Conformance/schema/protocol-bye.schema.json: type: ", out)
        self.assertTrue(out.endswith("schema-check: 9 passed, 1 failed\n"), out)


class ProtocolExampleTests(CheckSchemasTestCase):
    def test_each_marked_example_is_checked_against_its_schema(self):
        self.write("Conformance/PROTOCOL.md", "\n".join([
            "# Protocol", "",
            "<!-- example: protocol-bye -->", "```json", '{"cmd":"bye"}', "```", "",
            "<!-- example: protocol-hello-request -->", "```json",
            '{"cmd":"hello","protocol":1}', '{"cmd":"hello","protocol":"one"}', "```", "",
            "<!-- example: protocol-nothing -->", "```json", "{}", "```", "",
            "<!-- example: protocol-bye -->", "no block", ""]))
        self.assertChecks([], 2, (
            "Conformance/PROTOCOL.md: line 11: protocol: must be 1, not \"one\"\n"
            "Conformance/PROTOCOL.md: line 16: unknown or invalid schema 'protocol-nothing.schema.json'\n"
            "Conformance/PROTOCOL.md: line 19: an example marker must be followed by a fenced code block\n"
            "schema-check: 10 passed, 1 failed\n"))

    def test_a_markdown_file_without_examples_fails(self):
        self.write("Conformance/PROTOCOL.md", "# Protocol\n")
        self.assertChecks([], 2, (
            "Conformance/PROTOCOL.md: (file): no example marked with '<!-- example: <schema name> -->'\n"
            "schema-check: 10 passed, 1 failed\n"))


class CommandLineTests(CheckSchemasTestCase):
    def test_an_unknown_option_is_a_usage_error(self):
        self.assertChecks(["--bogus"], 2, "", (
            "error: unknown option '--bogus'\n"
            "Usage: scripts/check-schemas [<path> ...]\n"
            "See 'scripts/check-schemas --help'.\n"))

    def test_a_missing_path_is_an_input_error_and_nothing_is_checked(self):
        self.assertChecks(["nowhere.json"], 2, "", "error: no such file or folder 'nowhere.json'\n")

    def test_help_goes_to_stdout(self):
        status, out, err = self.run_main("--help")
        self.assertEqual((status, err), (0, ""))
        self.assertTrue(out.startswith("Validates the language-neutral spec in Conformance/"), out)
        self.assertIn("USAGE: scripts/check-schemas [<path> ...]", out)

    def test_a_path_after_double_dash_is_a_path(self):
        self.write("-odd.json", {"hello": 1})
        status, out, _ = self.run_main("--", "-odd.json")
        self.assertEqual(status, 2)
        self.assertIn("-odd.json: (root): cannot tell", out)


if __name__ == "__main__":
    unittest.main()
