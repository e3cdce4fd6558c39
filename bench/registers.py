#!/usr/bin/env python3
"""The cost model's registers per thread against ptxas's, kernel by kernel.

Compiles a module for an NVIDIA target with tessel-compile (ptxas must be
found: tessel-compile reports its `Used N registers`), reads the model's
estimate from the prediction report and ptxas's count from the manifest,
and prints one row per kernel and how many lie within the tolerance:

    python3 bench/registers.py --bin build/bin \
        --input bench/workloads/tier1.mlir --target h100

Occupancy follows registers (issue 20, item 4): an estimate far below
ptxas's predicts more resident blocks than the GPU runs. Exits 1 when the
share within the tolerance is below --min-share (0 by default: report only).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile


def compile_module(binary, source, target, out, rank=0):
    report = os.path.join(out, "report.json")
    cmd = [binary, source, "--target=" + target, "-o", out, "--report=" + report]
    if rank:
        cmd.append("--schedule-rank=%d" % rank)
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("registers.py: tessel-compile failed on %s:\n%s" %
                 (source, run.stderr))
    with open(os.path.join(out, "manifest.json")) as f:
        manifest = json.load(f)
    with open(report) as f:
        predicted = json.load(f)
    return manifest, predicted


def rows_of(manifest, predicted):
    estimates = {k["name"]: k.get("registers") for k in predicted["kernels"]}
    rows = []
    for k in manifest["kernels"]:
        name = k.get("tessel_kernel", k["name"])
        ptxas = k.get("registers")
        model = estimates.get(name)
        if ptxas is None:
            sys.exit("registers.py: no ptxas register count for %s (is ptxas "
                     "on PATH or CUDA_HOME set?)" % name)
        rows.append((name, k.get("schedule", ""), model, ptxas))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True, help="directory of tessel-compile")
    ap.add_argument("--input", action="append", required=True,
                    help="a module to compile (repeatable)")
    ap.add_argument("--target", default="h100")
    ap.add_argument("--schedule-rank", type=int, action="append",
                    help="compile with the schedule the cost model ranks N "
                    "(0, the chosen one, by default; repeatable: every "
                    "kernel once per rank, to check the estimate on "
                    "schedules the model does not choose)")
    ap.add_argument("--tolerance", type=float, default=0.10,
                    help="relative error counted as agreeing (0.10)")
    ap.add_argument("--min-share", type=float, default=0.0,
                    help="fail below this share of kernels within tolerance")
    args = ap.parse_args()
    binary = os.path.join(args.bin, "tessel-compile")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, source in enumerate(args.input):
            for rank in args.schedule_rank or [0]:
                out = os.path.join(tmp, "%d-%d" % (i, rank))
                rows += rows_of(*compile_module(binary, source, args.target,
                                                out, rank))
    print("%-44s %6s %6s %7s  %s" % ("kernel", "model", "ptxas", "error",
                                      "schedule"))
    within = 0
    errors = []
    for name, schedule, model, ptxas in rows:
        if model is None:
            print("%-44s %6s %6d %7s  %s" % (name, "-", ptxas, "-", schedule))
            continue
        error = (model - ptxas) / ptxas
        errors.append(error)
        ok = abs(error) <= args.tolerance
        within += ok
        print("%-44s %6d %6d %+6.1f%%%s %s" % (name, model, ptxas, 100 * error,
                                              " " if ok else "*", schedule))
    share = within / len(errors) if errors else 0.0
    errors.sort()
    median = errors[len(errors) // 2] if errors else 0.0
    print("within %.0f%% of ptxas: %d of %d kernels (%.0f%%); median error "
          "%+.1f%%, range %+.1f%% .. %+.1f%% (* outside)" %
          (100 * args.tolerance, within, len(errors), 100 * share,
           100 * median, 100 * errors[0] if errors else 0,
           100 * errors[-1] if errors else 0))
    if share < args.min_share:
        print("registers.py: %.0f%% within tolerance, below the %.0f%% asked" %
              (100 * share, 100 * args.min_share), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
