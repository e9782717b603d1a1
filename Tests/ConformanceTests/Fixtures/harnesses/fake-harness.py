#!/usr/bin/env python3
"""A fake harness for ProcessImplementationTests: speaks harness protocol v1, or breaks it on purpose.

Usage: fake-harness.py MODE [ARGUMENT]

The reply to a good `run` is a trace built from the request: entry i is the initial state plus
{"counter": i + 1}, with no effects. An action {"type": "explode"} makes the reply `errored` at its
step; a feature other than `login` makes it `skipped`.

Modes (faults happen in `run` unless noted):
  good                 follow the protocol
  crash-on-second      on the 2nd run of this process: write to stderr, exit 3
  crash-always         on every run: write to stderr, exit 3
  hang-on ID           on the run of scenario ID: never answer
  hang-ignoring-term   on every run: ignore SIGTERM and never answer
  not-json             answer with a line that is not JSON
  wrong-seq            answer with seq + 1
  wrong-length         answer with one trace entry too few
  wrong-shape          answer with effects as an object instead of an array
  overlong             answer with a line of 5000 bytes (tests lower the limit)
  unterminated         write half a reply without a newline, then exit 5
  overlong-unterminated  write the start of a reply and 5000 more bytes without a newline, then never answer
  stderr-flood         write 2 MiB to stderr before each answer
  silent-hello         never answer hello
  exit-at-once         write to stderr and exit 1 before reading anything
  protocol-2           answer hello with protocol 2
  overlong-hello       answer hello with the start of a reply and 5000 more bytes without a newline, then hang
  malformed-hello      answer hello without implementation.version
  refuse-restart FILE  first process: create FILE, then crash on run; later processes: exit 1 at once
  echo-env NAME        answer every run with errored, message = the environment variable NAME and the cwd
  deaf                 ignore bye, SIGTERM and the end of stdin (only SIGKILL ends it)
  answer-twice ID      on the run of scenario ID: write the reply twice, in one write
  slow-on ID           on the run of scenario ID: wait 0.4 s before answering
  earlier-seq ID       on the run of scenario ID: answer with the previous request's seq (a wrong seq, not a repeat)
  log-ids FILE         follow the protocol, and append each run's scenario id to FILE (one per line)
  refuse-second FILE   follow the protocol; a second process started while FILE exists exits 1 at once
  log-starts FILE      follow the protocol, append "started" to FILE at hello, and wait 0.5 s before the first
                       reply, so that a second batch sent meanwhile needs another process
"""
import json
import os
import signal
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
ARGUMENT = sys.argv[2] if len(sys.argv) > 2 else None
HELLO = {
    "protocol": 1,
    "implementation": {"name": "fake", "language": "Python", "version": "1.0"},
    "features": {"login": {"initialState": {"email": "", "password": "", "isLoading": False, "error": None}}},
}


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def die(status, text):
    sys.stderr.write(text + "\n")
    sys.stderr.flush()
    sys.exit(status)


def trace(request):
    entries = []
    for index, action in enumerate(request["actions"]):
        if action.get("type") == "explode":
            return {"seq": request["seq"], "errored": {"step": index + 1, "message": "cannot perform 'explode'"}}
        state = dict(request["initialState"])
        state["counter"] = index + 1
        entries.append({"state": state, "effects": []})
    if request["feature"] != "login":
        return {"seq": request["seq"], "skipped": {"reason": "no feature '%s'" % request["feature"]}}
    return {"seq": request["seq"], "trace": entries}


