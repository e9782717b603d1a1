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
    maxDiff = None

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
        self.assertChecks([], 0, "schema-check: 13 passed, 0 failed\n")

    def test_unknown_and_missing_keys_are_named_with_their_paths(self):
        scenario = dict(SCENARIO, bogus=1)
        del scenario["description"]
        self.write("Conformance/scenarios/login/login-x.json", scenario)
        self.assertChecks([], 2, (
            "Conformance/scenarios/login/login-x.json: (root): missing required key 'description'\n"
            "Conformance/scenarios/login/login-x.json: bogus: unknown key 'bogus' (allowed: $schema, description, "
            "examples, exhaustive, feature, id, initialState, leavesRunning, level, rules, start, steps, tags)\n"
            "schema-check: 12 passed, 1 failed\n"))

    def test_state_and_changes_together_get_one_message(self):
        step = {"send": {"type": "submit"}, "expect": {"state": {}, "changes": {}}}
        self.write("Conformance/scenarios/login/login-x.json", dict(SCENARIO, steps=[step]))
        self.assertChecks([], 2, (
            "Conformance/scenarios/login/login-x.json: steps[0].expect: 'state' and 'changes' are mutually "
            "exclusive; give one of them\n"
            "schema-check: 12 passed, 1 failed\n"))

    def test_patterns_empty_arrays_and_repeated_items(self):
        self.write("Conformance/scenarios/login/login-x.json", dict(SCENARIO, id="Login_X", steps=[], tags=["a", "a"]))
        self.assertChecks([], 2, (
            "Conformance/scenarios/login/login-x.json: id: \"Login_X\" does not match the pattern "
            "'^[a-z0-9]+(-[a-z0-9]+)*$'\n"
            "Conformance/scenarios/login/login-x.json: steps: must not be empty\n"
            "Conformance/scenarios/login/login-x.json: tags: must not contain the same item twice\n"
            "schema-check: 12 passed, 1 failed\n"))

    def test_a_wrong_type_shows_the_value(self):
        self.write("Conformance/scenarios/login/login-x.json", dict(SCENARIO, exhaustive="yes"))
        self.assertChecks([], 2, (
            "Conformance/scenarios/login/login-x.json: exhaustive: must be of type boolean, not \"yes\"\n"
            "schema-check: 12 passed, 1 failed\n"))

    def test_what_only_conformance_validate_checks_passes_here(self):
        # id ≠ file name, a feature without a manifest, a folder ≠ feature: conformance validate's checks, not a
        # schema's (Conformance/README.md §3.6).
        self.write("Conformance/scenarios/login/other-name.json", dict(SCENARIO, feature="no-such-feature"))
        self.write("Conformance/scenarios/signup/login-x.json", SCENARIO)
        self.write("Conformance/implementations.json",
                   {"implementations": [{"name": "k", "command": ["a"]}, {"name": "k", "command": ["b"]}]})
        self.assertChecks([], 0, "schema-check: 15 passed, 0 failed\n")


CALL = {"call": "a1", "dependency": "authenticate", "arguments": {"email": "a@b.co", "password": "12345678"}}
RUNTIME = {
    "id": "login-runtime-x", "feature": "login", "level": "runtime", "description": "LR1: x.",
    "steps": [
        {"send": {"type": "submit"}, "expect": {"changes": {"isLoading": True}, "calls": [CALL]}},
        {"advance": 9999},
        {"respond": {"call": "a1", "result": {"type": "success", "userId": "u1"}},
         "expect": {"changes": {"isLoading": False}}},
        {"respond": {"call": "a1", "error": {"message": "connection reset"}}, "description": "Late: ignored."},
        {"clear": True, "expect": {"cancelled": []}},
    ],
}


