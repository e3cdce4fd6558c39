#!/usr/bin/env python3
"""Rebuilds tessel-run-device's JSON from the lines a run logged.

  python3 bench/gpu/runs_from_log.py run.log FOLDER=WORKLOADS.mlir ...
      --target h200 --bin build/bin --out runs.json

A run_suite.sh step that its time limit stopped before it wrote its JSON
(run 2026-12-04a's `variants`: bench/data/h200/README.md) leaves its
timings in the run's log only, one line a kernel:

  .bench-carry/h200/variants-raster (h200, sm_90a)
    k_sq4096_r16      186.66 us  (p10 186.11, p90 206.29)  predicted 194.21 us  check ok

The log does not carry the schedules. They are the workload files' own
(the variant files give every kernel its schedule), read off
`tessel-compile --predict-only --report` on each file compiled for the
target as prepare.sh compiles it; run this at the commit the run measured,
or at one where the files' kernels of that run are unchanged. The JSON is
tessel-run-device's (its `tool`, so that tessel-bench reads it), with
`rebuilt_from_log` naming the log. For each folder named it holds the
kernels logged under it: name, schedule, measured median, p10 and p90 (the
log has no minimum nor count), the prediction logged with it and the
check's status, as `tessel-bench accuracy` reads them. A kernel the report
does not name is left out and said so. The lines before a folder's header
name the device.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HEADER = re.compile(r"^\S*/([\w.-]+)/? \((\w+), (\w+)\)$")
KERNEL = re.compile(r"^  (\w+)\s+([\d.]+) us  \(p10 ([\d.]+), p90 ([\d.]+)\)"
                    r"  predicted ([\d.]+) us  check (.*)$")
DEVICE = re.compile(r"^device: (.*?)(?: \(the CUDA driver (\d+)\))?$")


def parse_log(text):
    """{folder: {"target", "arch", "device", "kernels": [...]}} of every
    folder header in the log and the kernel lines right after it."""
    folders, current, device = {}, None, None
    for line in text.splitlines():
        if m := DEVICE.match(line):
            device = {"name": m.group(1)}
            if m.group(2):
                device["driver_version"] = int(m.group(2))
            continue
        if m := HEADER.match(line):
            current = folders.setdefault(m.group(1), {
                "target": m.group(2), "arch": m.group(3), "device": device,
                "kernels": []})
            continue
        m = KERNEL.match(line)
        if current is None or not m:
            current = None
            continue
        status = m.group(6).strip()
        current["kernels"].append({
            "name": m.group(1),
            "measured_us": {"median": float(m.group(2)),
                            "p10": float(m.group(3)),
                            "p90": float(m.group(4))},
            "predicted_us": float(m.group(5)),
            "check": {"status": status},
        })
    return folders


def schedules(workloads, target, tessel_compile):
    """{kernel: schedule} of `workloads` compiled for `target`."""
    text = open(workloads).read()
    # As prepare.sh compiles the variant files: their target replaced.
    text = re.sub(r'#tessel\.target<"[a-z0-9_]+">',
                  f'#tessel.target<"{target}">', text)
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "workloads.mlir")
        report = os.path.join(tmp, "report.json")
        open(source, "w").write(text)
        subprocess.run([tessel_compile, source, f"--target={target}",
                        "--predict-only", f"--report={report}"],
                       check=True, capture_output=True, text=True)
        return {k["name"]: k["schedule"]
                for k in json.load(open(report))["kernels"]}


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("log")
    parser.add_argument("folders", nargs="+", metavar="FOLDER=WORKLOADS",
                        help="a folder of the log and the workload file "
                             "its kernels were compiled from")
    parser.add_argument("--target", required=True)
    parser.add_argument("--bin", default="build/bin",
                        help="where tessel-compile is")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    logged = parse_log(open(args.log).read())
    tessel_compile = os.path.join(args.bin, "tessel-compile")
    runs, device = [], None
    for pair in args.folders:
        folder, sep, workloads = pair.partition("=")
        if not sep:
            parser.error(f"{pair}: expected FOLDER=WORKLOADS.mlir")
        if folder not in logged or not logged[folder]["kernels"]:
            sys.exit(f"runs_from_log: the log has no kernel lines under "
                     f"{folder}")
        found = logged[folder]
        known = schedules(workloads, args.target, tessel_compile)
        kernels = []
        for k in found["kernels"]:
            if k["name"] not in known:
                print(f"runs_from_log: {folder}: {k['name']} is not a kernel "
                      f"of {workloads}; left out", file=sys.stderr)
                continue
            kernels.append(dict(k, schedule=known[k["name"]]))
        device = device or found["device"]
        runs.append({"arch": found["arch"], "kernels": kernels,
                     "manifest": folder, "source": workloads,
                     "target": found["target"]})
        print(f"runs_from_log: {folder}: {len(kernels)} kernels")
    # tessel-run-device's measurements, as tessel-bench reads them; where
    # they come from is said beside.
    out = {"format_version": 1, "device": device or {},
           "tool": "tessel-run --device",
           "rebuilt_from_log": {"log": os.path.basename(args.log),
                                "by": "bench/gpu/runs_from_log.py"},
           "runs": runs}
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
