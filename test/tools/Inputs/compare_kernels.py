"""Checks that a kernel of a tessel-compile --report is predicted at most
FACTOR times as slow as another.

Usage: compare_kernels.py REPORT KERNEL_A KERNEL_B FACTOR

Prints "A / B = ratio" and exits 1 unless ratio <= FACTOR.
"""
import json
import sys


def main():
    report, a, b, factor = sys.argv[1:5]
    factor = float(factor)
    times = {k["name"]: k["predicted_us"] for k in json.load(open(report))["kernels"]}
    for name in (a, b):
        if name not in times:
            sys.exit(f"compare_kernels.py: no kernel {name} in {report}")
    ratio = times[a] / times[b]
    ok = ratio <= factor
    print(f"{a} / {b} = {ratio:.2f} ({'ok' if ok else 'OUTSIDE'}: at most {factor:g})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
