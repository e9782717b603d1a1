#!/usr/bin/env python3
"""Tests of scripts/bench's measuring (not the benchmark itself, which takes minutes): one command's wall time, its
own peak RSS, its CPU time, its exit status and the tails of its output.

Run: python3 -m unittest discover -s scripts -p 'test_bench.py'
"""
import importlib.machinery
import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
_loader = importlib.machinery.SourceFileLoader("bench", os.path.join(HERE, "bench"))
_spec = importlib.util.spec_from_loader("bench", _loader)
bench = importlib.util.module_from_spec(_spec)
_loader.exec_module(bench)


class MeasureTests(unittest.TestCase):
    def test_reports_the_status_and_the_tails_of_the_output(self):
        wall, rss, status, out, err = bench.measure_isolated(["sh", "-c", "echo out; echo err >&2; exit 3"], HERE)
        self.assertEqual((status, out, err), (3, "out\n", "err\n"))
        self.assertGreater(wall, 0)
        self.assertGreater(rss, 0)

    def test_the_peak_rss_is_the_commands_own(self):
        # dd holds its 64 MiB block in memory; the next command must not be charged with it.
        _, big, status, _, _ = bench.measure_isolated(
            ["dd", "if=/dev/zero", "of=/dev/null", "bs=64M", "count=1"], HERE)
        _, small, _, _, _ = bench.measure_isolated(["true"], HERE)
        self.assertEqual(status, 0)
        self.assertGreater(big, 64)
        self.assertLess(small, 32)

    def test_a_large_benchmark_process_is_not_charged_to_the_command(self):
        # The benchmark holds big corpora; forked straight from it, a command's peak RSS counted them too.
        ballast = bytearray(160 * 1024 * 1024)
        for index in range(0, len(ballast), 4096):
            ballast[index] = 1
        _, small, _, _, _ = bench.measure_isolated(["true"], HERE)
        self.assertLess(small, 32)
        del ballast

    def test_reports_the_commands_cpu_time_not_its_waiting(self):
        busy, idle = [], []
        bench.measure_isolated(["sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"], HERE, busy)
        wall, _, _, _, _ = bench.measure_isolated(["sleep", "0.3"], HERE, idle)
        self.assertGreater(busy[0], 0.05)
        self.assertGreater(wall, 0.29)
        self.assertLess(idle[0], 0.1)

    def test_keeps_the_last_4000_characters(self):
        _, _, _, out, _ = bench.measure_isolated(["sh", "-c", "printf 'a%.0s' $(seq 5000); printf end"], HERE)
        self.assertEqual(len(out), 4000)
        self.assertTrue(out.endswith("aend"))


if __name__ == "__main__":
    unittest.main()
