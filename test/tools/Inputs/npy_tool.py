#!/usr/bin/env python3
"""Writes, reads and perturbs .npy files without NumPy, for tessel-run's
--inputs / --save-outputs / --expected tests.

  npy_tool.py write PATH DESCR SHAPE      values 0.25 * ((i * 7) % 9 - 4)
  npy_tool.py show PATH                   the header and the first values
  npy_tool.py perturb IN OUT INDEX DELTA  element INDEX (flat) + DELTA

DESCR is '<f4', '<f2' or '<u2' (bf16 bits, Tessel's convention); SHAPE is
comma-separated, e.g. 5,7.
"""

import ast
import struct
import sys

FORMATS = {"<f4": "f", "<f2": "e", "<u2": "H"}


def bf16_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0] >> 16


def bf16_value(bits):
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


def encode(descr, values):
    if descr == "<u2":
        values = [bf16_bits(v) for v in values]
    return struct.pack("<%d%s" % (len(values), FORMATS[descr]), *values)


def decode(descr, data, count):
    values = struct.unpack("<%d%s" % (count, FORMATS[descr]),
                           data[:count * struct.calcsize(FORMATS[descr])])
    return [bf16_value(v) for v in values] if descr == "<u2" else list(values)


def save(path, descr, shape, values):
    shape_text = "(%s)" % (", ".join(map(str, shape)) +
                           ("," if len(shape) == 1 else ""))
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        descr, shape_text)
    pad = (64 - (10 + len(header) + 1) % 64) % 64
    header += " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(encode(descr, values))


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:6] == b"\x93NUMPY", "no magic"
    length = struct.unpack("<H", data[8:10])[0]
    assert (10 + length) % 64 == 0, "data not 64-byte aligned"
    header = ast.literal_eval(data[10:10 + length].decode("latin1"))
    count = 1
    for d in header["shape"]:
        count *= d
    return header, decode(header["descr"], data[10 + length:], count)


def main():
    cmd = sys.argv[1]
    if cmd == "write":
        path, descr, shape = sys.argv[2], sys.argv[3], sys.argv[4]
        dims = [int(d) for d in shape.split(",")]
        count = 1
        for d in dims:
            count *= d
        save(path, descr, dims,
             [0.25 * ((i * 7) % 9 - 4) for i in range(count)])
    elif cmd == "show":
        header, values = load(sys.argv[2])
        print("descr %s shape %s fortran_order %s" %
              (header["descr"], header["shape"], header["fortran_order"]))
        print("values " + " ".join("%g" % v for v in values[:6]))
    elif cmd == "perturb":
        header, values = load(sys.argv[2])
        index, delta = int(sys.argv[4]), float(sys.argv[5])
        values[index] += delta
        save(sys.argv[3], header["descr"], list(header["shape"]), values)
    else:
        sys.exit("npy_tool.py: unknown command " + cmd)


if __name__ == "__main__":
    main()
