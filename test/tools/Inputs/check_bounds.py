"""Checks each kernel of a tessel-compile --report against two rates.

Usage: check_bounds.py REPORT bytes|flops PEAK MEASURED FACTOR

PEAK and MEASURED are in units of 1e12 per second (TB/s for bytes, TFLOP/s
for flops). A kernel's prediction must lie between its bytes (or flops) at
the peak rate (the roofline: no kernel moves or computes them faster) and
FACTOR times them at the rate measured for that class of kernel. Prints one
line per kernel and exits 1 if any lies outside.
"""
import json
import sys


def main():
    report, key, peak, measured, factor = sys.argv[1:6]
    if key not in ("bytes", "flops"):
        sys.exit(f"check_bounds.py: the quantity is bytes or flops, not {key}")
    peak, measured, factor = float(peak), float(measured), float(factor)
    failed = False
    for k in json.load(open(report))["kernels"]:
        low = k[key] / (peak * 1e12) * 1e6
        high = factor * k[key] / (measured * 1e12) * 1e6
        ok = low <= k["predicted_us"] <= high
        failed |= not ok
        print(f"{k['name']}: {'ok' if ok else 'OUTSIDE'} "
              f"{low:.1f} <= {k['predicted_us']:.1f} <= {high:.1f} us "
              f"({k['bound']})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
