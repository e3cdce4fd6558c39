"""Prints each kernel of a tessel-compile --report as one line: its name, its
schedule and its predicted time in full precision, so that a snapshot of
them shows any change of schedule or prediction.

Usage: report_snapshot.py REPORT
"""
import json
import sys

for k in json.load(open(sys.argv[1]))["kernels"]:
    print(f"{k['name']} | {k['schedule']} | {k['predicted_us']!r}")
