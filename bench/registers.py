#!/usr/bin/env python3
"""The cost model's registers per thread against ptxas's, kernel by kernel.

Compiles a module for an NVIDIA target with tessel-compile (ptxas must be
found: tessel-compile reports its `Used N registers`), reads the model's
estimate from the prediction report and ptxas's count from the manifest
(for an AMD target, LLVM's .vgpr_count from the HSACO's metadata, in the
column still named ptxas),
and prints one row per kernel and how many lie within the tolerance:

    python3 bench/registers.py --bin build/bin \
        --input bench/workloads/tier1.mlir --target h100

Occupancy follows registers (issue 20, item 4): an estimate far below
ptxas's predicts more resident blocks than the GPU runs. Exits 1 when the
share within the tolerance is below --min-share (0 by default: report only).

--save FILE appends each row (with its target) to FILE as JSON lines, so
that runs over several modules, ranks and targets can be pooled;
--fit-mma FILE... (no compiling) refits the mma.sync estimate's constants
(costmodel/ModelTerms.h, kMmaRegisters: base + a per accumulator register
+ b per operand-fragment register + c per stage, up to 4) on the pooled
mma.sync rows, by least squares on the relative error, and prints them
with the share within the tolerance, per target, of the fit and of the
model's own estimates:

    python3 bench/registers.py --bin build/bin --input tier2.mlir \
        --target a100 --schedule-rank 0 --schedule-rank 1 --save rows.jsonl
    python3 bench/registers.py --fit-mma rows.jsonl
"""

import argparse
import json
import os
import re
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


# The mma.sync estimate's form (costmodel/Occupancy.cpp, registersPerThread):
# a warp tile of pm x pn x pk pieces of 16 x 8 x 16.
MMA_STAGES_SEEN = 4


def mma_features(schedule):
    """[1, accumulator registers, fragment registers, stages] of an mma.sync
    schedule with a warp tile, or None."""
    if "mma = mma_sync" not in schedule:
        return None
    warp = re.search(r"warp = \[([^\]]*)\]", schedule)
    stages = re.search(r"stages = (\d+)", schedule)
    dims = [int(x) for x in warp.group(1).split(",")] if warp else []
    if len(dims) < 3 or not stages:
        return None  # an attention's [rows, keys] warp tile: its own estimate
    pm, pn, pk = dims[-3] // 16, dims[-2] // 8, dims[-1] // 16
    return [1.0, 4.0 * pm * pn, float((4 * pm + 2 * pn) * ((pk + 1) // 2)),
            float(min(int(stages.group(1)), MMA_STAGES_SEEN))]


def least_squares(features, targets, weights):
    """The weighted least-squares solution, by Gaussian elimination."""
    n = len(features[0])
    m = [[sum(w * f[i] * f[j] for f, w in zip(features, weights))
          for j in range(n)] +
         [sum(w * f[i] * y for f, y, w in zip(features, targets, weights))]
         for i in range(n)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        if m[i][i] == 0:
            sys.exit("registers.py: the rows do not determine the fit")
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                m[r] = [a - f * b for a, b in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit_mma(paths, tolerance):
    rows = {}
    for path in paths:
        try:
            with open(path) as f:
                for number, line in enumerate(f, 1):
                    if not line.strip():
                        continue
                    r = json.loads(line)
                    rows[(r["target"], r["kernel"], r["schedule"])] = r
                    r["ptxas"] = int(r["ptxas"])
        except OSError as e:
            sys.exit("registers.py: %s" % e)
        except (ValueError, KeyError, TypeError) as e:
            sys.exit("registers.py: %s, line %d: not a row of --save (%s)" %
                     (path, number, e))
    pooled = [(r, mma_features(r["schedule"])) for r in rows.values()]
    pooled = [(r, x) for r, x in pooled if x and r["model"] is not None]
    if len(pooled) < 4:
        sys.exit("registers.py: %d mma.sync rows with a warp tile; the fit "
                 "takes 4 or more" % len(pooled))
    c = least_squares([x for _, x in pooled], [r["ptxas"] for r, _ in pooled],
                      [1.0 / r["ptxas"] ** 2 for r, _ in pooled])
    print("mma.sync rows: %d (%d to %d registers)" %
          (len(pooled), min(r["ptxas"] for r, _ in pooled),
           max(r["ptxas"] for r, _ in pooled)))
    print("fit: base %.2f, per accumulator %.3f, per fragment %.3f, per stage "
          "%.2f (stages up to %d)" % (c[0], c[1], c[2], c[3], MMA_STAGES_SEEN))

    def share(estimate, subset):
        ok = sum(abs(estimate(r, x) - r["ptxas"]) / r["ptxas"] <= tolerance
                 for r, x in subset)
        return "%d of %d" % (ok, len(subset))

    # (As the model rounds: to the nearest, halves up.)
    fitted = lambda r, x: min(int(sum(a * b for a, b in zip(c, x)) + 0.5), 255)
    model = lambda r, x: r["model"]
    for target in sorted({r["target"] for r, _ in pooled}) + ["all"]:
        subset = [(r, x) for r, x in pooled
                  if target == "all" or r["target"] == target]
        print("  %-8s within %.0f%%: fit %s, model %s" %
              (target, 100 * tolerance, share(fitted, subset),
               share(model, subset)))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", help="directory of tessel-compile")
    ap.add_argument("--input", action="append",
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
    ap.add_argument("--save", help="append the rows to this file (JSON lines)")
    ap.add_argument("--fit-mma", nargs="+", metavar="FILE",
                    help="refit the mma.sync estimate on saved rows (no "
                    "compiling)")
    args = ap.parse_args()
    if args.fit_mma:
        return fit_mma(args.fit_mma, args.tolerance)
    if not args.bin or not args.input:
        ap.error("--bin and --input are required (or --fit-mma FILE...)")
    binary = os.path.join(args.bin, "tessel-compile")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, source in enumerate(args.input):
            for rank in args.schedule_rank or [0]:
                out = os.path.join(tmp, "%d-%d" % (i, rank))
                rows += rows_of(*compile_module(binary, source, args.target,
                                                out, rank))
    if args.save:
        with open(args.save, "a") as f:
            for name, schedule, model, ptxas in rows:
                f.write(json.dumps({"target": args.target, "kernel": name,
                                    "schedule": schedule, "model": model,
                                    "ptxas": ptxas}) + "\n")
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
