#!/usr/bin/env python3
"""Runs the CI recipes of docs/ci.md ("Recipes") the way their CI systems run them, so a recipe cannot drift from
the tool.

The recipes are samples of the guide (scripts/doc-samples write scripts/ci-recipes …). Each runs in a temporary
copy of the bundled feature manifests and scenarios, with one planted failing scenario, and with the tool's own
`conformance harness` declared as a second implementation, so `--all` runs two implementations and no JVM:

  - GitHub Actions: the workflow is parsed as YAML; each job of the shard matrix runs its `run:` steps in bash with
    `${{ matrix.shard }}` put in and GITHUB_ACTIONS, GITHUB_WORKSPACE and GITHUB_STEP_SUMMARY set as the runner sets
    them; `upload-artifact` and `download-artifact` become copies; the merge job then runs. Its annotations are
    parsed as the runner parses them.
  - GitLab CI: `.gitlab-ci.yml` is parsed; the `parallel: N` job runs its `script:` N times with CI_NODE_INDEX and
    CI_NODE_TOTAL, its `artifacts:paths` go to the next stage's job; the `fuzz` job's shards each run theirs.
  - Bazel: the real thing, with Debian's `bazel-bootstrap` (scripts/test installs it on first use). Bazel's
    own rule sets come from Debian's packages or, where Debian's do not fit Bazel 4, from small stand-ins here, all
    passed as --override_repository, so it runs with no network; `bazel test` runs the `sh_test` in 3 shards.

`swift run conformance` in a recipe runs .build/debug/conformance (build it first: swift build).

Run: python3 -m unittest discover -s scripts -p 'test_ci_recipes.py'
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ElementTree
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
TOOL = os.path.join(REPO, ".build", "debug", "conformance")
FAILING = os.path.join(REPO, "Tests", "ConformanceTests", "Fixtures", "failing", "login-wrong-loading-flag.json")

try:
    import yaml
except ImportError:  # pragma: no cover - scripts/test installs it into .build/venv
    yaml = None


def write_samples(folder, destination):
    """Writes the guide's samples under scripts/ci-recipes/FOLDER into `destination`."""
    subprocess.run([sys.executable, os.path.join(REPO, "scripts", "doc-samples"), "write",
                    f"scripts/ci-recipes/{folder}", destination], check=True, capture_output=True, text=True)


def workspace(folder, failing=True):
    """A team's checkout in `folder`: the bundled manifests and scenarios, a second implementation (the tool's own
    harness), and, when `failing`, one scenario the Swift implementation fails."""
    os.makedirs(os.path.join(folder, "Conformance"), exist_ok=True)
    for part in ("features", "scenarios", "schema"):
        shutil.copytree(os.path.join(REPO, "Conformance", part), os.path.join(folder, "Conformance", part))
    tool = os.path.join(folder, "tools", "conformance")
    os.makedirs(os.path.dirname(tool), exist_ok=True)
    shutil.copy2(TOOL, tool)
    with open(os.path.join(folder, "Conformance", "implementations.json"), "w", encoding="utf-8") as handle:
        json.dump({"implementations": [{"name": "swift-harness", "command": ["tools/conformance", "harness"],
                                        "workingDirectory": ".."}]}, handle)
    if failing:
        shutil.copy2(FAILING, os.path.join(folder, "Conformance", "scenarios", "login"))


def shell(command, cwd, env):
    """Runs one recipe line in bash as a CI runner does, `swift run conformance` being the built tool."""
    command = command.replace("swift run conformance", TOOL)
    return subprocess.run(["bash", "-e", "-c", command], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)


def base_environment():
    """The environment of a CI job: this one's, less what a runner sets itself."""
    drop = ("GITHUB_", "CI_", "TEST_", "XML_OUTPUT_FILE", "TESTBRIDGE_", "CIRCLE_", "BUILDKITE")
    return {key: value for key, value in os.environ.items() if not key.startswith(drop)} | {"NO_COLOR": "1"}


def parse_workflow_command(line):
    """A workflow command as the runner parses it (actions/runner ActionCommand.TryParseV2): `::name props::data`,
    properties split on ',' and each on the first '=', then unescaped."""
    match = re.match(r"^::([^ :]+)(?: ([^:]*))?::(.*)$", line)
    if not match:
        return None
    unescape = lambda text: (text.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":")
                             .replace("%2C", ",").replace("%25", "%"))
    properties = {}
    for pair in (match.group(2) or "").split(","):
        if pair:
            key, _, value = pair.partition("=")
            properties[key] = unescape(value)
    return match.group(1), properties, unescape(match.group(3))


