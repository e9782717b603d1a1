#!/usr/bin/env python3
"""A harness that faults on one scenario, for the tests and the guide of `--retries` (docs/ci.md, "Flaky harnesses").

It relays every request to `conformance harness` (the Swift implementation over harness protocol v1), except the
run requests of SCENARIO, which it counts (a line each in STATE/runs) and handles by MODE:

Usage: flaky-harness.py MODE SCENARIO [STATE]
  crash-once    exit with status 3 on the first request for SCENARIO (a crash), then relay
  crash-always  exit with status 3 on every request for SCENARIO
  hang-once     never answer the first request for SCENARIO (a timeout), then relay
  relay         always relay (SCENARIO is only counted)

STATE is the folder that remembers the first request across harness processes (default: a folder in the temporary
directory named after the parent process, the `conformance run` that started this harness, so every run starts
afresh). The relayed executable is $CONFORMANCE_EXECUTABLE, else .build/debug/conformance in the repository.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))
MODES = ("crash-once", "crash-always", "hang-once", "relay")

if len(sys.argv) not in (3, 4) or sys.argv[1] not in MODES:
    sys.exit("usage: flaky-harness.py crash-once|crash-always|hang-once|relay SCENARIO [STATE]")
mode, target = sys.argv[1], sys.argv[2]
state = sys.argv[3] if len(sys.argv) == 4 else os.path.join(tempfile.gettempdir(), f"flaky-harness-{os.getppid()}")
os.makedirs(state, exist_ok=True)
executable = os.environ.get("CONFORMANCE_EXECUTABLE") or os.path.join(ROOT, ".build", "debug", "conformance")
child = subprocess.Popen([executable, "harness"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
marker = os.path.join(state, "faulted")

for line in sys.stdin:
    request = json.loads(line)
    if request.get("cmd") == "run" and request.get("id") == target:
        with open(os.path.join(state, "runs"), "a") as runs:
            runs.write(target + "\n")
        first = not os.path.exists(marker)
        open(marker, "w").close()
        if mode == "crash-always" or (mode == "crash-once" and first):
            sys.exit(3)
        if mode == "hang-once" and first:
            time.sleep(1000)
    child.stdin.write(line)
    child.stdin.flush()
    sys.stdout.write(child.stdout.readline())
    sys.stdout.flush()
