#!/usr/bin/env python3
"""A harness for the format v1.3 test fixture `feed` (Fixtures/v13/Conformance): a tiny runtime written in Python that speaks
harness protocol v1 at the runtime level with the v1.3 additions (PROTOCOL.md §2.5.7): it calls loadHeader at
creation and replies with a `start` entry, collects observeItems while the screen shows, and reports `events`.

Usage: feed-harness.py MODE

Modes:
  good                follow feed.md (F1-F3)
  no-start            never send the `start` entry (an older harness)
  no-events           declare no `events` report and send none
  sends-open-twice    a tap sends openItem twice
  keeps-collecting    disappear does not cancel observeItems
"""
import json
import sys

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
REPORTS = [] if MODE == "no-events" else ["events"]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


class Feed:
    def __init__(self, state):
        self.state = dict(state)
        self.calls = {}  # (step, index) -> {"dependency", "done"}
        self.stream = None  # the observeItems call being collected
        self.step = 0
        self.entry = self.new_entry()
        self.start_call("loadHeader")

    def new_entry(self):
        return {"calls": [], "cancelled": [], "events": []}

    def start_call(self, dependency):
        self.entry["calls"].append({"dependency": dependency, "arguments": {}})
        reference = (self.step, len(self.entry["calls"]))
        self.calls[reference] = {"dependency": dependency, "done": False}
        return reference

    def perform(self, step):
        if "screen" in step:
            if step["screen"] == "appear":
                self.stream = self.start_call("observeItems")
            elif MODE != "keeps-collecting" and self.stream is not None:
                self.calls[self.stream]["done"] = True
                self.entry["cancelled"].append({"step": self.stream[0], "index": self.stream[1]})
                self.stream = None
        elif "send" in step:
            if step["send"].get("type") == "itemTapped":
                event = {"type": "openItem", "id": step["send"]["id"]}
                self.entry["events"] += [event, event] if MODE == "sends-open-twice" else [event]
        elif "emit" in step:
            call = self.calls.get((step["emit"]["call"]["step"], step["emit"]["call"]["index"]))
            if call is not None and not call["done"]:
                self.state["items"] = step["emit"]["value"]
        elif "respond" in step:
            reference = (step["respond"]["call"]["step"], step["respond"]["call"]["index"])
            call = self.calls.get(reference)
            if call is not None and not call["done"]:
                call["done"] = True
                if call["dependency"] == "loadHeader" and "result" in step["respond"]:
                    self.state["header"] = step["respond"]["result"]
                if reference == self.stream:
                    self.stream = None

    def take_entry(self):
        entry = dict(self.entry, state=dict(self.state))
        if not REPORTS:
            del entry["events"]
        self.entry = self.new_entry()
        return entry


def run(request):
    feed = Feed(request["initialState"])
    start = feed.take_entry()
    trace = []
    for number, step in enumerate(request["steps"], start=1):
        feed.step = number
        feed.perform(step)
        trace.append(feed.take_entry())
    reply = {"seq": request["seq"], "trace": trace}
    if MODE != "no-start":
        reply["start"] = start
    return reply


def main():
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("cmd") == "hello":
            send({
                "protocol": 1,
                "implementation": {"name": "feed-" + MODE, "language": "Python", "version": "1.0"},
                "features": {"feed": {"initialState": {"header": None, "items": []}, "levels": ["runtime"],
                                      "reports": REPORTS}},
            })
        elif request.get("cmd") == "run":
            send(run(request))
        elif request.get("cmd") == "bye":
            return


if __name__ == "__main__":
    main()
