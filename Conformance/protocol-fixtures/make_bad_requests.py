#!/usr/bin/env python3
"""Writes bad-requests.json: request lines every harness must ignore (PROTOCOL.md §2.4).

Usage: python3 make_bad_requests.py JSONTESTSUITE_DIR > bad-requests.json

JSONTESTSUITE_DIR is a checkout of https://github.com/nst/JSONTestSuite (its test_parsing/ folder and
LICENSE are read). Every n_*.json file there (a text no RFC 8259 parser may accept) becomes the
`initialState` of an otherwise valid `run` request, so that a lenient parser shows up as a reply where
there must be none; the hand-written entries below add the faults lenient harnesses were seen to accept.
A line that is not valid UTF-8 (RFC 3629) cannot be written as JSON text, so it goes to the `byteRequests` list as
hex: the JSONTestSuite files that are not UTF-8, and the hand-written byte faults below.

The document's `about` says how each list is read; both harnesses' tests read it that way.
"""
import json
import pathlib
import sys

COMMIT = "1ef36fa01286573e846ac449e8683f8833c5b26a"
RUN = '{"cmd":"run","seq":1,"id":"bad-request","feature":"login","initialState":%s,"actions":[]}'
STATE = '{"email":"","password":"","isLoading":false,"error":null}'


def run_with(*, seq="1", state=STATE, id_="bad-request", extra=""):
    """A run request with the given raw pieces of JSON text."""
    return ('{"cmd":"run","seq":%s,"id":"%s","feature":"login","initialState":%s,"actions":[]%s}'
            % (seq, id_, state, extra))


def own_entries():
    """(name, line) pairs written for this project: lines lenient parsers were seen to accept, and protocol-level
    faults."""
    deep_arrays = "[" * 3000 + "]" * 3000
    deep_objects = '{"a":' * 3000 + "1" + "}" * 3000
    return [
        # Not JSON, though lenient parsers read it.
        ("tru", "[tru]"),
        ("seq-leading-zero", run_with(seq="09")),
        ("unquoted-word", "hello"),
        ("unquoted-key", '{cmd:"hello","protocol":1}'),
        ("single-quotes", "{'cmd':'hello','protocol':1}"),
        ("raw-tab-in-string", run_with(id_="a\tb")),
        ("raw-nul-in-string", run_with(id_="a\u0000b")),
        ("raw-unit-separator-in-string", run_with(id_="a\u001fb")),
        ("raw-newline-in-string", run_with(id_="a\nb")),
        ("duplicate-cmd", '{"cmd":"hello","cmd":"hello","protocol":1}'),
        ("duplicate-seq", run_with(extra=',"seq":2')),
        ("duplicate-key-in-state",
         run_with(state='{"email":"","email":"","password":"","isLoading":false,"error":null}')),
        ("lone-high-surrogate", run_with(id_="\\ud800")),
        ("lone-low-surrogate", run_with(id_="\\udc00")),
        ("high-surrogate-then-letter", run_with(id_="\\ud800\\u0041")),
        ("high-surrogate-then-character", run_with(id_="\\ud800x")),
        ("lone-surrogate-in-state",
         run_with(state='{"email":"\\udfff","password":"","isLoading":false,"error":null}')),
        ("nan-seq", run_with(seq="NaN")),
        ("infinity-seq", run_with(seq="Infinity")),
        ("plus-seq", run_with(seq="+1")),
        ("hex-seq", run_with(seq="0x1")),
        ("seq-out-of-double-range", run_with(seq="1e999")),
        ("trailing-comma", '{"cmd":"hello","protocol":1,}'),
        ("trailing-garbage", '{"cmd":"hello","protocol":1}x'),
        ("two-objects", '{"cmd":"hello","protocol":1}{"cmd":"hello","protocol":1}'),
        ("bye-trailing-comma", '{"cmd":"bye",}'),
        ("byte-order-mark", '\ufeff{"cmd":"hello","protocol":1}'),
        ("no-break-space-before", '\u00a0{"cmd":"hello","protocol":1}'),
        ("form-feed-before", '\f{"cmd":"hello","protocol":1}'),
        ("comment", '{"cmd":"hello",/* c */"protocol":1}'),
        # Deep nesting: over the 256-level limit (Conformance/README.md), within a valid request.
        ("nesting-257-arrays", run_with(state="[" * 257 + "]" * 257)),
        ("nesting-3000-arrays", run_with(state=deep_arrays)),
        ("nesting-3000-objects", run_with(state=deep_objects)),
        # JSON, but not a request the harness can answer (PROTOCOL.md §2.4).
        ("blank", ""),
        ("spaces", "   "),
        ("array", "[]"),
        ("string", '"hello"'),
        ("null", "null"),
        ("empty-object", "{}"),
        ("cmd-not-a-string", '{"cmd":1}'),
        ("unknown-cmd", '{"cmd":"HELLO","protocol":1}'),
        ("run-without-seq", '{"cmd":"run","id":"x","feature":"login","initialState":%s,"actions":[]}' % STATE),
        ("run-negative-seq", run_with(seq="-1")),
        ("run-string-seq", run_with(seq='"1"')),
        ("run-fractional-seq", run_with(seq="1.5")),
        ("run-seq-too-big", run_with(seq="9223372036854775808")),
    ]


