#!/usr/bin/env python3
# Deliberately not executable: ProcessImplementationTests checks the error for a command without the x bit.
print("never runs")
