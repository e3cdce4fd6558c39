#!/usr/bin/env python3
"""Compile-time benchmark: how long tessel-compile takes per GPU kernel, and
its peak memory on the bundled example.

Runs tessel-compile --print-compile-time (the pipeline alone: no parsing, file
writing or ptxas) several times per input, target and thread count and
reports the median time per kernel, with the median time tessel-select-
schedules takes per kernel (single-threaded, tessel-opt --mlir-timing); then
one full compile of the demo (with ptxas, when found) for its peak resident
memory. Medians, not means: the machines are shared and noisy. With
--baseline-bin, another build (an older commit, say) is timed in the same
run, input by input, and the ratio printed beside each median.

    python3 bench/compile_time.py --bin build/bin [--baseline-bin OLD/bin]
        [--jobs 1 2] [--repeat 5] [--suites] [--json out.json]

Inputs: the demo (docs/examples/transformer_block.mlir) and the tier-1
workload suite (bench/workloads/tier1.mlir); --suites adds the numerical
suites' kernel files (test/codegen/cpu-check-kernels-*.mlir).

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
TIER1 = os.path.join(ROOT, "bench", "workloads", "tier1.mlir")
SUITES = sorted(glob.glob(os.path.join(ROOT, "test", "codegen",
                                       "cpu-check-kernels-*.mlir")))
TIME_RE = re.compile(r"compiled (\d+) GPU kernel\(s\) in ([0-9.]+) ms")


def takes_jobs(tool):
    """Whether this tessel-compile has -j (builds before it had none: their
    passes ran on the whole module, one kernel after another)."""
    proc = subprocess.run([tool, "--help"], capture_output=True, text=True)
    return "-j" in proc.stdout.split()


def compile_once(tool, path, target, emit, out, jobs=None):
    cmd = [tool, path, "--target=" + target, "--emit=" + emit, "-o", out,
           "--print-compile-time"]
    if jobs is not None:
        cmd.append("-j=%d" % jobs)
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
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
         "--mlir-disable-threading", "-o", os.devnull],
        capture_output=True, text=True, check=True)
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


def display(path):
    """A path as the table shows it: relative to the repository when inside."""
    rel = os.path.relpath(path, ROOT)
    return path if rel.startswith("..") else rel


def measure(bins, inputs, jobs_list, repeat, tmp):
    """Rows of medians per input, target and thread count, each binary
    timed in turn within every repetition (so that both see the same
    load)."""
    rows = []
    for path in inputs:
        for target, emit in (("h100", "ptx"), ("mi300x", "hsaco")):
            for jobs in jobs_list:
                times = {name: [] for name in bins}
                kernels = {}
                for _ in range(repeat):
                    for name, (tool, _opt, has_jobs) in bins.items():
                        n, ms = compile_once(tool, path, target, emit, tmp,
                                             jobs if has_jobs else None)
                        kernels[name] = n
                        times[name].append(ms)
                row = {"target": target, "input": display(path),
                       "jobs": jobs, "repeat": repeat}
                for name in bins:
                    row[name + "_kernels"] = kernels[name]
                    row[name + "_ms_per_kernel"] = round(
                        statistics.median(times[name]) / kernels[name], 2)
                rows.append(row)
        for name, (_tool, opt, _has) in bins.items():
            n = rows[-1][name + "_kernels"]
            ms = statistics.median(select_ms(opt, path, "h100")
                                   for _ in range(repeat))
            rows[-1].setdefault("select", {})[name] = round(ms / n, 2)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--baseline-bin",
                    help="another build's bin/ to time beside --bin")
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2],
                    help="tessel-compile -j values to time (threads)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--suites", action="store_true",
                    help="also the numerical suites' kernel files")
    ap.add_argument("--input", action="append",
                    help="time this file instead (repeatable)")
    ap.add_argument("--json", help="also write the results here")
    ap.add_argument("--workloads", help="a suite file: time each workload")
    args = ap.parse_args()
    if args.workloads:
        return workloads(args)
    bins = {}
    for name, d in (("current", args.bin), ("baseline", args.baseline_bin)):
        if d:
            tool = os.path.join(d, "tessel-compile")
            bins[name] = (tool, os.path.join(d, "tessel-opt"),
                          takes_jobs(tool))
    inputs = args.input or [DEMO, TIER1] + (SUITES if args.suites else [])
    with tempfile.TemporaryDirectory() as tmp:
        rows = measure(bins, inputs, args.jobs, args.repeat, tmp)
        tool = bins["current"][0]
        peaks = {t: round(peak_memory_mb(tool, DEMO, t, tmp), 1)
                 for t in ("h100", "mi300x")}

    base = "baseline" in bins
    print("%-8s %-38s %4s %8s %12s%s" % (
        "target", "input", "-j", "kernels", "ms/kernel",
        "   baseline    ratio" if base else ""))
    for r in rows:
        line = "%-8s %-38s %4d %8d %12.2f" % (
            r["target"], r["input"], r["jobs"], r["current_kernels"],
            r["current_ms_per_kernel"])
        if base:
            line += " %10.2f %8.2f" % (
                r["baseline_ms_per_kernel"],
                r["current_ms_per_kernel"] / r["baseline_ms_per_kernel"])
        print(line)
    print("schedule choice (tessel-select-schedules, h100, one thread), "
          "ms per kernel:")
    for r in rows:
        if "select" in r:
            sel = r["select"]
            print("  %-38s %8.2f%s" % (
                r["input"], sel["current"],
                "   baseline %.2f" % sel["baseline"] if base else ""))
    for t, mb in peaks.items():
        print("peak memory of tessel-compile on the demo for %s: %.1f MB"
              % (t, mb))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"compile": rows, "peak_memory_mb": peaks}, f, indent=2)


if __name__ == "__main__":
    main()