class RuntimeScenarioTests(CheckSchemasTestCase):
    """Format v1.1 (Conformance/README.md §13): runtime-level steps, and runtime keys rejected in reducer files."""

    def check_steps(self, steps, level="runtime"):
        """Checks RUNTIME with the given steps (and level) and returns (status, stdout) with the file name removed."""
        scenario = dict(RUNTIME, steps=steps)
        if level is None:
            del scenario["level"]
        else:
            scenario["level"] = level
        self.write("Conformance/scenarios/login/runtime/login-runtime-x.json", scenario)
        status, out, err = self.run_main()
        self.assertEqual(err, "")
        return status, out.replace("Conformance/scenarios/login/runtime/login-runtime-x.json: ", "")

    def test_a_valid_runtime_scenario_in_a_subfolder_passes(self):
        self.assertEqual(self.check_steps(RUNTIME["steps"]), (0, "schema-check: 13 passed, 0 failed\n"))

    def test_an_explicit_reducer_level_is_a_v1_scenario(self):
        self.assertEqual(self.check_steps(SCENARIO["steps"], level="reducer"),
                         (0, "schema-check: 13 passed, 0 failed\n"))

    def test_an_unknown_level_fails(self):
        self.assertEqual(self.check_steps(SCENARIO["steps"], level="store"), (2, (
            "level: 'store' is not one of ['reducer', 'runtime']\n"
            "schema-check: 12 passed, 1 failed\n")))

    def test_runtime_keys_in_a_reducer_level_file_are_named(self):
        steps = [{"send": {"type": "submit"}, "expect": {"calls": [CALL], "cancelled": ["a1"]}},
                 {"send": {"type": "submit"}, "advance": 1},
                 {"send": {"type": "submit"}, "respond": {"call": "a1", "result": {}}},
                 {"send": {"type": "submit"}, "clear": True}]
        for level in (None, "reducer"):
            with self.subTest(level=level):
                self.assertEqual(self.check_steps(steps, level=level), (2, (
                    "steps[0].expect.calls: 'calls' is only valid in a runtime-level scenario "
                    "(\"level\": \"runtime\")\n"
                    "steps[0].expect.cancelled: 'cancelled' is only valid in a runtime-level scenario "
                    "(\"level\": \"runtime\")\n"
                    "steps[1].advance: 'advance' is only valid in a runtime-level scenario (\"level\": \"runtime\")\n"
                    "steps[2].respond: 'respond' is only valid in a runtime-level scenario (\"level\": \"runtime\")\n"
                    "steps[3].clear: 'clear' is only valid in a runtime-level scenario (\"level\": \"runtime\")\n"
                    "schema-check: 12 passed, 1 failed\n")))

    def test_a_reducer_step_without_send_still_needs_send(self):
        self.assertEqual(self.check_steps([{"advance": 1}], level=None), (2, (
            "steps[0]: missing required key 'send'\n"
            "steps[0].advance: 'advance' is only valid in a runtime-level scenario (\"level\": \"runtime\")\n"
            "schema-check: 12 passed, 1 failed\n")))

    def test_the_unknown_key_hint_lists_only_keys_allowed_there(self):
        self.assertEqual(self.check_steps([{"send": {"type": "submit"}, "expect": {"efects": []}}], level=None), (2, (
            "steps[0].expect.efects: unknown key 'efects' (allowed: changes, effects, state)\n"
            "schema-check: 12 passed, 1 failed\n")))

    def test_effects_in_a_runtime_file_fail(self):
        step = {"send": {"type": "submit"}, "expect": {"effects": [{"type": "authenticate"}]}}
        self.assertEqual(self.check_steps([step]), (2, (
            "steps[0].expect.effects: 'effects' is not allowed in a runtime-level scenario (\"level\": \"runtime\"): "
            "effects are internal to the runtime; expect 'calls' and 'cancelled' instead (README §13.3)\n"
            "schema-check: 12 passed, 1 failed\n")))

    def test_a_runtime_step_has_exactly_one_kind(self):
        steps = [{"send": {"type": "submit"}, "advance": 1}, {"expect": {}}, {"clear": True, "respond": {"call": "a1",
                 "result": 1}, "advance": 2}]
        self.assertEqual(self.check_steps(steps), (2, (
            "steps[0]: needs exactly one of 'send', 'respond', 'advance', 'clear', 'screen', 'emit'; found 'send', "
            "'advance'\n"
            "steps[1]: needs exactly one of 'send', 'respond', 'advance', 'clear', 'screen', 'emit'; found none\n"
            "steps[2]: needs exactly one of 'send', 'respond', 'advance', 'clear', 'screen', 'emit'; found 'respond', "
            "'advance', 'clear'\n"
            "schema-check: 12 passed, 1 failed\n")))

    def test_respond_needs_a_call_name_and_exactly_one_of_result_or_error(self):
        steps = [{"respond": {"call": "a1"}},
                 {"respond": {"call": "a1", "result": None, "error": {"message": "x"}}},
                 {"respond": {"call": "a 1", "error": {"message": 3, "code": 1}}},
                 {"respond": {"result": 1, "late": True}},
                 {"respond": {"call": "a1", "error": {"message": "gave up", "cancellation": "yes"}}},
                 {"respond": {"call": "a1", "error": {"message": "gave up", "cancellation": True}}}]
        self.assertEqual(self.check_steps(steps), (2, (
            "steps[0].respond: needs exactly one of 'result', 'error', 'complete'; found none\n"
            "steps[1].respond: needs exactly one of 'result', 'error', 'complete'; found 'result', 'error'\n"
            "steps[2].respond.call: \"a 1\" does not match the pattern '^[A-Za-z0-9_.-]{1,64}$'\n"
            "steps[2].respond.error.code: unknown key 'code' (allowed: cancellation, message)\n"
            "steps[2].respond.error.message: must be of type string, not 3\n"
            "steps[3].respond: missing required key 'call'\n"
            "steps[3].respond.late: unknown key 'late' (allowed: call, complete, error, result)\n"
            "steps[4].respond.error.cancellation: must be of type boolean, not \"yes\"\n"
            "schema-check: 12 passed, 1 failed\n")))

    def test_advance_is_whole_milliseconds_up_to_one_day_and_clear_is_true(self):
        steps = [{"advance": 0}, {"advance": 86400000}, {"advance": -1}, {"advance": 86400001}, {"advance": 1.5},
                 {"advance": "10"}, {"clear": False}]
        self.assertEqual(self.check_steps(steps), (2, (
            "steps[2].advance: -1 is less than the minimum of 0\n"
            "steps[3].advance: 86400001 is greater than the maximum of 86400000\n"
            "steps[4].advance: must be of type integer, not 1.5\n"
            "steps[5].advance: must be of type integer, not \"10\"\n"
            "steps[6].clear: must be true, not false\n"
            "schema-check: 12 passed, 1 failed\n")))

    def test_calls_and_cancelled_are_checked_for_shape(self):
        step = {"send": {"type": "submit"}, "expect": {
            "state": {}, "changes": {},
            "calls": [{"call": "a1", "dependency": "Authenticate", "arguments": []}, {"call": "a2"},
                      dict(CALL, extra=1)],
            "cancelled": ["a1", "a1", "x y"]}}
        self.assertEqual(self.check_steps([step]), (2, (
            "steps[0].expect: 'state' and 'changes' are mutually exclusive; give one of them\n"
            "steps[0].expect.calls[0].arguments: must be of type object, not []\n"
            "steps[0].expect.calls[0].dependency: \"Authenticate\" does not match the pattern '^[a-z][A-Za-z0-9]*$'\n"
            "steps[0].expect.calls[1]: missing required key 'dependency'\n"
            "steps[0].expect.calls[1]: missing required key 'arguments'\n"
            "steps[0].expect.calls[2].extra: unknown key 'extra' (allowed: arguments, call, dependency)\n"
            "steps[0].expect.cancelled: must not contain the same item twice\n"
            "steps[0].expect.cancelled[2]: \"x y\" does not match the pattern '^[A-Za-z0-9_.-]{1,64}$'\n"
            "schema-check: 12 passed, 1 failed\n")))

    def test_what_only_conformance_validate_checks_passes_here(self):
        # A respond to an undeclared or already answered call, a call name declared twice, an unknown dependency:
        # cross-step and manifest checks of `conformance validate` (README §13.5), not a schema's.
        steps = [{"send": {"type": "submit"}, "expect": {"calls": [CALL, dict(CALL, dependency="nowhere")]}},
                 {"respond": {"call": "a9", "result": 1}},
                 {"respond": {"call": "a1", "result": 1}}, {"respond": {"call": "a1", "result": 1}}]
        self.assertEqual(self.check_steps(steps), (0, "schema-check: 13 passed, 0 failed\n"))