def unsharded_exit(folder):
    """The exit status and JSON report of the same run unsharded, the verdict a recipe must reproduce."""
    report = os.path.join(folder, "unsharded.json")
    result = subprocess.run([TOOL, "run", "--all", "--json", report], cwd=folder, env=base_environment(),
                            capture_output=True, text=True, timeout=600)
    with open(report, encoding="utf-8") as handle:
        return result.returncode, json.load(handle)


def scenario_ids(report):
    """The (scenario, implementation) pairs of a JSON report."""
    return sorted((entry["scenario"], entry["implementation"]) for entry in report["results"])


@unittest.skipUnless(os.path.exists(TOOL), "build the tool first: swift build")
class GitHubActionsRecipe(unittest.TestCase):
    def test_the_matrix_of_shards_and_the_merge_job_give_the_unsharded_verdict(self):
        self.assertIsNotNone(yaml, "PyYAML is missing: scripts/test installs it into .build/venv")
        with tempfile.TemporaryDirectory() as scratch:
            recipe, checkout = os.path.join(scratch, "recipe"), os.path.join(scratch, "checkout")
            write_samples("github", recipe)
            with open(os.path.join(recipe, ".github", "workflows", "parity.yml"), encoding="utf-8") as handle:
                workflow = yaml.safe_load(handle)
            workspace(checkout)
            expected_status, expected = unsharded_exit(checkout)
            shard_job, merge_job = workflow["jobs"]["shard"], workflow["jobs"]["merge"]
            self.assertEqual(merge_job["needs"], "shard")
            self.assertEqual(merge_job["if"], "always()", "the merge must run when a shard fails")
            artifacts = os.path.join(scratch, "artifacts")
            shard_statuses = []
            for shard in shard_job["strategy"]["matrix"]["shard"]:
                environment = base_environment() | {
                    "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": checkout,
                    "GITHUB_STEP_SUMMARY": os.path.join(scratch, f"summary-{shard}.md")}
                status = 0
                for step in shard_job["steps"]:
                    text = lambda value: str(value).replace("${{ matrix.shard }}", str(shard))
                    if "run" in step:
                        result = shell(text(step["run"]), checkout, environment)
                        status = status or result.returncode
                        self.assertNotIn("error:", result.stderr.lower(), result.stderr)
                    elif step.get("uses", "").startswith("actions/upload-artifact"):
                        self.assertEqual(step.get("if"), "always()", "a failing shard must still upload its report")
                        target = os.path.join(artifacts, text(step["with"]["name"]))
                        os.makedirs(target)
                        shutil.copy2(os.path.join(checkout, text(step["with"]["path"])), target)
                shard_statuses.append(status)
            self.assertIn(1, shard_statuses, "the shard holding the failing scenario fails its job")
            merged_checkout = os.path.join(scratch, "merge")
            workspace(merged_checkout)
            summary = os.path.join(scratch, "summary-merge.md")
            environment = base_environment() | {
                "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": merged_checkout, "GITHUB_STEP_SUMMARY": summary}
            merge_status = None
            for step in merge_job["steps"]:
                if step.get("uses", "").startswith("actions/download-artifact"):
                    self.assertTrue(step["with"]["merge-multiple"])
                    pattern = step["with"]["pattern"]
                    for name in glob.glob(os.path.join(artifacts, pattern)):
                        for file in os.listdir(name):
                            shutil.copy2(os.path.join(name, file), merged_checkout)
                elif "run" in step:
                    result = shell(step["run"], merged_checkout, environment)
                    merge_status = result.returncode
                    output = result.stdout
            self.assertEqual(merge_status, expected_status)
            self.assertEqual(merge_status, 1)
            annotations = [parse_workflow_command(line) for line in output.splitlines() if line.startswith("::")]
            errors = [item for item in annotations if item and item[0] == "error"]
            self.assertTrue(any(props.get("file") == "Conformance/scenarios/login/login-wrong-loading-flag.json"
                                and props.get("line") == "10" for _, props, _ in errors), annotations)
            with open(summary, encoding="utf-8") as handle:
                self.assertIn("login-wrong-loading-flag", handle.read())
            junit = ElementTree.parse(os.path.join(merged_checkout, "parity.xml"))
            names = sorted(case.get("name") for case in junit.iter("testcase")
                           if case.get("classname", "").startswith("conformance.") and
                           not case.get("classname", "").endswith((".parity", "invalid-files", "baseline")))
            self.assertEqual(len(names), len(expected["results"]))


