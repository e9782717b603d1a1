#!/usr/bin/env python3
"""Validates the language-neutral spec in Conformance/ against its JSON Schemas (Draft 2020-12).

USAGE: scripts/check-schemas [<path> ...]

Without a path: checks every Conformance/schema/*.schema.json against the 2020-12 metaschema, then
Conformance/features/*.json against manifest.schema.json, Conformance/scenarios/**/*.json against
scenario.schema.json, Conformance/implementations.json against implementations.schema.json,
Conformance/known-divergences.json and Conformance/unicode/known-divergences.json against
known-divergences.schema.json, the example messages marked in Conformance/PROTOCOL.md against the
protocol-*.schema.json files, the event-stream example marked in Conformance/README.md against events.schema.json, and
the examples marked in README.md and the guides under docs/ (those that mark any) against the schemas they name. With paths: checks those files (folders are searched for *.json) instead; a file's
schema is taken from its "$schema", else from where it lives; a report (e.g. .build/parity-report.json) is
checked against report.schema.json, a coverage report (`conformance coverage --format json`) against
coverage.schema.json. The schemas in Conformance/schema/ are always checked first, because the
other files are validated against them.

Only what the schemas say is checked, and that the files are strict JSON (UTF-8 without BOM, no duplicate key,
no NaN, no lone surrogate). What a schema cannot express (an id equal to its file name and unique, a feature
that names a manifest, a manifest's refs and initialState) is `conformance validate`'s job
(Conformance/README.md §2.5, §3.6, §9).

Output: one line per problem, '<file>: <JSON path>: <message>', then exactly one closing line
'schema-check: N passed, N failed' (N counts files). Exit status: 0 every file passed; 2 a file failed (an invalid
input, as `conformance validate` exits), a folder could not be walked, a usage error, a path that does not exist, or no
usable Python environment (scripts/check-schemas sets it up). Folders are walked as `conformance run` walks them:
links followed, hidden entries passed over, and an unreadable folder, broken link, loop or non-UTF-8 name reported.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import script_cli  # noqa: E402

try:
    import referencing
    from jsonschema import Draft202012Validator
except ImportError:
    script_cli.print_error("this Python has no 'jsonschema' (4.18 or later)",
                           "Run scripts/check-schemas, which installs it into .build/venv.")
    sys.exit(script_cli.EXIT_USAGE)

PROGRAM = "scripts/check-schemas"
USAGE = f"{PROGRAM} [<path> ...]"
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
METASCHEMA = "https://json-schema.org/draft/2020-12/schema"
KINDS = {  # file kind -> schema file that validates it
    "report": "report.schema.json",
    "coverage": "coverage.schema.json",
    "scenario": "scenario.schema.json",
    "manifest": "manifest.schema.json",
    "implementations": "implementations.schema.json",
    "known-divergences": "known-divergences.schema.json",
}
EXAMPLE_MARKER = re.compile(r"^<!--\s*example:\s*([a-z0-9-]+)\s*-->\s*$")
IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


class Tally:
    """Prints the problems of each checked file and counts passed and failed files."""

    def __init__(self, repo, out):
        self.repo = repo
        self.out = out
        self.passed = 0
        self.failed = 0

    def name(self, path):
        """The path as shown: relative to the repository when inside it, else as given."""
        full = os.path.abspath(path)
        return os.path.relpath(full, self.repo) if full.startswith(self.repo + os.sep) else path

    def finish(self, path, problems):
        """Prints the problems of one file and counts it. problems: a list of (JSON path, message)."""
        for where, message in problems:
            print(f"{self.name(path)}: {where}: {message}", file=self.out)
        if problems:
            self.failed += 1
        else:
            self.passed += 1


# MARK: - Reading JSON strictly (RFC 8259)

class _Object(dict):
    """A JSON object that remembers which keys occurred more than once."""
    duplicates = ()


def _object_pairs(pairs):
    result, seen = _Object(), []
    for key, value in pairs:
        if key in result:
            seen.append(key)
        result[key] = value
    result.duplicates = tuple(seen)
    return result


def _reject_constant(name):
    """NaN and Infinity are not JSON numbers (RFC 8259 §6), though Python's json module reads them."""
    raise ValueError(f"{name} is not a JSON number (RFC 8259 §6)")


