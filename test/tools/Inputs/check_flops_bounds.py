"""Checks each kernel of a tessel-compile --report against two flop rates.

Usage: check_flops_bounds.py REPORT PEAK_TFLOPS MEASURED_TFLOPS FACTOR

A compute-heavy kernel's prediction must lie between its flops at the peak
rate (the roofline: no kernel computes them faster) and FACTOR times its
flops at the rate measured for that class of kernel. Prints one line per
kernel and exits 1 if any lies outside.
"""
import json
import sys


def main():
    report, peak, measured, factor = sys.argv[1:5]
    peak, measured, factor = float(peak), float(measured), float(factor)
    failed = False
    for k in json.load(open(report))["kernels"]:
        low = k["flops"] / (peak * 1e12) * 1e6
        high = factor * k["flops"] / (measured * 1e12) * 1e6
        ok = low <= k["predicted_us"] <= high
        failed |= not ok
        print(f"{k['name']}: {'ok' if ok else 'OUTSIDE'} "
              f"{low:.1f} <= {k['predicted_us']:.1f} <= {high:.1f} us "
              f"({k['bound']})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