@unittest.skipUnless(os.path.exists(TOOL), "build the tool first: swift build")
class GitLabRecipe(unittest.TestCase):
    def pipeline(self, scratch):
        """The recipe's `.gitlab-ci.yml`, parsed, and the checkout folder its jobs run in."""
        self.assertIsNotNone(yaml, "PyYAML is missing: scripts/test installs it into .build/venv")
        recipe = os.path.join(scratch, "recipe")
        write_samples("gitlab", recipe)
        with open(os.path.join(recipe, ".gitlab-ci.yml"), encoding="utf-8") as handle:
            return yaml.safe_load(handle), os.path.join(scratch, "checkout")

    def test_the_parallel_job_and_the_gate_give_the_unsharded_verdict(self):
        with tempfile.TemporaryDirectory() as scratch:
            pipeline, checkout = self.pipeline(scratch)
            workspace(checkout)
            expected_status, expected = unsharded_exit(checkout)
            job, gate = pipeline["parity"], pipeline["parity-gate"]
            self.assertEqual(pipeline["stages"].index(job["stage"]) + 1, pipeline["stages"].index(gate["stage"]))
            self.assertEqual(gate["when"], "always")
            self.assertEqual(job["artifacts"]["when"], "always")
            total = job["parallel"]
            gate_checkout = os.path.join(scratch, "gate")
            workspace(gate_checkout)
            seen = []
            for index in range(1, total + 1):
                environment = base_environment() | {
                    "GITLAB_CI": "true", "CI_NODE_INDEX": str(index), "CI_NODE_TOTAL": str(total)}
                for line in job["script"]:
                    shell(line, checkout, environment)
                for pattern in job["artifacts"]["paths"]:
                    for file in glob.glob(os.path.join(checkout, pattern)):
                        shutil.copy2(file, gate_checkout)
                        os.remove(file)
                for pattern in [job["artifacts"]["reports"]["junit"]]:
                    for file in glob.glob(os.path.join(checkout, pattern)):
                        seen += [case.get("name") for case in ElementTree.parse(file).iter("testcase")]
                        os.remove(file)
            self.assertEqual(len(glob.glob(os.path.join(gate_checkout, "parity-*.json"))), total)
            status, output = None, ""
            for line in gate["script"]:
                result = shell(line, gate_checkout, base_environment() | {"GITLAB_CI": "true"})
                status, output = result.returncode, result.stdout
            self.assertEqual(status, expected_status)
            self.assertIn("login-wrong-loading-flag", output)
            ids = {entry["scenario"] for entry in expected["results"]}
            self.assertEqual(sorted(name for name in seen if name in ids),
                             sorted(entry["scenario"] for entry in expected["results"]),
                             "each shard's JUnit report holds its own scenarios, and all of them together")

    def test_the_fuzz_job_searches_its_own_shard_of_the_sequences(self):
        with tempfile.TemporaryDirectory() as scratch:
            pipeline, checkout = self.pipeline(scratch)
            job = pipeline["fuzz"]
            workspace(checkout, failing=False)
            total = job["parallel"]
            for index in range(1, total + 1):
                environment = base_environment() | {
                    "GITLAB_CI": "true", "CI_NODE_INDEX": str(index), "CI_NODE_TOTAL": str(total)}
                for line in job["script"]:
                    result = shell(line, checkout, environment)
                    self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
                    self.assertIn(f"shard {index}/{total}: sequences {index}, {index + total},", result.stdout)
                    self.assertIn("no divergence", result.stdout)
            self.assertFalse(os.path.exists(os.path.join(checkout, "fuzz-findings")))


BAZEL_OVERRIDES = {
    "platforms": "/usr/share/bazel/tools/platforms",
    "rules_java": "/usr/share/bazel/rules/java",
}
# Bazel 4 loads these even for an sh_test; Debian's rules_cc is newer than Bazel 4 understands and its coverage
# tools are downloaded, so small stand-ins take their place (an sh_test compiles nothing and collects no coverage).
STAND_INS = {
    "rules_cc": {
        "cc/defs.bzl": "".join(f"def {rule}(**kwargs):\n    native.{rule}(**kwargs)\n" for rule in (
            "cc_binary", "cc_library", "cc_test", "cc_toolchain", "cc_toolchain_suite", "cc_import",
            "cc_proto_library", "fdo_prefetch_hints", "fdo_profile", "objc_library", "objc_import")),
        "cc/BUILD": "",
    },
    "remote_coverage_tools": {
        "BUILD": 'package(default_visibility = ["//visibility:public"])\n'
                 'filegroup(name = "coverage_report_generator", srcs = [])\n'
                 'filegroup(name = "lcov_merger", srcs = [])\n',
    },
}
BAZEL_PACKAGES = ["bazel-bootstrap", "bazel-platforms", "bazel-rules-java"]


