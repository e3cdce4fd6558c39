"""Writes malformed variants of MLIR files for tessel-opt's robustness test.

Each variant is one chunk of a --split-input-file input: every prefix of each
source file at a fixed stride (truncated files), and deterministic token
mutations (sizes set to 0, -1, 2^62 and 2^63-1, element types swapped for
unsupported ones, attribute values negated). tessel-opt must answer each with
a diagnostic or accept it, and never crash.
"""
import random
import re
import sys

SEPARATOR = "\n// -----\n"


def chunks_of(text):
    return [c for c in text.split("// -----") if c.strip()]


def truncations(text, stride):
    return [text[:n] for n in range(0, len(text), stride)]


def mutations(text, rng, count):
    numbers = [m.span() for m in re.finditer(r"(?<![%#\w.])\d+(?![\w.])", text)]
    types = [m.span() for m in re.finditer(r"\b(f32|f16|bf16)\b", text)]
    out = []
    for _ in range(count):
        kind = rng.randrange(3)
        if kind < 2 and numbers:
            start, end = rng.choice(numbers)
            repl = rng.choice(["0", "-1", "4611686018427387904",
                               "9223372036854775807", "3", "99999999999999999999"])
        elif types:
            start, end = rng.choice(types)
            repl = rng.choice(["i32", "f64", "f8E4M3FN", "index", "i1"])
        else:
            continue
        out.append(text[:start] + repl + text[end:])
    return out


def main():
    stride = int(sys.argv[1])
    rng = random.Random(20261122)
    variants = []
    for path in sys.argv[2:]:
        with open(path) as f:
            for chunk in chunks_of(f.read()):
                # Drop RUN and diagnostic expectations: they are comments anyway.
                variants += truncations(chunk, stride)
                variants += mutations(chunk, rng, 12)
    sys.stdout.write(SEPARATOR.join(variants))
    sys.stderr.write("%d variants\n" % len(variants))


if __name__ == "__main__":
    main()