def render_path(parts):
    """Renders a JSON path as 'steps[0].expect.changes' (the root is '(root)')."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif IDENTIFIER.match(part):
            out += ("." if out else "") + part
        else:
            out += "[" + json.dumps(part, ensure_ascii=False) + "]"
    return out or "(root)"


def _has_surrogate(text):
    return any(0xD800 <= ord(ch) <= 0xDFFF for ch in text)


def strictness_problems(value, parts=()):
    """Duplicate keys (which a schema never sees: the last value wins) and lone surrogates (not Unicode scalar
    values, RFC 8259 §8.2) anywhere in a parsed document, as (JSON path, message)."""
    problems = []
    if isinstance(value, dict):
        for key in getattr(value, "duplicates", ()):
            problems.append((render_path(parts), f"duplicate key '{key}'"))
        for key, item in value.items():
            if _has_surrogate(key):
                problems.append((render_path(parts), f"key {json.dumps(key)} contains a lone surrogate escape"))
            problems += strictness_problems(item, parts + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            problems += strictness_problems(item, parts + (index,))
    elif isinstance(value, str) and _has_surrogate(value):
        problems.append((render_path(parts), "string contains a lone surrogate escape (not a Unicode scalar value)"))
    return problems


def parse_json(text):
    """Parses JSON text strictly; returns (document, problems). Raises json.JSONDecodeError on a syntax error and
    ValueError for NaN or Infinity."""
    document = json.loads(text, object_pairs_hook=_object_pairs, parse_constant=_reject_constant)
    return document, strictness_problems(document)


def read_json(path):
    """Reads a JSON file strictly; returns (document, problems); document is None when the file cannot be read as
    JSON (UTF-8 without BOM, RFC 8259 §8.1)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        return None, [("(file)", f"cannot read the file: {error.strerror}")]
    if data.startswith(b"\xef\xbb\xbf"):
        return None, [("(file)", "starts with a UTF-8 byte order mark; save the file as UTF-8 without BOM")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return None, [("(file)", f"not valid UTF-8 at byte {error.start}")]
    try:
        return parse_json(text)
    except json.JSONDecodeError as error:
        return None, [(f"line {error.lineno} column {error.colno}", f"invalid JSON: {error.msg}")]
    except ValueError as error:
        return None, [("(file)", f"invalid JSON: {error}")]


# MARK: - Schema errors as messages

def _short(value, limit=60):
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe(error, root=None):
    """Turns one jsonschema ValidationError into a list of (JSON path, message); `root` is the schema validated
    against (to resolve its local "$ref"s)."""
    parts = tuple(error.absolute_path)
    where = render_path(parts)
    kind = error.validator
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {})
        allowed = sorted(key for key, schema in known.items() if not _forbidden(schema, root or {}))
        hint = f" (allowed: {', '.join(allowed)})" if allowed else ""
        return [(render_path(parts + (key,)), f"unknown key '{key}'{hint}") for key in error.instance if key not in known]
    if kind == "not" and error.validator_value == {} and parts and isinstance(error.schema.get("description"), str):
        # A key a schema forbids where it is known elsewhere (a runtime key in a reducer-level scenario, README §13.5):
        # the forbidding schema's description says why.
        return [(where, f"'{parts[-1]}' {error.schema['description']}")]
    if kind == "oneOf" and _one_key_branches(error.validator_value) and isinstance(error.instance, dict):
        keys = _one_key_branches(error.validator_value)
        given = [key for key in keys if key in error.instance]
        found = f"found {', '.join(repr(key) for key in given)}" if given else "found none"
        return [(where, f"needs exactly one of {', '.join(repr(key) for key in keys)}; {found}")]
    if kind == "required":
        return [(where, f"missing required key '{key}'") for key in error.validator_value if key not in error.instance]
    if kind == "not" and "dependentSchemas" in error.relative_schema_path:
        return [(where, "'state' and 'changes' are mutually exclusive; give one of them")]
    if kind == "not" and "propertyNames" in error.relative_schema_path:
        return [(where, f"the name {_short(error.instance)} is reserved (it is the case discriminator)")]
    if kind == "not" and isinstance(error.validator_value, dict) and list(error.validator_value) == ["required"]:
        keys = ", ".join(f"'{key}'" for key in error.validator_value["required"])
        context = f" with \"type\": {_short(error.instance.get('type'))}" \
            if isinstance(error.instance, dict) and "type" in error.instance else ""
        return [(where, f"key {keys} is not allowed here{context}")]
    if kind in ("oneOf", "anyOf") and error.context:
        path, message = describe(_closest(error.context), root)[0]
        prefix = "matches none of the allowed shapes; closest: "
        return [(path, message if message.startswith(prefix) else prefix + message)]
    return [(where, _message(error))]


