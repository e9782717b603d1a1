#!/usr/bin/env python3
"""Runs a command and writes its wall time, peak RSS and exit status to a file: scripts/bench's measuring step.

Usage: peak_rss.py RESULT_FILE COMMAND [ARGUMENT ...]

The command inherits this process's stdin, stdout and stderr. RESULT_FILE gets one line, `WALL_SECONDS PEAK_KIB
EXIT_STATUS CPU_SECONDS` (CPU: the command's user plus system time, which a slow spell of a shared machine disturbs
less than wall time). This small process exists so that the figure is the command's own: Linux counts in a process's peak RSS
the memory of the process it was forked from (the fork's copy, kept across exec), so a command forked straight from
a benchmark that holds a large corpus would report the benchmark's size. Forked from this small process instead, it
reports its own. wait4(2) gives the rusage of the one child it reaps.
Exit status: 0 measured (whatever the command's status); 2 usage error.
"""
import os
import subprocess
import sys
import time


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("error: expected a result file and a command\n"
                         "Usage: peak_rss.py RESULT_FILE COMMAND [ARGUMENT ...]\n")
        return 2
    result_file, command = argv[0], argv[1:]
    start = time.perf_counter()
    process = subprocess.Popen(command)
    _, wait_status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(wait_status)  # reaped: keep Popen from waiting again
    with open(result_file, "w") as result:
        result.write(f"{wall} {usage.ru_maxrss} {process.returncode} {usage.ru_utime + usage.ru_stime}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