def byte_entries():
    """(name, bytes) pairs written for this project: request lines that are not UTF-8 (RFC 3629 §3, §4), each in a
    place where a harness that repairs bad bytes into U+FFFD would answer; a harness must ignore them as lines that
    are not JSON (PROTOCOL.md §1, §2.4)."""
    def in_id(raw):
        return run_with(id_="a%sb").encode() % raw

    def in_email(raw):
        return run_with(state='{"email":"%s","password":"","isLoading":false,"error":null}').encode() % raw

    return [
        ("byte-ff-in-id", in_id(b"\xff")),
        ("byte-fe-in-id", in_id(b"\xfe")),
        ("byte-ff-in-state", in_email(b"\xff")),
        ("byte-ff-in-key", b'{"cmd":"hello","protocol":1,"\xff":1}'),
        ("byte-ff-before-object", b'\xff{"cmd":"hello","protocol":1}'),
        ("byte-ff-after-object", b'{"cmd":"hello","protocol":1}\xff'),
        ("lone-continuation-byte", in_id(b"\x80")),
        ("truncated-two-byte-sequence", in_id(b"\xc3")),
        ("truncated-three-byte-sequence", in_id(b"\xe2\x82")),
        ("truncated-four-byte-sequence", in_id(b"\xf0\x9f\x98")),
        ("truncated-sequence-at-end-of-string", run_with(id_="a%s").encode() % b"\xe2\x82"),
        ("overlong-slash-two-bytes", in_id(b"\xc0\xaf")),
        ("overlong-nul-two-bytes", in_id(b"\xc0\x80")),
        ("overlong-c1-lead", in_id(b"\xc1\xbf")),
        ("overlong-slash-three-bytes", in_id(b"\xe0\x80\xaf")),
        ("overlong-slash-four-bytes", in_id(b"\xf0\x80\x80\xaf")),
        ("surrogate-d800-encoded", in_id(b"\xed\xa0\x80")),
        ("surrogate-dfff-encoded", in_id(b"\xed\xbf\xbf")),
        ("surrogate-pair-encoded-separately", in_id(b"\xed\xa0\xbd\xed\xb8\x80")),
        ("above-u10ffff", in_id(b"\xf4\x90\x80\x80")),
        ("five-byte-sequence", in_id(b"\xf8\x88\x80\x80\x80")),
        ("latin-1-e-acute", in_id(b"\xe9")),
    ]