def _forbidden(schema, root):
    """Whether a property's schema forbids its key (`"not": {}`), directly or through a local "$ref" into `root`."""
    reference = schema.get("$ref") if isinstance(schema, dict) else None
    if isinstance(reference, str) and reference.startswith("#/"):
        for part in reference[2:].split("/"):
            root = root.get(part, {}) if isinstance(root, dict) else {}
        schema = root
    return isinstance(schema, dict) and schema.get("not") == {}


def _one_key_branches(branches):
    """The keys of a oneOf whose branches are each {"required": [one key]} ("exactly one of these keys"), else []."""
    if not isinstance(branches, list) or len(branches) < 2:
        return []
    keys = [branch.get("required", [None])[0] if isinstance(branch, dict) and list(branch) == ["required"]
            and len(branch["required"]) == 1 else None for branch in branches]
    return keys if all(keys) else []


def _message(error):
    """The message of an error at one place, in the words of the CLI where jsonschema's are unclear."""
    kind, value = error.validator, error.validator_value
    if kind == "oneOf":
        return "matches more than one of the allowed shapes"
    if kind == "pattern":
        return f"{_short(error.instance)} does not match the pattern '{value}'"
    if kind == "const":
        return f"must be {_short(value)}, not {_short(error.instance)}"
    if kind == "type":
        return f"must be of type {value}, not {_short(error.instance)}"
    if kind == "minItems" and value == 1:
        return "must not be empty"
    if kind == "minLength" and value == 1:
        return "must not be the empty string"
    if kind == "uniqueItems":
        return "must not contain the same item twice"
    if kind == "propertyNames":
        return f"key {_short(error.instance)} is not allowed here: {error.message}"
    return error.message


def _closest(errors):
    """The most telling error of a failed oneOf/anyOf: from the alternative whose required keys are all present
    (the intended shape), else the one that knows the most of the object's keys, the deepest one."""
    branches = {}
    for error in errors:
        branches.setdefault(error.relative_schema_path[0], []).append(error)

    def score(branch):
        shape_matches = not any(e.validator == "required" and not e.relative_path for e in branch)
        unknown = sum(len(set(e.instance) - set(e.schema.get("properties", {}))) for e in branch
                      if e.validator == "additionalProperties" and not e.relative_path and isinstance(e.instance, dict))
        return shape_matches, -unknown, max(len(e.relative_path) for e in branch)

    best = max(branches.values(), key=score)
    return max(best, key=lambda e: len(e.relative_path))


