"""The Tessel graph that tessel-import builds, and its MLIR text.

A `Graph` holds the function's arguments (each with the tensor it is fed
from, saved as .npy) and a list of `Op`s in the order they were made; every
`Value` is a static ranked tensor. The builders fold what an ATen trace is
full of as they go: a reshape of a reshape, a transpose of a transpose, a
transpose that only moves dims of size 1 (a reshape), identities. Ops whose
results nothing reads are dropped when the text is printed, and so are
arguments nothing reads (a convolution's filter once a BatchNorm is folded
into a new one)."""

import math

import numpy as np

DTYPES = {"float32": "f32", "float16": "f16", "bfloat16": "bf16"}


class ImportError_(Exception):
    """An input tessel-import cannot express; the message says which."""


def fmt_float(x):
    """A float as MLIR's parser takes it (a '.' or an exponent with digits)."""
    x = float(x)
    if not math.isfinite(x):
        raise ImportError_(f"the value {x} cannot be an attribute")
    s = repr(x)
    if "e" in s and "." not in s.split("e")[0]:
        mantissa, exp = s.split("e")
        s = f"{mantissa}.0e{exp}"
    elif "." not in s and "e" not in s:
        s += ".0"
    return s


class Value:
    def __init__(self, graph, shape, dtype, op=None, arg=None):
        self.graph, self.shape, self.dtype = graph, tuple(shape), dtype
        self.op, self.arg = op, arg  # defining op, or the Argument it is
        self.name = None

    @property
    def type(self):
        dims = "".join(f"{d}x" for d in self.shape)
        return f"tensor<{dims}{DTYPES[self.dtype]}>"

    @property
    def rank(self):
        return len(self.shape)

    def defined_by(self, *kinds):
        return self.op is not None and self.op.kind in kinds


class Argument:
    """A function argument: its value, the tensor fed to it and where that
    tensor came from (a PyTorch parameter, an input, a folded weight)."""

    def __init__(self, value, data, name, origin):
        self.value, self.data, self.name, self.origin = value, data, name, origin


class Op:
    def __init__(self, kind, operands, attrs, result_shapes, dtype):
        self.kind, self.operands, self.attrs = kind, list(operands), attrs
        self.results = []
        self.result_shapes, self.dtype = result_shapes, dtype


class Graph:
    def __init__(self, name):
        self.name = name
        self.args, self.ops, self.outputs = [], [], []
        self.memo = {}

    # -- values ---------------------------------------------------------
    def argument(self, data, name, origin, dtype):
        v = Value(self, data.shape, dtype)
        a = Argument(v, data, name, origin)
        v.arg = a
        self.args.append(a)
        return v

    def op(self, kind, operands, attrs, shape, dtype=None, results=1):
        dtype = dtype or operands[0].dtype
        # Every Tessel op is pure: the same op on the same values is reused.
        key = (kind, tuple(id(v) for v in operands), repr(sorted(attrs.items())),
               repr(shape), dtype)
        if key in self.memo:
            return self.memo[key]
        o = Op(kind, operands, attrs, shape, dtype)
        shapes = shape if results > 1 else [shape]
        o.results = [Value(self, s, dtype, op=o) for s in shapes]
        self.ops.append(o)
        made = o.results[0] if results == 1 else o.results
        self.memo[key] = made
        return made

    # -- folding builders -----------------------------------------------
    def reshape(self, v, shape):
        shape = tuple(shape)
        if math.prod(shape) != math.prod(v.shape):
            raise ImportError_(f"reshape of {v.shape} to {shape}")
        while v.defined_by("reshape"):
            v = v.op.operands[0]
        if shape == v.shape:
            return v
        return self.op("reshape", [v], {}, shape)

    def transpose(self, v, perm):
        perm = tuple(perm)
        if perm == tuple(range(len(perm))):
            return v
        if v.defined_by("transpose"):
            inner = v.op.attrs["permutation"]
            return self.transpose(v.op.operands[0], [inner[p] for p in perm])
        shape = tuple(v.shape[p] for p in perm)
        moved = [p for p in perm if v.shape[p] != 1]
        if moved == sorted(moved):  # only dims of size 1 move
            return self.reshape(v, shape)
        source = self.reshape_of_transpose(v, perm)
        if source is not None:
            return self.reshape(source, shape)
        return self.op("transpose", [v], {"permutation": list(perm)}, shape)

    @staticmethod
    def reshape_of_transpose(v, perm):
        """w where transpose(reshape(transpose(w))) with `perm` outermost
        keeps w's element order (NHWC -> NCHW -> flatten -> transpose back,
        as ViT's patch embedding does): then it is a reshape of w."""
        if not v.defined_by("reshape") or not v.op.operands[0].defined_by("transpose"):
            return None
        inner = v.op.operands[0]
        w = inner.op.operands[0]
        if math.prod(w.shape) > 1 << 22:
            return None
        order = np.arange(math.prod(w.shape)).reshape(w.shape)
        order = order.transpose(inner.op.attrs["permutation"]).reshape(v.shape).transpose(perm)
        return w if (order.reshape(-1) == np.arange(order.size)).all() else None

    def constant(self, value, shape, dtype):
        return self.op("constant", [], {"value": float(value)}, shape, dtype)

    # -- printing -------------------------------------------------------
    def live(self):
        """The ops and arguments the outputs read, in their order."""
        needed = set()
        stack = [v for v in self.outputs]
        while stack:
            v = stack.pop()
            if v.op is not None and id(v.op) not in needed:
                needed.add(id(v.op))
                stack.extend(v.op.operands)
        ops = [o for o in self.ops if id(o) in needed]
        read = {id(v) for o in ops for v in o.operands}
        read |= {id(v) for v in self.outputs}
        args = [a for a in self.args if id(a.value) in read]
        return args, ops

    def print(self, target=None):
        args, ops = self.live()
        names = set()

        def fresh(base):
            base = "".join(c if c.isalnum() or c in "._" else "_" for c in base)
            if not base or base[0].isdigit() or base[0] == ".":
                base = "v" + base
            n, i = base, 1
            while n in names:
                n, i = f"{base}_{i}", i + 1
            names.add(n)
            return "%" + n

        for a in args:
            a.value.name = fresh(a.name)
        counter = 0
        for o in ops:
            for r in o.results:
                r.name = f"%{counter}"
                counter += 1
        sig = ",\n    ".join(f"{a.value.name}: {a.value.type}" for a in args)
        res = ", ".join(v.type for v in self.outputs)
        lines = []
        if target:
            lines.append(f'module attributes {{tessel.target = #tessel.target<"{target}">}} {{')
        lines.append(f"func.func @{self.name}(\n    {sig})\n    -> ({res}) {{")
        for o in ops:
            lines.append("  " + print_op(o))
        outs = ", ".join(v.name for v in self.outputs)
        lines.append(f"  return {outs} : {res}")
        lines.append("}")
        if target:
            lines.append("}")
        return "\n".join(lines) + "\n", args