def runtime_entries():
    """(name, steps, step, path) of runtime-level run requests (PROTOCOL.md §2.5.2) that both harnesses must answer
    `errored` at `step` (1-based) with a message starting with the JSON path `path` (then `:`, `.` or `[`)."""
    answer = '"result":{}'
    return [
        ("advance-negative", '[{"advance":-1}]', 1, "steps[0].advance"),
        ("advance-fraction", '[{"advance":1.5}]', 1, "steps[0].advance"),
        ("advance-over-a-day", '[{"advance":86400001}]', 1, "steps[0].advance"),
        ("advance-huge", '[{"advance":1e30}]', 1, "steps[0].advance"),
        ("advance-beyond-int64", '[{"advance":9223372036854775808}]', 1, "steps[0].advance"),
        ("advance-string", '[{"advance":"5"}]', 1, "steps[0].advance"),
        ("advance-null", '[{"advance":null}]', 1, "steps[0].advance"),
        ("advance-over-a-day-at-step-2", '[{"advance":0},{"advance":86400001}]', 2, "steps[1].advance"),
        ("clear-false", '[{"clear":false}]', 1, "steps[0].clear"),
        ("clear-string", '[{"clear":"true"}]', 1, "steps[0].clear"),
        ("step-not-an-object", '["advance"]', 1, "steps[0]"),
        ("step-no-kind", '[{}]', 1, "steps[0]"),
        ("step-two-kinds", '[{"advance":1,"clear":true}]', 1, "steps[0]"),
        ("step-unknown-kind", '[{"wait":5}]', 1, "steps[0]"),
        ("respond-not-an-object", '[{"respond":1}]', 1, "steps[0].respond"),
        ("respond-without-call", '[{"respond":{%s}}]' % answer, 1, "steps[0].respond"),
        ("respond-call-a-name", '[{"respond":{"call":"a1",%s}}]' % answer, 1, "steps[0].respond.call"),
        # Step 0 names the calls started at creation (format v1.3, PROTOCOL.md §2.5.7); a negative step is no step.
        ("respond-step-negative", '[{"respond":{"call":{"step":-1,"index":1},%s}}]' % answer, 1,
         "steps[0].respond.call.step"),
        ("respond-index-zero", '[{"respond":{"call":{"step":1,"index":0},%s}}]' % answer, 1,
         "steps[0].respond.call.index"),
        ("respond-step-fraction", '[{"respond":{"call":{"step":1.5,"index":1},%s}}]' % answer, 1,
         "steps[0].respond.call.step"),
        ("respond-step-over-int32", '[{"respond":{"call":{"step":2147483648,"index":1},%s}}]' % answer, 1,
         "steps[0].respond.call.step"),
        ("respond-both-answers", '[{"respond":{"call":{"step":1,"index":1},%s,"error":{"message":"x"}}}]' % answer,
         1, "steps[0].respond"),
        ("respond-no-answer", '[{"respond":{"call":{"step":1,"index":1}}}]', 1, "steps[0].respond"),
        ("respond-error-message-number", '[{"respond":{"call":{"step":1,"index":1},"error":{"message":1}}}]', 1,
         "steps[0].respond.error.message"),
        ("respond-error-without-message", '[{"respond":{"call":{"step":1,"index":1},"error":{}}}]', 1,
         "steps[0].respond.error"),
        # Format v1.3 (PROTOCOL.md §2.5.7): screen lifecycle, stream elements and ends.
        ("screen-unknown", '[{"screen":"appeared"}]', 1, "steps[0].screen"),
        ("screen-not-a-string", '[{"screen":true}]', 1, "steps[0].screen"),
        ("emit-without-value", '[{"emit":{"call":{"step":1,"index":1}}}]', 1, "steps[0].emit"),
        ("respond-complete-false", '[{"respond":{"call":{"step":1,"index":1},"complete":false}}]', 1,
         "steps[0].respond.complete"),
        ("respond-result-and-complete", '[{"respond":{"call":{"step":1,"index":1},"result":{},"complete":true}}]', 1,
         "steps[0].respond"),
        ("emit-not-an-object", '[{"emit":[]}]', 1, "steps[0].emit"),
        ("emit-call-a-name", '[{"emit":{"call":"o1","value":[]}}]', 1, "steps[0].emit.call"),
    ]


# A `result` that decodes as no result type of the harness tests' features (a tagged union's unknown case).
MALFORMED_RESULT = '{"type":"not-a-result"}'
# The call the harness test's own first step starts.
FIRST_CALL = '{"step":1,"index":1}'


def call_entries():
    """(name, steps, reply, step, path) of runtime-level run requests that answer the call the harness test's first
    `send` starts (PROTOCOL.md §2.5.5); `steps` follow that send, so their step numbers count it as step 1.

    A `respond` to a call already answered or cancelled (or never started) does nothing, so its `result` is never
    decoded: a malformed one must not make the harness reply `errored`. The pending case shows that the same result
    is malformed for the test's feature, so the others pass only because the answer is ignored."""
    late = '{"respond":{"call":%s,"result":%s}}' % (FIRST_CALL, MALFORMED_RESULT)
    never_started = '{"respond":{"call":{"step":1,"index":2},"result":%s}}' % MALFORMED_RESULT
    error = '{"respond":{"call":%s,"error":{"message":"offline"}}}' % FIRST_CALL
    own_cancellation = '{"respond":{"call":%s,"error":{"message":"timed out","cancellation":true}}}' % FIRST_CALL
    return [
        ("respond-malformed-result-to-pending-call", "[%s]" % late, "errored", 2, "steps[1].respond.result"),
        ("respond-malformed-result-to-answered-call", "[%s,%s]" % (error, late), "ignored", 3, None),
        ("respond-malformed-result-to-call-answered-with-cancellation", "[%s,%s]" % (own_cancellation, late),
         "ignored", 3, None),
        ("respond-malformed-result-to-cancelled-call", '[{"clear":true},%s]' % late, "ignored", 3, None),
        ("respond-malformed-result-to-call-never-started", "[%s]" % never_started, "ignored", 2, None),
        # Step 0 names the calls started at creation (§2.5.7); the tests' features start none.
        ("respond-malformed-result-to-creation-call-never-started",
         '[{"respond":{"call":{"step":0,"index":1},"result":%s}}]' % MALFORMED_RESULT, "ignored", 2, None),
    ]


