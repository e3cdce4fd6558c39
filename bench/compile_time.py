#!/usr/bin/env python3
"""Compile-time benchmark: how long tessel-compile takes per GPU kernel, and
its peak memory on the bundled example.

Runs tessel-compile --print-compile-time (the pipeline alone: no parsing, file
writing or ptxas) several times per input and target and reports the median
time per kernel; then runs one full compile of the demo (with ptxas, when
found) and reports the peak resident memory of that process. Medians, not
means: the machines are shared and noisy.

    python3 bench/compile_time.py --bin build/bin [--repeat 7] [--json out.json]

With --workloads (bench/workloads/tier1.mlir), instead: per workload (one
function each), the median time to compile it to PTX (h100) and to HSACO
(mi300x), pipeline only, and the median time of tessel-select-schedules on
it (tessel-opt --mlir-timing), per kernel.
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


SELECT_RE = re.compile(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+TesselSelectSchedules$",
                       re.M)


def functions(path):
    """(name, text) of each top-level func.func of a suite file."""
    out, current = [], None
    for line in open(path):
        if line.startswith("func.func @"):
            current = [line]
        elif current is not None:
            current.append(line)
            if line.rstrip() == "}":
                name = current[0].split("@", 1)[1].split("(", 1)[0]
                out.append((name, "".join(current)))
                current = None
    return out


def select_ms(opt, path, target):
    proc = subprocess.run(
        [opt, path, "--tessel-set-target=target=" + target,
         "--tessel-form-kernels", "--tessel-select-schedules", "--mlir-timing",
         "-o", os.devnull], capture_output=True, text=True, check=True)
    return float(SELECT_RE.search(proc.stderr).group(1)) * 1e3


def workloads(args):
    tool = os.path.join(args.bin, "tessel-compile")
    opt = os.path.join(args.bin, "tessel-opt")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in functions(args.workloads):
            path = os.path.join(tmp, name + ".mlir")
            with open(path, "w") as f:
                f.write(text)
            row = {"workload": name}
            for target, emit in (("h100", "ptx"), ("mi300x", "hsaco")):
                runs = [compile_once(tool, path, target, emit, tmp)
                        for _ in range(args.repeat)]
                row[emit + "_ms"] = round(
                    statistics.median(ms for _, ms in runs), 1)
                row["kernels"] = runs[0][0]
            row["select_ms_per_kernel"] = round(statistics.median(
                select_ms(opt, path, "h100") for _ in range(args.repeat)) /
                row["kernels"], 2)
            rows.append(row)
    print("%-34s %8s %10s %10s %12s" % ("workload", "kernels", "PTX ms",
                                        "HSACO ms", "select ms/k"))
    for r in rows:
        print("%-34s %8d %10.1f %10.1f %12.2f" % (
            r["workload"], r["kernels"], r["ptx_ms"], r["hsaco_ms"],
            r["select_ms_per_kernel"]))
    for key in ("ptx_ms", "hsaco_ms", "select_ms_per_kernel"):
        print("median %s: %.2f" % (key, statistics.median(r[key]
                                                          for r in rows)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"workloads": rows}, f, indent=2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--json", help="also write the results here")
    ap.add_argument("--workloads", help="a suite file: time each workload")
    args = ap.parse_args()
    if args.workloads:
        return workloads(args)
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