def ints(xs):
    return "[" + ", ".join(str(int(x)) for x in xs) + "]"


def print_op(o):
    """One op in Tessel's custom assembly format."""
    a, k = o.attrs, o.kind
    ins = ", ".join(v.name for v in o.operands)
    ts = ", ".join(v.type for v in o.operands)
    rs = ", ".join(r.type for r in o.results)
    lhs = ", ".join(r.name for r in o.results)
    if k in ("matmul", "batch_matmul"):
        flags = "".join(f" {f}" for f in ("transpose_lhs", "transpose_rhs") if a.get(f))
        return f"{lhs} = tessel.{k} {ins}{flags} : {ts} -> {rs}"
    if k in ("add", "sub", "mul", "div", "max", "min", "concat"):
        extra = f" dim = {a['dim']}" if k == "concat" else ""
        return f"{lhs} = tessel.{k} {ins}{extra} : {ts} -> {rs}"
    if k in ("neg", "exp", "tanh", "sigmoid", "relu", "silu", "rsqrt"):
        return f"{lhs} = tessel.{k} {ins} : {rs}"
    if k == "gelu":
        return f"{lhs} = tessel.gelu {a['approximation']} {ins} : {rs}"
    if k == "clamp":
        lim = "".join(f" {n} = {fmt_float(a[n])}" for n in ("min", "max") if a.get(n) is not None)
        return f"{lhs} = tessel.clamp {ins}{lim} : {rs}"
    if k == "cast":
        return f"{lhs} = tessel.cast {ins} : {ts} to {rs}"
    if k == "constant":
        return f"{lhs} = tessel.constant dense<{fmt_float(a['value'])}> : {rs}"
    if k == "reshape":
        return f"{lhs} = tessel.reshape {ins} : {ts} -> {rs}"
    if k == "transpose":
        return f"{lhs} = tessel.transpose {ins} permutation = {ints(a['permutation'])} : {ts} -> {rs}"
    if k == "slice":
        return (f"{lhs} = tessel.slice {ins} offsets = {ints(a['offsets'])} "
                f"strides = {ints(a['strides'])} : {ts} -> {rs}")
    if k == "reduce":
        keep = " keep_dims" if a["keep_dims"] else ""
        return f"{lhs} = tessel.reduce {a['kind']} {ins} dims = {ints(a['dims'])}{keep} : {ts} -> {rs}"
    if k == "softmax":
        extra = f" scale = {fmt_float(a['scale'])}" if a.get("scale") is not None else ""
        extra += " causal" if a.get("causal") else ""
        extra += f" window = {a['window']}" if a.get("window") else ""
        return f"{lhs} = tessel.softmax {ins} dim = {a['dim']}{extra} : {rs}"
    if k in ("layer_norm", "rms_norm"):
        x = o.operands[0].name
        parts = [x]
        for i, n in enumerate(a["optional"]):
            parts.append(f"{n}({o.operands[i + 1].name})")
        return (f"{lhs} = tessel.{k} {' '.join(parts)} normalized_rank = {a['normalized_rank']} "
                f"epsilon = {fmt_float(a['epsilon'])} : ({ts}) -> {rs}")
    if k == "conv2d":
        return (f"{lhs} = tessel.conv2d {ins} strides = {ints(a['strides'])} "
                f"padding = {ints(a['padding'])} dilations = {ints(a['dilations'])} "
                f"groups = {a['groups']} : {ts} -> {rs}")
    if k == "pool2d":
        return (f"{lhs} = tessel.pool2d {a['kind']} {ins} window = {ints(a['window'])} "
                f"strides = {ints(a['strides'])} padding = {ints(a['padding'])} : {ts} -> {rs}")
    if k == "attention":
        extra = f" scale = {fmt_float(a['scale'])}"
        extra += " causal" if a.get("causal") else ""
        extra += f" window = {a['window']}" if a.get("window") else ""
        return f"{lhs} = tessel.attention {ins}{extra} : {ts} -> {rs}"
    raise ImportError_(f"no printer for tessel.{k}")
