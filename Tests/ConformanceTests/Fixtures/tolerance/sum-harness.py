#!/usr/bin/env python3
"""A harness of the test-only 'cart' feature (harness protocol v1), for the tolerance tests.

Usage: sum-harness.py MODE
  float    add prices in binary64, as most platforms do: 0.1 + 0.2 = 0.30000000000000004
  decimal  add prices as decimals: 0.1 + 0.2 = 0.3
  off      add one thousandth too much on every add (beyond any tolerance the tests give)
"""
import json
import sys
from decimal import Decimal

MODE = sys.argv[1]
HELLO = {
    "protocol": 1,
    "implementation": {"name": "cart-" + MODE, "language": "Python", "version": "1.0"},
    "features": {"cart": {"initialState": {"total": 0, "count": 0}}},
}


def add(total, price):
    if MODE == "decimal":
        return float(Decimal(repr(total)) + Decimal(repr(price)))
    return total + price + (0.001 if MODE == "off" else 0)


def trace(request):
    state = dict(request["initialState"])
    entries = []
    for action in request["actions"]:
        effects = []
        if action["type"] == "add":
            state = {"total": add(state["total"], action["price"]), "count": state["count"] + 1}
        else:
            effects = [{"type": "charge", "amount": state["total"]}]
        entries.append({"state": dict(state), "effects": effects})
    return {"seq": request["seq"], "trace": entries}


for line in sys.stdin:
    message = json.loads(line)
    if message["cmd"] == "hello":
        sys.stdout.write(json.dumps(HELLO) + "\n")
    elif message["cmd"] == "run":
        sys.stdout.write(json.dumps(trace(message)) + "\n")
    else:
        break
    sys.stdout.flush()