def call_requests():
    """The `callRequests` list of the document."""
    requests = []
    for name, steps, reply, step, path in call_entries():
        entry = {"name": name, "steps": steps, "reply": reply, "step": step}
        if path is not None:
            entry["path"] = path
        requests.append(entry)
    return requests


ABOUT = [
    "Request lines every harness must ignore: a diagnostic on stderr, no reply, and it keeps serving "
    "(Conformance/PROTOCOL.md §2.4). Both harnesses are tested against this list: "
    "Tests/ConformanceTests/HarnessStrictnessTests.swift (Swift) and "
    "Conformance/kotlin/harness/src/test/kotlin/conformance/harness/HarnessStrictnessTest.kt (Kotlin).",
    "A line may hold a raw line feed; the transport splits it there, and every piece must be ignored too.",
    f"Generated by make_bad_requests.py from JSONTestSuite (https://github.com/nst/JSONTestSuite, commit "
    f"{COMMIT}): each n_*.json file is the initialState of a run request, in `byteRequests` when the file is "
    "not UTF-8.",
    "byteRequests: request lines that are not UTF-8 (RFC 3629), which JSON text cannot hold, given as the hex of "
    "their bytes in `hex`: the JSONTestSuite files that are not UTF-8, and hand-written invalid sequences (a lone "
    "0xFF, truncated and overlong sequences, UTF-8-encoded surrogates). A line that is not UTF-8 is not JSON "
    "(PROTOCOL.md §1), so each harness must treat it as it treats the lines of `requests`, reading the exact bytes "
    "from its input: a diagnostic, no reply, and it keeps serving.",
    "runtimeRequests: runtime-level run requests with a bad step (PROTOCOL.md §2.5.2); each harness puts "
    "`steps` into a request for a feature it runs at the runtime level and must reply `errored` at `step` "
    "with a message that starts with the JSON path `path` (followed by ':', '.' or '[').",
    "callRequests: runtime-level run requests that answer a dependency call (PROTOCOL.md §2.5.5). Each harness "
    "test sends first one `send` step of its own runtime feature that starts exactly one call, "
    + FIRST_CALL + ", then `steps`; `step` counts that first send as step 1. Every `result` in them is "
    + MALFORMED_RESULT + ", of no result type the tests' features declare. With `reply` 'errored' the reply "
    "must be `errored` at `step` with a message that starts with `path` (followed by ':', '.' or '['). With "
    "`reply` 'ignored' the `respond` at `step` reaches a call already answered, cancelled or never started and "
    "must do nothing, its result not even decoded: the reply is a trace with one entry per step, and the entry of "
    "`step` has no calls, no cancelled calls, and the state of the entry before it.",
]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = pathlib.Path(sys.argv[1])
    licence = (root / "LICENSE").read_text().strip()
    entries = [{"name": name, "source": "hand-written", "line": line} for name, line in own_entries()]
    byte_requests = [{"name": name, "source": "hand-written", "hex": raw.hex()} for name, raw in byte_entries()]
    for path in sorted((root / "test_parsing").glob("n_*.json")):
        raw = path.read_bytes()
        source = f"JSONTestSuite test_parsing/{path.name}"
        try:
            entries.append({"name": path.stem, "source": source, "line": RUN % raw.decode("utf-8")})
        except UnicodeDecodeError:
            byte_requests.append({"name": path.stem, "source": source, "hex": (RUN.encode() % raw).hex()})
    document = {
        "about": ABOUT,
        "license": "Entries whose source is JSONTestSuite are derived from JSONTestSuite, under this licence: "
                   + licence,
        "requests": entries,
        "byteRequests": byte_requests,
        "runtimeRequests": [{"name": name, "steps": steps, "step": step, "path": path}
                            for name, steps, step, path in runtime_entries()],
        "callRequests": call_requests(),
    }
    json.dump(document, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