def schema_problems(validator, document):
    """Every schema error of a document, sorted by JSON path, as (JSON path, message)."""
    errors = sorted(validator.iter_errors(document), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    problems = [problem for error in errors for problem in describe(error, validator.schema)]
    # jsonschema reports each missing required key as an error of its own, and each names all of them: once each.
    return list(dict.fromkeys(problems))


# MARK: - Schemas

METASCHEMA_VALIDATOR = Draft202012Validator(Draft202012Validator.META_SCHEMA)


def load_schemas(tally, schema_dir):
    """Checks every *.schema.json in schema_dir against the 2020-12 metaschema, and that its "$schema" is that
    metaschema and its "$id" ends in its file name (so that "$ref"s between them resolve); returns
    {file name: validator} for those that passed, with a registry holding all of them."""
    loaded = {}
    names = sorted(n for n in os.listdir(schema_dir) if n.endswith(".schema.json")) if os.path.isdir(schema_dir) else []
    for name in names:
        path = os.path.join(schema_dir, name)
        document, problems = read_json(path)
        if document is not None:
            problems += schema_problems(METASCHEMA_VALIDATOR, document)
            if not isinstance(document, dict) or document.get("$schema") != METASCHEMA:
                problems.append(("$schema", f"must be '{METASCHEMA}'"))
            schema_id = document.get("$id") if isinstance(document, dict) else None
            if not isinstance(schema_id, str) or not schema_id.endswith("/" + name):
                problems.append(("$id", f"must be an absolute URI ending in '/{name}'"))
        tally.finish(path, problems)
        if not problems:
            loaded[name] = document
    registry = referencing.Registry().with_resources(
        (document["$id"], referencing.Resource.from_contents(document)) for document in loaded.values())
    return {name: Draft202012Validator(document, registry=registry) for name, document in loaded.items()}


# MARK: - Files

def kind_of(path, document):
    """Which kind of file a JSON document is (a key of KINDS): by its "$schema", else by its "format" (reports),
    else by its name or folder; None when that cannot be told."""
    declared = document.get("$schema") if isinstance(document, dict) else None
    if isinstance(declared, str):
        for kind, schema_name in KINDS.items():
            if os.path.basename(declared) == schema_name:
                return kind
    full = os.path.abspath(path)
    if isinstance(document, dict) and document.get("format") == "udf-conformance-report":
        return "report"
    if isinstance(document, dict) and document.get("format") == "udf-conformance-coverage":
        return "coverage"
    if os.path.basename(full) in ("implementations.json", "known-divergences.json"):
        return os.path.basename(full)[: -len(".json")]
    if os.path.basename(os.path.dirname(full)) == "features":
        return "manifest"
    if "scenarios" in full.split(os.sep)[:-1]:
        return "scenario"
    return None


def check_json(tally, path, validators):
    """Checks one JSON file against the schema of its kind (a *.schema.json file against the metaschema)."""
    document, problems = read_json(path)
    if document is not None:
        if path.endswith(".schema.json"):
            problems += schema_problems(METASCHEMA_VALIDATOR, document)
        else:
            schema_name = KINDS.get(kind_of(path, document))
            if schema_name is None:
                problems.append(("(root)", "cannot tell whether this is a scenario, a manifest, a report, an "
                                           "implementations or a known-divergences file; add a \"$schema\" key "
                                           "naming its schema"))
            elif schema_name not in validators:
                problems.append(("(root)", f"cannot validate: Conformance/schema/{schema_name} is missing or invalid"))
            else:
                problems += schema_problems(validators[schema_name], document)
    tally.finish(path, problems)


def examples(lines):
    """The examples of a Markdown text (its lines): yields (schema name, line number, JSON text) per example, or
    (None, line number, message) for a marker without a fenced block.

    An example is the fenced block after a '<!-- example: NAME -->' line, checked against NAME.schema.json: as one
    document if the block parses as one, otherwise one message per non-blank line (newline-delimited JSON, as on
    the wire).
    """
    index = 0
    while index < len(lines):
        marker = EXAMPLE_MARKER.match(lines[index])
        index += 1
        if not marker:
            continue
        if index >= len(lines) or not lines[index].startswith("```"):
            yield None, index, "an example marker must be followed by a fenced code block"
            continue
        start = index = index + 1
        while index < len(lines) and not lines[index].startswith("```"):
            index += 1
        block = [(number + 1, lines[number]) for number in range(start, index) if lines[number].strip()]
        index += 1
        whole = "\n".join(text for _, text in block)
        try:
            json.loads(whole)
            messages = [(block[0][0], whole)] if block else []
        except json.JSONDecodeError:
            messages = block
        for number, text in messages:
            yield marker.group(1) + ".schema.json", number, text


def check_markdown(tally, path, validators):
    """Checks every example marked in a Markdown file (see examples()) against its schema."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
    except (OSError, UnicodeDecodeError) as error:
        tally.finish(path, [("(file)", f"cannot read the file: {error}")])
        return
    problems, count = [], 0
    for schema_name, number, text in examples(lines):
        if schema_name is None:
            problems.append((f"line {number}", text))
            continue
        count += 1
        if schema_name not in validators:
            problems.append((f"line {number}", f"unknown or invalid schema '{schema_name}'"))
            continue
        try:
            message, found = parse_json(text)
        except ValueError as error:  # json.JSONDecodeError is a ValueError
            problems.append((f"line {number}", f"invalid JSON: {getattr(error, 'msg', error)}"))
            continue
        found += schema_problems(validators[schema_name], message)
        problems += [(f"line {number}: {where}", detail) for where, detail in found]
    if count == 0:
        problems.append(("(file)", "no example marked with '<!-- example: <schema name> -->'"))
    tally.finish(path, problems)


# MARK: - Main

def _json_files(folder, problems=None):
    """The `*.json` files under `folder`, walked as `conformance run` walks it (Conformance/README.md §1): entries
    sorted as whole paths sort, symbolic links followed, hidden files and folders (names starting with '.') passed
    over. What keeps part of the folder from being read is appended to `problems` as (path, message), never skipped
    silently: a folder that cannot be read, a broken link, a link loop, a name that is not UTF-8."""
    problems = [] if problems is None else problems
    found = []

    def walk(path, ancestors):
        try:
            info = os.stat(path)
            entries = sorted(os.listdir(path), key=lambda name: name.encode("utf-8", "surrogateescape")
                             + (b"/" if os.path.isdir(os.path.join(path, name)) else b""))
        except OSError as error:
            problems.append((path, f"cannot read the folder: {error.strerror}"))
            return
        identity = (info.st_dev, info.st_ino)
        if identity in ancestors:
            problems.append((path, "this folder is one that holds it, through a symbolic link (a loop); "
                                   "it is not searched twice; remove the link"))
            return
        for name in entries:
            if name.startswith("."):
                continue
            child = os.path.join(path, name)
            try:
                name.encode("utf-8")
            except UnicodeEncodeError:
                if os.path.isdir(child) or name.endswith(".json"):
                    problems.append((child, "the name is not valid UTF-8, so it is not read; rename it"))
                continue
            if os.path.islink(child) and not os.path.exists(child):
                problems.append((child, f"a symbolic link to '{os.readlink(child)}', which does not exist "
                                        "(a broken link); fix or remove it"))
            elif os.path.isdir(child):
                walk(child, ancestors | {identity})
            elif name.endswith(".json"):
                found.append(child)

    walk(folder, frozenset())
    return found


def marked_guides(repo):
    """README.md and the Markdown files under docs/, in path order, that mark at least one example."""
    candidates = [os.path.join(repo, "README.md")] if os.path.isfile(os.path.join(repo, "README.md")) else []
    for folder, subfolders, files in os.walk(os.path.join(repo, "docs")):
        subfolders.sort()
        candidates += sorted(os.path.join(folder, name) for name in files if name.endswith(".md"))
    found = []
    for path in candidates:
        try:
            with open(path, encoding="utf-8") as handle:
                if any(EXAMPLE_MARKER.match(line) for line in handle.read().split("\n")):
                    found.append(path)
        except (OSError, UnicodeDecodeError):
            found.append(path)  # check_markdown reports why it cannot be read
    return found


def default_targets(conformance, problems=None):
    """The files checked without a path: manifests, scenarios, the implementations and known-divergences files,
    PROTOCOL.md and Conformance/README.md (those that exist), and the guides outside Conformance/ that mark examples (marked_guides)."""
    features = os.path.join(conformance, "features")
    found = [os.path.join(features, n) for n in sorted(os.listdir(features)) if n.endswith(".json")] \
        if os.path.isdir(features) else []
    if os.path.exists(os.path.join(conformance, "scenarios")):
        found += _json_files(os.path.join(conformance, "scenarios"), problems)
    for name in ("implementations.json", "known-divergences.json", os.path.join("unicode", "known-divergences.json"),
                 "PROTOCOL.md", "README.md"):
        if os.path.isfile(os.path.join(conformance, name)):
            found.append(os.path.join(conformance, name))
    return found + marked_guides(os.path.dirname(conformance))


def parse_arguments(argv):
    """Returns ('help', None), or ('check', paths); raises UsageError for an unknown option."""
    paths, options_done = [], False
    for argument in argv:
        if not options_done and argument in ("-h", "--help"):
            return "help", None
        if not options_done and argument == "--":
            options_done = True
        elif not options_done and argument.startswith("-") and argument != "-":
            raise UsageError(f"unknown option '{argument}'")
        else:
            paths.append(argument)
    return "check", paths


class UsageError(Exception):
    """The command line is wrong; the message is printed after 'error: '."""


def main(argv, repo=REPO, out=None, err=None):
    """Runs the check on the repository at `repo`, printing to `out` and `err` (default: stdout and stderr); returns
    the exit status (0 all passed, 2 a file failed, a usage or an input error)."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        action, paths = parse_arguments(argv)
    except UsageError as error:
        print(script_cli.usage_error_text(str(error), USAGE, PROGRAM), file=err)
        return script_cli.EXIT_USAGE
    if action == "help":
        print(__doc__.strip(), file=out)
        return script_cli.EXIT_SUCCESS
    missing = [path for path in paths if not os.path.exists(path)]
    if missing:  # as `conformance validate` words it
        for path in missing:
            script_cli.print_error(f"no such file or folder '{path}'", stream=err)
        return script_cli.EXIT_USAGE
    conformance = os.path.join(repo, "Conformance")
    tally = Tally(repo, out)
    validators = load_schemas(tally, os.path.join(conformance, "schema"))
    schema_dir = os.path.realpath(os.path.join(conformance, "schema"))
    walk_problems = []
    targets = default_targets(conformance, walk_problems) if not paths else \
        [found for path in paths for found in (_json_files(path, walk_problems) if os.path.isdir(path) else [path])]
    for path, message in walk_problems:
        tally.finish(path, [("(file)", message)])
    for path in targets:
        if path.endswith(".schema.json") and os.path.dirname(os.path.realpath(path)) == schema_dir:
            continue  # already checked by load_schemas
        if path.endswith(".md"):
            check_markdown(tally, path, validators)
        else:
            check_json(tally, path, validators)
    print(f"schema-check: {tally.passed} passed, {tally.failed} failed", file=out)
    # A file that fails its schema is an invalid input, as for `conformance validate`: exit 2.
    return script_cli.EXIT_USAGE if tally.failed else script_cli.EXIT_SUCCESS


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