def hello():
    if MODE == "exit-at-once":
        die(1, "fake-harness: cannot load the implementation classes")
    if MODE == "refuse-second" and os.path.exists(ARGUMENT):
        die(1, "fake-harness: address already in use")
    if MODE == "refuse-second":
        open(ARGUMENT, "w").close()
    if MODE == "log-starts":
        with open(ARGUMENT, "a") as log:
            log.write("started\n")
    if MODE == "refuse-restart" and os.path.exists(ARGUMENT):
        die(1, "fake-harness: refusing to start again")
    if MODE == "refuse-restart":
        open(ARGUMENT, "w").close()
    line = sys.stdin.readline()
    if MODE == "silent-hello":
        sys.stderr.write("fake-harness: starting very slowly\n")
        sys.stderr.flush()
        time.sleep(1000)
    if MODE == "overlong-hello":
        sys.stdout.write(json.dumps(HELLO)[:-1] + ', "padding": "' + "x" * 5000)
        sys.stdout.flush()
        time.sleep(1000)
    if MODE == "protocol-2":
        send(dict(HELLO, protocol=2))
    elif MODE == "malformed-hello":
        send(dict(HELLO, implementation={"name": "fake", "language": "Python"}))
    else:
        send(HELLO)
    return line


def run(request, count):
    if MODE in ("crash-always", "refuse-restart") or (MODE == "crash-on-second" and count == 2):
        die(3, "fake-harness: about to crash in scenario '%s'\nTraceback: simulated failure" % request["id"])
    if (MODE == "hang-on" and request["id"] == ARGUMENT) or MODE == "hang-ignoring-term":
        if MODE == "hang-ignoring-term":
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
        sys.stderr.write("fake-harness: hanging in '%s'\n" % request["id"])
        sys.stderr.flush()
        time.sleep(1000)
    reply = trace(request)
    if MODE == "not-json":
        sys.stdout.write("Exception in thread main: oops\n")
        sys.stdout.flush()
        return
    if MODE == "wrong-seq":
        reply["seq"] += 1
    if MODE == "wrong-length":
        reply["trace"] = reply["trace"][:-1]
    if MODE == "wrong-shape":
        reply["trace"][0]["effects"] = {"type": "authenticate"}
    if MODE == "overlong":
        reply["padding"] = "x" * 5000
    if MODE == "overlong-unterminated":
        sys.stdout.write(json.dumps(reply)[:-1] + ', "padding": "' + "x" * 5000)
        sys.stdout.flush()
        time.sleep(1000)
    if MODE == "unterminated":
        sys.stdout.write(json.dumps(reply)[:20])
        sys.stdout.flush()
        sys.exit(5)
    if MODE == "stderr-flood":
        chunk = ("fake-harness: noise " * 50 + "\n").encode()
        for _ in range((2 * 1024 * 1024) // len(chunk) + 1):
            sys.stderr.buffer.write(chunk)
        sys.stderr.buffer.write(b"fake-harness: last words\n")
        sys.stderr.flush()
    if MODE == "answer-twice" and request["id"] == ARGUMENT:
        line = json.dumps(reply) + "\n"
        sys.stdout.write(line + line)
        sys.stdout.flush()
        return
    if MODE == "slow-on" and request["id"] == ARGUMENT:
        time.sleep(0.4)
    if MODE == "log-starts" and count == 1:
        time.sleep(0.5)
    if MODE == "earlier-seq" and request["id"] == ARGUMENT:
        reply["seq"] -= 1
    if MODE == "log-ids":
        with open(ARGUMENT, "a") as log:
            log.write(request["id"] + "\n")
    if MODE == "echo-env":
        reply = {"seq": request["seq"], "errored": {"step": 0, "message": "%s|%s" % (os.environ.get(ARGUMENT), os.getcwd())}}
    send(reply)


def main():
    if MODE == "deaf":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    hello()
    count = 0
    while True:
        line = sys.stdin.readline()
        if not line and MODE == "deaf":
            time.sleep(1000)
        if not line:
            return
        try:
            request = json.loads(line)
        except ValueError:
            sys.stderr.write("fake-harness: ignoring a line that is not JSON\n")
            continue
        if request.get("cmd") == "bye" and MODE != "deaf":
            return
        if request.get("cmd") == "run":
            count += 1
            run(request, count)


main()
