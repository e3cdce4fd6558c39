#!/usr/bin/env python3
"""Compile-time benchmark: how long tessel-compile takes per GPU kernel, and
its peak memory on the bundled example.

Runs tessel-compile --print-compile-time (the pipeline alone: no parsing, file
writing or ptxas) several times per input and target and reports the median
time per kernel; then runs one full compile of the demo (with ptxas, when
found) and reports the peak resident memory of that process. Medians, not
means: the machines are shared and noisy.

    python3 bench/compile_time.py --bin build/bin [--repeat 7] [--json out.json]
"""
import argparse
import glob
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEMO = os.path.join(ROOT, "docs", "examples", "transformer_block.mlir")
SUITES = sorted(glob.glob(os.path.join(ROOT, "test", "codegen",
                                       "cpu-check-kernels-*.mlir")))
TIME_RE = re.compile(r"compiled (\d+) GPU kernel\(s\) in ([0-9.]+) ms")


def compile_once(tool, path, target, emit, out):
    proc = subprocess.run(
        [tool, path, "--target=" + target, "--emit=" + emit, "-o", out,
         "--print-compile-time"],
        capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit("tessel-compile failed on %s:\n%s" % (path, proc.stderr))
    m = TIME_RE.search(proc.stderr)
    return int(m.group(1)), float(m.group(2))


def peak_memory_mb(tool, path, target, out):
    """Peak RSS of one tessel-compile, measured in a fresh child process so
    that no earlier run counts."""
    code = ("import resource, subprocess, sys; "
            "subprocess.run(sys.argv[1:], check=True, capture_output=True); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    proc = subprocess.run(
        [sys.executable, "-c", code, tool, path, "--target=" + target, "-o",
         out], capture_output=True, text=True, check=True)
    return int(proc.stdout.strip()) / 1024.0  # ru_maxrss is in KiB on Linux


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args()
    tool = os.path.join(args.bin, "tessel-compile")

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for target, emit in (("h100", "ptx"), ("mi300x", "hsaco")):
            for path in [DEMO] + SUITES:
                runs = [compile_once(tool, path, target, emit, tmp)
                        for _ in range(args.repeat)]
                kernels = runs[0][0]
                per_kernel = statistics.median(ms for _, ms in runs) / kernels
                rows.append({"target": target, "input": os.path.relpath(path, ROOT),
                             "kernels": kernels,
                             "median_ms_per_kernel": round(per_kernel, 2),
                             "repeat": args.repeat})
        peaks = {t: round(peak_memory_mb(tool, DEMO, t, tmp), 1)
                 for t in ("h100", "mi300x")}

    print("%-8s %-50s %8s %22s" % ("target", "input", "kernels",
                                   "median ms per kernel"))
    for r in rows:
        print("%-8s %-50s %8d %22.2f" % (r["target"], r["input"], r["kernels"],
                                         r["median_ms_per_kernel"]))
    for t, mb in peaks.items():
        print("peak memory of tessel-compile on the demo for %s: %.1f MB"
              % (t, mb))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"compile": rows, "peak_memory_mb": peaks}, f, indent=2)


if __name__ == "__main__":
    main()