class ManifestDependencyTests(CheckSchemasTestCase):
    MANIFEST = {
        "feature": "login", "title": "Login", "description": "x", "spec": "login.md", "platforms": {},
        "state": {"email": {"type": "string"}}, "initialState": {"email": ""},
        "actions": {"submit": {"fields": {}}}, "effects": {},
    }

    def check_dependencies(self, dependencies):
        self.write("Conformance/features/login.json", dict(self.MANIFEST, dependencies=dependencies))
        status, out, err = self.run_main()
        self.assertEqual(err, "")
        return status, out.replace("Conformance/features/login.json: ", "")

    def test_a_dependency_with_arguments_and_a_result_passes(self):
        dependencies = {"authenticate": {
            "rule": "LR1", "description": "Checks the credentials.",
            "arguments": {"email": {"type": "string"}, "password": {"type": "string"}},
            "result": {"type": "union", "ref": "LoginResult"}}}
        self.assertEqual(self.check_dependencies(dependencies), (0, "schema-check: 13 passed, 0 failed\n"))

    def test_a_bad_dependency_is_named_with_its_path(self):
        dependencies = {
            "Authenticate": {"arguments": {}, "result": {"type": "string"}},
            "check": {"arguments": {"type": {"type": "string"}}, "result": {"type": "union"}, "rule": "lr1",
                      "returns": 1},
            "ping": {},
        }
        self.assertEqual(self.check_dependencies(dependencies), (2, (
            "dependencies: \"Authenticate\" does not match the pattern '^[a-z][A-Za-z0-9]*$'\n"
            "dependencies.check.returns: unknown key 'returns' (allowed: arguments, description, emits, kotlin, result, rule, swift)\n"
            "dependencies.check.arguments: the name \"type\" is reserved (it is the case discriminator)\n"
            "dependencies.check.result: missing required key 'ref'\n"
            "dependencies.check.rule: \"lr1\" does not match the pattern '^[A-Z]+[0-9]+(\\.[a-z])?$'\n"
            "dependencies.ping: missing required key 'arguments'\n"
            "dependencies.ping: needs exactly one of 'result', 'emits'; found none\n"
            "schema-check: 12 passed, 1 failed\n")))


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
                    "schema-check: 12 passed, 1 failed\n"))


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
            "schema-check: 12 passed, 1 failed\n"))

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
        self.assertChecks([os.path.join(self.repo, "elsewhere")], 0, "schema-check: 13 passed, 0 failed\n")


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
        self.assertTrue(out.endswith("schema-check: 11 passed, 1 failed\n"), out)


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
            "schema-check: 12 passed, 1 failed\n"))

    def test_a_markdown_file_without_examples_fails(self):
        self.write("Conformance/PROTOCOL.md", "# Protocol\n")
        self.assertChecks([], 2, (
            "Conformance/PROTOCOL.md: (file): no example marked with '<!-- example: <schema name> -->'\n"
            "schema-check: 12 passed, 1 failed\n"))