def bazel():
    """The path of `bazel` (scripts/test installs Debian's bazel-bootstrap), or None."""
    return shutil.which("bazel")


@unittest.skipUnless(os.path.exists(TOOL), "build the tool first: swift build")
class BazelRecipe(unittest.TestCase):
    def bazel_test(self, checkout, scratch, *arguments):
        overrides = dict(BAZEL_OVERRIDES)
        for name, files in STAND_INS.items():
            folder = os.path.join(scratch, "stand-ins", name)
            for path, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(folder, path)), exist_ok=True)
                with open(os.path.join(folder, path), "w", encoding="utf-8") as handle:
                    handle.write(text)
            open(os.path.join(folder, "WORKSPACE"), "w").close()
            open(os.path.join(folder, "BUILD"), "a").close()
            overrides[name] = folder
        command = [self.bazel, "--batch", f"--output_user_root={os.path.join(scratch, 'bazel-root')}", "test",
                   "//:parity", "--spawn_strategy=standalone", *arguments]
        command += [f"--override_repository={name}={path}" for name, path in overrides.items()]
        return subprocess.run(command, cwd=checkout, capture_output=True, text=True, timeout=900,
                              env=base_environment())

    def shard_results(self, checkout):
        """Per shard: the testcase names of its JUnit report, and whether it touched the shard status file."""
        shards = {}
        for folder in sorted(glob.glob(os.path.join(checkout, "bazel-testlogs", "parity", "shard_*_of_3"))):
            names = [case.get("name") for case in ElementTree.parse(os.path.join(folder, "test.xml")).iter("testcase")]
            outputs = os.path.join(folder, "test.outputs")
            reports = glob.glob(os.path.join(outputs, "*.json"))
            zipped = os.path.join(outputs, "outputs.zip")
            if os.path.exists(zipped):
                with zipfile.ZipFile(zipped) as archive:
                    reports += archive.namelist()
            shards[os.path.basename(folder)] = (names, os.path.exists(os.path.join(folder, "test.shard")), reports)
        return shards

    def test_a_sharded_sh_test_runs_each_scenario_once_and_fails_with_the_failing_one(self):
        self.bazel = bazel()
        self.assertIsNotNone(self.bazel, "bazel is missing: apt-get install " + " ".join(BAZEL_PACKAGES))
        for package in BAZEL_OVERRIDES.values():
            self.assertTrue(os.path.isdir(package), f"{package} is missing: apt-get install {' '.join(BAZEL_PACKAGES)}")
        with tempfile.TemporaryDirectory() as scratch:
            checkout = os.path.join(scratch, "checkout")
            write_samples("bazel", checkout)
            os.chmod(os.path.join(checkout, "parity_test.sh"), 0o755)
            open(os.path.join(checkout, "WORKSPACE"), "w").close()
            workspace(checkout, failing=False)
            expected_status, expected = unsharded_exit(checkout)
            os.remove(os.path.join(checkout, "unsharded.json"))
            self.assertEqual(expected_status, 0)
            result = self.bazel_test(checkout, scratch)
            self.assertEqual(result.returncode, 0, result.stdout[-3000:] + result.stderr[-3000:])
            shards = self.shard_results(checkout)
            self.assertEqual(len(shards), 3)
            ids = sorted({entry["scenario"] for entry in expected["results"]})
            names = [name for names, _, _ in shards.values() for name in set(names) if name in ids]
            self.assertEqual(sorted(names), ids, "every scenario runs in exactly one shard")
            for shard, (_, touched, reports) in shards.items():
                self.assertTrue(touched, f"{shard}: TEST_SHARD_STATUS_FILE was not touched")
                self.assertIn("conformance-report.json", [os.path.basename(path) for path in reports], shard)
            shutil.copy2(FAILING, os.path.join(checkout, "Conformance", "scenarios", "login"))
            result = self.bazel_test(checkout, scratch, "--test_output=errors")
            self.assertEqual(result.returncode, 3, "bazel test exits 3 when a test fails")
            self.assertIn("login-wrong-loading-flag", result.stdout + result.stderr)
            failed = [shard for shard, (names, _, _) in self.shard_results(checkout).items()
                      if "login-wrong-loading-flag" in names]
            self.assertEqual(len(failed), 1)


if __name__ == "__main__":
    unittest.main()