class GuideExampleTests(CheckSchemasTestCase):
    def test_the_examples_of_the_readme_and_the_docs_are_checked_and_pages_without_any_are_passed_over(self):
        self.write("README.md", "<!-- example: protocol-bye -->\n```json\n{\"cmd\":\"bye\"}\n```\n")
        self.write("docs/guide.md", "<!-- example: protocol-bye -->\n```json\n{\"cmd\":\"hi\"}\n```\n")
        self.write("docs/notes.md", "# No examples here\n")
        status, out, _ = self.run_main()
        self.assertEqual(status, 2)
        self.assertIn("docs/guide.md: line 3: cmd: ", out)
        self.assertNotIn("README.md", out)
        self.assertNotIn("notes.md", out)
        self.assertTrue(out.endswith("schema-check: 13 passed, 1 failed\n"), out)


class RuntimeProtocolTests(CheckSchemasTestCase):
    """The runtime level of the harness protocol (PROTOCOL.md §2.5), through examples in a PROTOCOL.md."""

    def check_examples(self, *examples):
        """Checks a PROTOCOL.md made of (schema name, line) examples; returns (status, stdout). Example k is on line
        4k - 1."""
        lines = ["# Protocol"]
        for schema, line in examples:
            lines += [f"<!-- example: {schema} -->", "```json", line, "```"]
        self.write("Conformance/PROTOCOL.md", "\n".join(lines) + "\n")
        status, out, err = self.run_main()
        self.assertEqual(err, "")
        return status, out.replace("Conformance/PROTOCOL.md: ", "")

    HELLO = ('{"protocol":1,"implementation":{"name":"kotlin-viewmodel","language":"Kotlin","version":"1"},'
             '"features":{"login":{"initialState":{},"levels":%s}}}')
    RUN = ('{"cmd":"run","seq":3,"id":"login-runtime-x","feature":"login","level":"runtime","initialState":{},'
           '"steps":%s}')
    REPLY = '{"seq":3,"trace":[%s]}'

    def test_valid_runtime_messages_pass(self):
        steps = ('[{"send":{"type":"submit"}},{"respond":{"call":{"step":1,"index":1},"result":{"type":"success"}}},'
                 '{"respond":{"call":{"step":1,"index":1},"error":{"message":"connection reset"}}},{"advance":9999},'
                 '{"clear":true}]')
        entry = ('{"state":{},"calls":[{"dependency":"authenticate","arguments":{"email":"a@b.co","password":"x"}}],'
                 '"cancelled":[{"step":1,"index":1}]}')
        self.assertEqual(self.check_examples(
            ("protocol-hello-reply", self.HELLO % '["reducer","runtime"]'),
            ("protocol-hello-reply", self.HELLO % '["runtime"]'),
            ("protocol-run-request", self.RUN % steps),
            ("protocol-run-reply", self.REPLY % entry),
            ("protocol-run-reply", self.REPLY % '{"state":{},"calls":[],"cancelled":[]},{"state":{},"effects":[]}'),
        ), (0, "schema-check: 13 passed, 0 failed\n"))

    def test_hello_levels_must_be_known_distinct_and_not_empty(self):
        self.assertEqual(self.check_examples(
            ("protocol-hello-reply", self.HELLO % '[]'),
            ("protocol-hello-reply", self.HELLO % '["store"]'),
            ("protocol-hello-reply", self.HELLO % '["runtime","runtime"]'),
        ), (2, (
            "line 4: features.login.levels: must not be empty\n"
            "line 8: features.login.levels[0]: 'store' is not one of ['reducer', 'runtime']\n"
            "line 12: features.login.levels: must not contain the same item twice\n"
            "schema-check: 12 passed, 1 failed\n")))

    def test_a_runtime_request_carries_steps_not_actions(self):
        reducer_with_level = ('{"cmd":"run","seq":1,"id":"x","feature":"login","level":"reducer","initialState":{},'
                              '"actions":[{"type":"submit"}]}')
        self.assertEqual(self.check_examples(
            ("protocol-run-request", self.RUN % '[{"send":{"type":"submit"},"advance":1}]'),
            ("protocol-run-request", self.RUN % '[{"respond":{"call":"a1","result":1}}]'),
            ("protocol-run-request", self.RUN % '[{"respond":{"call":{"step":-1,"index":1},"result":1}}]'),
            ("protocol-run-request", self.RUN % '[{"advance":1,"expect":{}}]'),
            ("protocol-run-request", reducer_with_level),
        ), (2, (
            "line 4: steps[0]: matches none of the allowed shapes; closest: needs exactly one of 'send', 'respond', "
            "'advance', 'clear', 'screen', 'emit'; found 'send', 'advance'\n"
            "line 8: steps[0].respond.call: matches none of the allowed shapes; closest: must be of type object, "
            "not \"a1\"\n"
            "line 12: steps[0].respond.call.step: matches none of the allowed shapes; closest: -1 is less than the "
            "minimum of 0\n"
            "line 16: steps[0].expect: matches none of the allowed shapes; closest: unknown key 'expect' (allowed: "
            "advance, clear, emit, respond, screen, send)\n"
            "line 20: level: matches none of the allowed shapes; closest: unknown key 'level' (allowed: actions, cmd, "
            "feature, id, initialState, seq)\n"
            "schema-check: 12 passed, 1 failed\n")))

    def test_a_runtime_trace_entry_has_state_calls_and_cancelled(self):
        self.assertEqual(self.check_examples(
            ("protocol-run-reply", self.REPLY % '{"state":{},"calls":[]}'),
            ("protocol-run-reply", self.REPLY % '{"state":{},"calls":[],"cancelled":[],"effects":[]}'),
            ("protocol-run-reply", self.REPLY % '{"state":{},"calls":[{"dependency":"authenticate"}],"cancelled":[]}'),
        ), (2, (
            "line 4: trace[0]: matches none of the allowed shapes; closest: missing required key 'cancelled'\n"
            "line 8: trace[0].effects: matches none of the allowed shapes; closest: unknown key 'effects' (allowed: "
            "calls, cancelled, events, inFlight, received, state)\n"
            "line 12: trace[0].calls[0]: matches none of the allowed shapes; closest: missing required key "
            "'arguments'\n"
            "schema-check: 12 passed, 1 failed\n")))


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
