"""ATen FX graph -> Tessel graph.

Each FX node becomes a `T`: a Tessel value with the layout it is held in
(`perm`: physical dim i holds PyTorch's logical dim perm[i]), or a tensor
known at import time (`data`: a parameter, a buffer, or a constant computed
from neither the inputs nor the parameters, such as a causal mask made with
`torch.full(...).triu(1)`). Layout: convolutions and pools work on NHWC, so
their results stay NHWC (perm (0, 2, 3, 1)) through elementwise ops,
reductions and further convolutions, and go back to PyTorch's order only
where an op needs it (a reshape, a matmul, an output); a transpose that
only moves dims of size 1 is a reshape (ir.Graph.transpose).

What is recognized on the way (each a rewrite a test pins):
- BatchNorm in eval mode after a convolution folds into the convolution's
  filter and bias (new arguments, computed here); elsewhere it is a
  per-channel scale and shift.
- `x @ w.t()` (nn.Linear) and `q @ k.transpose(-2, -1)` become
  `transpose_rhs`; addmm's bias an add.
- A division or multiplication by a positive constant before a softmax
  becomes its `scale`; an added constant causal mask its `causal` (and a
  sliding window's band its `window`).
- matmul -> softmax -> matmul over [B*H, S, D] becomes `tessel.attention`
  (the scale of a pre-scaled q folded too; K/V repeated for grouped-query
  attention by expand + reshape are read with their own KV heads).
- x * rsqrt(mean(x^2) + eps) * w becomes `tessel.rms_norm`.
An ATen op with no rule is an error naming the op and the model's line."""

import math

import torch

from .capture import model_line
from .ir import Graph, ImportError_

NHWC = (0, 2, 3, 1)


def dtype_name(t):
    name = str(t).replace("torch.", "")
    if name not in ("float32", "float16", "bfloat16"):
        raise ImportError_(f"element type {name} is not one Tessel takes (f32, f16, bf16)")
    return name


def inverse(perm):
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return tuple(inv)


class T:
    """A converted value: `value` held in layout `perm`, or `data` known now."""

    def __init__(self, value=None, perm=None, data=None, source=None, origin=None):
        self.value, self.data, self.source, self.origin = value, data, source, origin
        self.perm = perm if perm and perm != tuple(range(len(perm))) else None
        self.conv = None  # (input T, weight OIHW, bias, attrs) of a foldable conv

    @property
    def known(self):
        return self.data is not None

    @property
    def shape(self):
        if self.known:
            return tuple(self.data.shape)
        if self.perm is None:
            return self.value.shape
        inv = inverse(self.perm)
        return tuple(self.value.shape[inv[d]] for d in range(len(self.perm)))


def causal_window(data, scores):
    """The causal mask `data`, added to scores of shape `scores`, is, as
    Tessel's `causal` and `window` say it: [Sq, Skv] as the scores' last two
    dims (no broadcast along them: a [1, Skv] padding mask of zeros masks
    nothing), 0 where a query i of Sq attends to a key j of Skv (Sq <= Skv),
    -inf (or below -1e30) elsewhere, the keys attended to being
    i + Skv - Sq - W < j <= i + Skv - Sq. Returns W (0: no window, every
    earlier key), or None where `data` is not such a mask."""
    if data is None or data.dim() < 2 or len(scores) < 2:
        return None
    if any(s != 1 for s in data.shape[:-2]):
        return None
    sq, skv = data.shape[-2], data.shape[-1]
    if (sq, skv) != tuple(scores[-2:]) or sq > skv:
        return None
    m = data.reshape(sq, skv).float()
    attended = m == 0
    if not bool((attended | (m <= -1e30)).all()):
        return None
    # The widest row's keys; a window as wide as the keys is none.
    window = int(attended.sum(dim=1).max())
    if window == 0:
        return None
    i = torch.arange(sq).unsqueeze(1) + (skv - sq)
    j = torch.arange(skv).unsqueeze(0)
    expected = (j <= i) & (j > i - window)
    if not bool((attended == expected).all()):
        return None
    return 0 if window >= skv else window


class Unsupported:
    """What a node that has no rule converts to: the error, raised only if
    something that is kept reads it (a composition such as the erf GELU
    is recognized at its outermost op, and its inner ops never are)."""

    def __init__(self, message):
        self.message = message


class _ReadUnsupported(Exception):
    def __init__(self, unsupported):
        super().__init__(unsupported.message)
        self.unsupported = unsupported


class Converter:
    def __init__(self, name, fault=None):
        self.g = Graph(name)
        self.fault = fault
        self.materialized = {}
        self.constants = 0

    # -- values -----------------------------------------------------------
    def val(self, t):
        """The logical (PyTorch-ordered) Tessel value of t."""
        if t.known:
            return self.materialize(t)
        if t.perm is None:
            return t.value
        return self.g.transpose(t.value, inverse(t.perm))

    def val_in(self, t, perm):
        """t held in layout perm."""
        if not t.known and (t.perm or tuple(range(len(perm)))) == tuple(perm):
            return t.value
        return self.g.transpose(self.val(t), perm)

    def materialize(self, t):
        key = id(t.data)  # the entry keeps t.data alive, so ids stay unique
        if key in self.materialized:
            return self.materialized[key][1]
        data = t.data
        dtype = dtype_name(data.dtype)
        flat = data.reshape(-1)
        if t.source is None and flat.numel() > 0 and bool((flat == flat[0]).all()) \
                and math.isfinite(float(flat[0])):
            v = self.g.constant(float(flat[0]), data.shape, dtype)
        elif t.source is not None:
            v = self.g.argument(data, t.source.name, f"{t.source.kind} {t.source.name}", dtype)
        else:
            self.constants += 1
            v = self.g.argument(data, f"const{self.constants}", t.origin or "computed at import", dtype)
        self.materialized[key] = (t.data, v)
        return v

    def argument_for(self, data, name, origin):
        return self.g.argument(data, name, origin, dtype_name(data.dtype))

    # -- the graph --------------------------------------------------------
    def run(self, gm, placeholders):
        env = {}
        nodes = list(gm.graph.nodes)
        phs = [n for n in nodes if n.op == "placeholder"]
        needed = self.needed(nodes)
        for node, ph in zip(phs, placeholders):
            if ph.kind == "input":
                env[node] = self.input(node, ph)
            else:
                env[node] = T(data=ph.tensor, source=ph)
        for node in nodes:
            if node.op == "get_attr":
                # A tensor the model's code made from Python values
                # (torch.tensor(...) in forward): a constant.
                env[node] = T(data=getattr(gm, node.target))
                continue
            if node.op != "call_function" or node not in needed:
                continue
            try:
                env[node] = self.call(node, env)
            except _ReadUnsupported as e:
                env[node] = e.unsupported
            except ImportError_ as e:
                env[node] = Unsupported(f"{node.target} ({node.name}) at {model_line(node)}: {e}")
        out = [n for n in nodes if n.op == "output"][0]
        results = out.args[0]
        results = list(results) if isinstance(results, (tuple, list)) else [results]
        for r in results:
            t = env[r]
            if isinstance(t, Unsupported):
                raise ImportError_(t.message)
            self.g.outputs.append(self.val(t))
        return self.g

    @staticmethod
    def needed(nodes):
        out = [n for n in nodes if n.op == "output"][0]
        seen, stack = set(), [out]
        while stack:
            n = stack.pop()
            for a in n.all_input_nodes:
                if a not in seen:
                    seen.add(a)
                    stack.append(a)
        return seen

    def input(self, node, ph):
        data = ph.tensor
        dtype = dtype_name(data.dtype)
        image = data.dim() == 4 and node.users and all(
            str(u.target).split(".")[1] in ("convolution", "max_pool2d_with_indices")
            and u.args[0] is node for u in node.users)
        if image:
            v = self.g.argument(data.permute(*NHWC).contiguous(), ph.name,
                                f"input {ph.name} (NCHW in PyTorch, NHWC here)", dtype)
            return T(value=v, perm=NHWC)
        return T(value=self.g.argument(data, ph.name, f"input {ph.name}", dtype))

    def call(self, node, env):
        if str(node.target) == "<built-in function getitem>":
            src, i = node.args
            if isinstance(env[src], Unsupported):
                raise _ReadUnsupported(env[src])
            t = env[src][i]
            if t is None:
                raise ImportError_(f"result {i} of {src.target} is not supported")
            return t
        op = str(node.target).split(".")[1]
        self.node, self.env = node, env
        if op == "mul":
            composed = self.mul_compositions()
            if composed is not None:
                return composed
        args = [self.lookup(a, env) for a in node.args]
        kwargs = {k: self.lookup(v, env) for k, v in node.kwargs.items()}
        if self.foldable(node, args, kwargs):
            return self.fold(node, args, kwargs)
        handler = getattr(self, "op_" + op, None)
        if handler is None:
            raise ImportError_(f"ATen op aten.{op} has no Tessel rule")
        self.node, self.env = node, env
        return handler(*args, **kwargs)

    def lookup(self, a, env):
        if isinstance(a, torch.fx.Node):
            if isinstance(env[a], Unsupported):
                raise _ReadUnsupported(env[a])
            return env[a]
        if isinstance(a, (list, tuple)):
            return type(a)(self.lookup(x, env) for x in a)
        return a

    @staticmethod
    def tensors(xs):
        for x in xs:
            if isinstance(x, T):
                yield x
            elif isinstance(x, (list, tuple)):
                yield from Converter.tensors(x)

    def foldable(self, node, args, kwargs):
        ts = list(self.tensors(list(args) + list(kwargs.values())))
        return all(t.known and t.source is None for t in ts)

    def fold(self, node, args, kwargs):
        def unwrap(x):
            if isinstance(x, T):
                return x.data
            if isinstance(x, (list, tuple)):
                return type(x)(unwrap(y) for y in x)
            return x
        out = node.target(*unwrap(args), **unwrap(kwargs))
        origin = f"computed at import by {node.target} at {model_line(node)}"
        if isinstance(out, (tuple, list)):
            return [T(data=o, origin=origin) for o in out]
        return T(data=out, origin=origin)

    def meta(self):
        """The traced result's metadata (the first result's, for several)."""
        meta = self.node.meta.get("tensor_meta")
        if isinstance(meta, (tuple, list)) and not hasattr(meta, "shape"):
            meta = meta[0]
        if meta is None:
            raise ImportError_("the trace recorded no shape for this result")
        return meta

    def out_shape(self):
        return tuple(self.meta().shape)

    def out_dtype(self):
        return dtype_name(self.meta().dtype)

    # -- identities and layout --------------------------------------------
    def identity(self, x, *args, **kwargs):
        return x

    op_clone = op_detach = op_alias = op_contiguous = op_lift_fresh_copy = identity

    def op_dropout(self, x, p=0.5, train=False):
        if train:
            raise ImportError_("dropout in training mode (capture runs eval())")
        return x

    def op__to_copy(self, x, dtype=None, **kwargs):
        if dtype is None or dtype_name(dtype) == dtype_name(x.data.dtype if x.known else x.value.dtype):
            return x
        v = self.val(x)
        return T(value=self.g.op("cast", [v], {}, v.shape, dtype_name(dtype)))

    def reshape(self, x, *args, **kwargs):
        return T(value=self.g.reshape(self.val(x), self.out_shape()))

    op_view = op__reshape_alias = op__unsafe_view = op_reshape = reshape
    op_unsqueeze = op_squeeze = op_flatten = reshape

    def op_t(self, x):
        if len(x.shape) < 2:
            return x
        return T(value=self.g.transpose(self.val(x), (1, 0)))

    def op_transpose(self, x, a, b):
        perm = list(range(len(x.shape)))
        a, b = a % len(perm), b % len(perm)
        perm[a], perm[b] = perm[b], perm[a]
        return self.permute(x, perm)

    def permute(self, x, perm):
        return T(value=self.g.transpose(self.val(x), perm))

    def op_permute(self, x, dims):
        return self.permute(x, [d % len(x.shape) for d in dims])

    def op_expand(self, x, sizes, implicit=False):
        out = self.out_shape()
        v = self.val(x)
        if tuple(v.shape) == out:
            return T(value=v)
        v = self.g.reshape(v, (1,) * (len(out) - v.rank) + tuple(v.shape))
        for d, (have, want) in enumerate(zip(v.shape, out)):
            if have == want:
                continue
            if want > 64:
                raise ImportError_(f"expand of dim {d} from 1 to {want} (at most 64 copies)")
            shape = list(v.shape)
            shape[d] = want
            v = self.g.op("concat", [v] * want, {"dim": d}, tuple(shape))
        return T(value=v)

    def narrow(self, x, dim, start, size, step=1):
        """x's `size` elements along `dim` from `start`, `step` apart (x
        itself where that is all of it)."""
        shape = list(x.shape)
        if (start, size, step) == (0, shape[dim], 1):
            return x
        offsets, strides = [0] * len(shape), [1] * len(shape)
        offsets[dim], strides[dim], shape[dim] = start, step, size
        return T(value=self.g.op("slice", [self.val(x)],
                                 {"offsets": offsets, "strides": strides}, tuple(shape)))

    def op_slice(self, x, dim=0, start=None, end=None, step=1):
        dim %= len(x.shape)
        start, end, step = slice(start, end, step).indices(x.shape[dim])
        return self.narrow(x, dim, start, len(range(start, end, step)), step)

    def op_select(self, x, dim, index):
        dim %= len(x.shape)
        row = self.narrow(x, dim, index % x.shape[dim], 1)
        return T(value=self.g.reshape(self.val(row), self.out_shape()))

    def split_sizes(self, x, sizes, dim):
        dim %= len(x.shape)
        starts = [sum(sizes[:i]) for i in range(len(sizes))]
        return [self.narrow(x, dim, start, size) for start, size in zip(starts, sizes)]

    def op_split(self, x, size, dim=0):
        total = x.shape[dim % len(x.shape)]
        sizes = [min(size, total - i) for i in range(0, total, size)]
        return self.split_sizes(x, sizes, dim)

    def op_split_with_sizes(self, x, sizes, dim=0):
        return self.split_sizes(x, sizes, dim)

    def op_cat(self, xs, dim=0):
        xs = [x for x in xs if math.prod(x.shape) > 0]
        dim %= len(xs[0].shape)
        if len(xs) == 1:
            return xs[0]
        vals = [self.val(x) for x in xs]
        return T(value=self.g.op("concat", vals, {"dim": dim}, self.out_shape()))

    # -- convolution, BatchNorm, pooling ----------------------------------
    def op_convolution(self, x, w, b, stride, padding, dilation, transposed,
                       output_padding, groups):
        if transposed:
            raise ImportError_("transposed convolution")
        if len(x.shape) != 4:
            raise ImportError_(f"a convolution over {len(x.shape) - 2} spatial dims (2 supported)")
        xv = self.val_in(x, NHWC)
        attrs = {"strides": list(stride), "padding": [padding[0], padding[0], padding[1], padding[1]],
                 "dilations": list(dilation), "groups": groups}
        if w.known:
            origin = f"{w.source.kind} {w.source.name} (OIHW in PyTorch, HWCF here)" \
                if w.source else "computed at import"
            name = w.source.name if w.source else "filter"
            wv = self.argument_for(w.data.permute(2, 3, 1, 0).contiguous(), name, origin)
        else:
            wv = self.g.transpose(self.val(w), (2, 3, 1, 0))
        out = self.out_shape()
        phys = tuple(out[p] for p in NHWC)
        y = self.g.op("conv2d", [xv, wv], attrs, phys, self.out_dtype())
        if b is not None:
            y = self.g.op("add", [y, self.val(b)], {}, phys)
        t = T(value=y, perm=NHWC)
        if w.known and w.source and (b is None or (b.known and b.source)):
            t.conv = (xv, w, b, attrs)
        return t

    def bn_terms(self, weight, bias, mean, var, eps):
        for p in (weight, bias, mean, var):
            if p is not None and not p.known:
                raise ImportError_("BatchNorm statistics that are not parameters or buffers")
        scale = torch.rsqrt(var.data.float() + eps)
        if self.fault == "bn-fold":  # deliberate miscompile for the tests
            scale = 1.0 / (var.data.float() + eps)
        if weight is not None:
            scale = scale * weight.data.float()
        shift = -mean.data.float() * scale
        if bias is not None:
            shift = shift + bias.data.float()
        names = [p.source.name for p in (weight, bias, mean, var) if p is not None]
        return scale, shift, names

    def op_native_batch_norm(self, x, weight, bias, mean, var, training, momentum, eps):
        if training:
            raise ImportError_("BatchNorm in training mode (capture runs eval())")
        return [self.batch_norm(x, weight, bias, mean, var, eps), None, None]

    def op__native_batch_norm_legit_no_training(self, x, weight, bias, mean, var, momentum, eps):
        return [self.batch_norm(x, weight, bias, mean, var, eps), None, None]

    def batch_norm(self, x, weight, bias, mean, var, eps):
        scale, shift, names = self.bn_terms(weight, bias, mean, var, eps)
        what = ", ".join(names)
        if x.conv is not None and len(self.node.args[0].users) == 1:
            xv, w, b, attrs = x.conv
            dtype = w.data.dtype
            folded = (w.data.float() * scale[:, None, None, None]).to(dtype)
            bias_f = shift if b is None else b.data.float() * scale + shift
            wv = self.argument_for(folded.permute(2, 3, 1, 0).contiguous(),
                                   f"{w.source.name}+bn",
                                   f"{w.source.name} with BatchNorm ({what}) folded in, HWCF")
            bv = self.argument_for(bias_f.to(dtype), f"{w.source.name}+bn.bias",
                                   f"BatchNorm ({what}) folded into {w.source.name}'s bias")
            y = self.g.op("conv2d", [xv, wv], attrs, x.value.shape, x.value.dtype)
            return T(value=self.g.op("add", [y, bv], {}, y.shape), perm=NHWC)
        dtype = x.value.dtype if not x.known else None
        rank = len(x.shape)
        xv = self.val_in(x, NHWC) if rank == 4 else self.val(x)
        per_channel = (1,) * (rank - 2) + (-1,) if rank == 4 else (-1,) + (1,) * (rank - 2)
        sv = self.argument_for(scale.reshape(per_channel).to(self.torch_dtype(dtype)),
                               "bn.scale", f"BatchNorm ({what}): weight / sqrt(var + eps)")
        hv = self.argument_for(shift.reshape(per_channel).to(self.torch_dtype(dtype)),
                               "bn.shift", f"BatchNorm ({what}): bias - mean * scale")
        y = self.g.op("mul", [xv, sv], {}, xv.shape)
        y = self.g.op("add", [y, hv], {}, xv.shape)
        return T(value=y, perm=NHWC if rank == 4 else None)

    @staticmethod
    def torch_dtype(name):
        return {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
                "float32": torch.float32, "float16": torch.float16,
                "bfloat16": torch.bfloat16}[name]

    def pool(self, kind, x, kernel, stride, padding, dilation=(1, 1), ceil_mode=False):
        if any(d != 1 for d in dilation):
            raise ImportError_("dilated pooling")
        if ceil_mode:
            raise ImportError_("ceil_mode pooling")
        kernel = list(kernel) * (2 // len(kernel))
        stride = list(stride or kernel) * (2 // len(stride or kernel))
        padding = list(padding) * (2 // len(padding))
        xv = self.val_in(x, NHWC)
        n, h, w, c = xv.shape
        out = (n, c, (h + 2 * padding[0] - kernel[0]) // stride[0] + 1,
               (w + 2 * padding[1] - kernel[1]) // stride[1] + 1)
        attrs = {"kind": kind, "window": kernel, "strides": stride,
                 "padding": [padding[0], padding[0], padding[1], padding[1]]}
        return T(value=self.g.op("pool2d", [xv], attrs, tuple(out[p] for p in NHWC)), perm=NHWC)

    def op_max_pool2d_with_indices(self, x, kernel, stride=(), padding=(0,), dilation=(1,),
                                   ceil_mode=False):
        return [self.pool("max", x, kernel, stride, padding, dilation, ceil_mode), None]

    def op_max_pool2d(self, x, kernel, stride=(), padding=(0,), dilation=(1,), ceil_mode=False):
        return self.pool("max", x, kernel, stride, padding, dilation, ceil_mode)

    def op_avg_pool2d(self, x, kernel, stride=(), padding=(0,), ceil_mode=False,
                      count_include_pad=True, divisor_override=None):
        if not count_include_pad or divisor_override is not None:
            raise ImportError_("avg_pool2d without count_include_pad (or with a divisor)")
        return self.pool("mean", x, kernel, stride, padding, (1, 1), ceil_mode)

    def op__adaptive_avg_pool2d(self, x, size):
        if list(size) != [1, 1]:
            raise ImportError_(f"adaptive average pooling to {list(size)} (only [1, 1])")
        return self.reduce("mean", x, [2, 3], True)

    # -- elementwise ----------------------------------------------------------
    def unary(kind):
        def handler(self, x):
            return self.unary_attrs(kind, x, {})
        return handler

    op_relu = unary("relu")
    op_silu = unary("silu")
    op_sigmoid = unary("sigmoid")
    op_tanh = unary("tanh")
    op_exp = unary("exp")
    op_neg = unary("neg")
    op_rsqrt = unary("rsqrt")

    def op_abs(self, x):
        negated = self.unary_attrs("neg", x, {})
        return self.binary("max", x, negated)

    def op_gelu(self, x, approximate="none"):
        kind = {"none": "erf", "tanh": "tanh"}[approximate]
        return self.unary_attrs("gelu", x, {"approximation": kind})

    def unary_attrs(self, kind, x, attrs):
        v = x.value if not x.known else self.val(x)
        return T(value=self.g.op(kind, [v], attrs, v.shape), perm=x.perm if not x.known else None)

    def op_hardtanh(self, x, lo=-1.0, hi=1.0):
        return self.unary_attrs("clamp", x, {"min": lo, "max": hi})

    def op_clamp(self, x, lo=None, hi=None):
        return self.unary_attrs("clamp", x, {"min": lo, "max": hi})

    def op_pow(self, x, exponent):
        if exponent == 1:
            return x
        if exponent == 2:
            return self.binary("mul", x, x)
        if exponent == 3:
            return self.binary("mul", self.binary("mul", x, x), x)
        raise ImportError_(f"pow with exponent {exponent} (1, 2 and 3 supported)")

    def binary(self, kind, a, b):
        out = self.out_shape()
        dtype = self.out_dtype()
        layouts = {t.perm for t in (a, b) if isinstance(t, T) and not t.known}
        perm = layouts.pop() if len(layouts) == 1 else None
        if perm is not None and any(isinstance(t, T) and not t.known and len(t.shape) != len(out)
                                    for t in (a, b)):
            perm = None
        vals = [self.operand(t, perm, len(out), dtype) for t in (a, b)]
        shape = tuple(out[p] for p in perm) if perm else out
        return T(value=self.g.op(kind, vals, {}, shape, dtype), perm=perm)

    def operand(self, t, perm, rank, dtype):
        """An elementwise operand in layout perm (None: PyTorch's order)."""
        if not isinstance(t, T):  # a Python scalar
            return self.g.constant(float(t), (1,), dtype)
        if perm is None:
            return self.val(t)
        if not t.known:
            return self.val_in(t, perm)
        # A parameter broadcast against a value held in perm: lifted to the
        # full rank and permuted ([C, 1, 1] against NHWC becomes [1, 1, 1, C]).
        lifted = (1,) * (rank - t.data.dim()) + tuple(t.data.shape)
        return self.g.transpose(self.g.reshape(self.val(t), lifted), perm)

    def op_add(self, a, b, alpha=1):
        if alpha != 1:
            raise ImportError_(f"add with alpha = {alpha}")
        return self.binary("add", a, b)

    def op_sub(self, a, b, alpha=1):
        if alpha != 1:
            raise ImportError_(f"sub with alpha = {alpha}")
        return self.binary("sub", a, b)

    def op_mul(self, a, b):
        return self.binary("mul", a, b)

    def mul_compositions(self):
        """Products that are one op (tried before the operands are read: an
        erf GELU's inner erf has no rule of its own)."""
        return self.rms_norm() or self.gelu_composition() or self.silu_composition()

    def op_div(self, a, b, rounding_mode=None):
        if rounding_mode is not None:
            raise ImportError_(f"div with rounding_mode = {rounding_mode}")
        return self.binary("div", a, b)

    def op_maximum(self, a, b):
        return self.binary("max", a, b)

    def op_minimum(self, a, b):
        return self.binary("min", a, b)

    # -- reductions and rows ----------------------------------------------
    def reduce(self, kind, x, dims, keep):
        rank = len(x.shape)
        dims = sorted({d % rank for d in (dims if dims else range(rank))})
        perm = x.perm
        v = x.value if not x.known and perm else self.val(x)
        phys = [perm.index(d) for d in dims] if perm else dims
        keep_shape = [1 if i in phys else s for i, s in enumerate(v.shape)]
        out = tuple(keep_shape) if keep else tuple(s for i, s in enumerate(v.shape) if i not in phys)
        y = self.g.op("reduce", [v], {"kind": kind, "dims": phys, "keep_dims": bool(keep)}, out)
        new_perm = None
        if perm and keep:
            new_perm = perm
        elif perm:
            rest = [p for p in perm if p not in dims]
            order = sorted(rest)
            new_perm = tuple(order.index(p) for p in rest)
        return T(value=y, perm=new_perm)

    def op_mean(self, x, dims=None, keep=False, dtype=None):
        return self.reduce("mean", x, dims, keep)

    def op_sum(self, x, dims=None, keep=False, dtype=None):
        return self.reduce("sum", x, dims, keep)

    def op_amax(self, x, dims=(), keep=False):
        return self.reduce("max", x, dims, keep)

    def op__softmax(self, x, dim, half_to_float=False):
        return self.softmax(dim)

    def op_softmax(self, x, dim, dtype=None):
        return self.softmax(dim)

    def softmax(self, dim):
        """Softmax, with a scale and a constant causal mask folded in."""
        src = self.node.args[0]
        scale, causal, window = None, False, 0
        rank = len(self.env[src].shape)
        dim %= rank
        if dim == rank - 1 and self.kind(src) == "add":
            a, b = src.args
            for s, m in ((a, b), (b, a)):
                mt = self.env.get(m) if self.converted(m) else None
                w = causal_window(mt.data, self.env[src].shape) \
                    if mt is not None and mt.known and mt.source is None \
                    else None
                if w is not None and isinstance(s, torch.fx.Node):
                    src, causal = s, self.fault != "drop-causal"
                    window = w if causal and self.fault != "drop-window" else 0
                    break
        if self.kind(src) in ("div", "mul") and len(src.users) == 1:
            a, c = src.args
            if isinstance(c, (int, float)) and c > 0:
                scale = 1.0 / c if self.kind(src) == "div" else float(c)
                src = a
        x = self.env[src]
        v = self.val(x)
        attrs = {"dim": dim, "scale": scale, "causal": causal, "window": window}
        return T(value=self.g.op("softmax", [v], attrs, v.shape, self.out_dtype()))

    @staticmethod
    def kind(node):
        if not isinstance(node, torch.fx.Node) or node.op != "call_function":
            return None
        parts = str(node.target).split(".")
        return parts[1] if len(parts) > 1 else None

    def op_native_layer_norm(self, x, shape, weight, bias, eps):
        v = self.val(x)
        operands, names = [v], []
        for n, p in (("scale", weight), ("bias", bias)):
            if p is not None:
                operands.append(self.val(p))
                names.append(n)
        attrs = {"optional": names, "normalized_rank": len(shape), "epsilon": eps}
        return [T(value=self.g.op("layer_norm", operands, attrs, v.shape)), None, None]

    # -- contractions -----------------------------------------------------
    def untransposed(self, v):
        """u with v = u^T over the last two dims, or None."""
        if v.defined_by("transpose") and v.rank >= 2:
            perm = list(v.op.attrs["permutation"])
            perm[-2], perm[-1] = perm[-1], perm[-2]
            return self.g.transpose(v.op.operands[0], perm)
        if v.defined_by("reshape"):
            src = v.op.operands[0]
            if src.rank >= 2 and src.shape[-2:] == v.shape[-2:]:
                u = self.untransposed(src)
                if u is not None:
                    return self.g.reshape(u, v.shape[:-2] + (v.shape[-1], v.shape[-2]))
        return None

    def contraction(self, kind, a, b, dtype):
        av, bv = self.val(a), self.val(b)
        attrs = {}
        for name, v, i in (("transpose_lhs", av, 0), ("transpose_rhs", bv, 1)):
            u = self.untransposed(v)
            if u is not None:
                attrs[name] = True
                if i == 0:
                    av = u
                else:
                    bv = u
        return self.g.op(kind, [av, bv], attrs, self.out_shape(), dtype)

    def op_mm(self, a, b):
        return T(value=self.contraction("matmul", a, b, self.out_dtype()))

    def op_addmm(self, bias, a, b, beta=1, alpha=1):
        if beta != 1 or alpha != 1:
            raise ImportError_(f"addmm with beta = {beta}, alpha = {alpha}")
        y = self.contraction("matmul", a, b, self.out_dtype())
        return T(value=self.g.op("add", [y, self.val(bias)], {}, y.shape))

    def op_bmm(self, a, b):
        att = self.attention(a, b)
        if att is not None:
            return T(value=att)
        return T(value=self.contraction("batch_matmul", a, b, self.out_dtype()))

    # -- recognized compositions ------------------------------------------
    def rms_norm(self):
        """x * rsqrt(mean(x^2, -1, keepdim) + eps) [* weight] -> rms_norm."""
        node = self.node
        for xn, rn in (node.args, node.args[::-1]):
            if not isinstance(rn, torch.fx.Node):
                continue
            if self.kind(rn) == "rsqrt" and self.kind(rn.args[0]) == "add":
                mean, eps = rn.args[0].args
                if self.kind(mean) != "mean" or not isinstance(eps, (int, float)):
                    continue
                square = mean.args[0]
                dims = list(mean.args[1]) if len(mean.args) > 1 else []
                keep = mean.args[2] if len(mean.args) > 2 else mean.kwargs.get("keepdim")
                rank = len(self.env[xn].shape) if self.converted(xn) else 0
                if dims not in ([-1], [rank - 1]) or not keep:
                    continue
                if not ((self.kind(square) == "pow" and square.args == (xn, 2)) or
                        (self.kind(square) == "mul" and square.args == (xn, xn))):
                    continue
                if not self.converted(xn):
                    continue
                v = self.val(self.env[xn])
                attrs = {"optional": [], "normalized_rank": 1, "epsilon": float(eps)}
                return T(value=self.g.op("rms_norm", [v], attrs, v.shape))
            t, w = self.env.get(xn), self.env.get(rn)
            if self.converted(xn) and self.converted(rn) and not t.known and t.perm is None \
                    and t.value.defined_by("rms_norm") and not t.value.op.attrs["optional"] \
                    and w.known and w.source is not None and tuple(w.shape) == t.shape[-1:] \
                    and len(xn.users) == 1:
                norm = t.value.op
                attrs = dict(norm.attrs, optional=["scale"])
                x = norm.operands[0]
                return T(value=self.g.op("rms_norm", [x, self.val(w)], attrs, x.shape))
        return None

    def converted(self, node):
        """Whether node has a converted value (a T, not an error)."""
        return isinstance(node, torch.fx.Node) and isinstance(self.env.get(node), T)

    def factors(self, node):
        """The factors of a product tree of mul nodes (scalars as floats;
        a division by a scalar as its reciprocal)."""
        kind = self.kind(node)
        if kind == "mul":
            return [f for a in node.args for f in self.factors(a)]
        if kind == "div" and isinstance(node.args[1], (int, float)) and node.args[1] != 0:
            return self.factors(node.args[0]) + [1.0 / node.args[1]]
        return [node]

    @staticmethod
    def split(factors):
        scalars = [f for f in factors if isinstance(f, (int, float))]
        nodes = [f for f in factors if not isinstance(f, (int, float))]
        return math.prod(scalars) if scalars else 1.0, nodes

    def one_plus(self, node):
        """T for add(1, T) or add(T, 1), else None."""
        if self.kind(node) != "add" or len(node.args) != 2:
            return None
        a, b = node.args
        if isinstance(a, (int, float)) and a == 1:
            return b
        if isinstance(b, (int, float)) and b == 1:
            return a
        return None

    def gelu_composition(self):
        """0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) (GPT-2's 'new'
        GELU) and 0.5 x (1 + erf(x / sqrt(2))) -> tessel.gelu."""
        scale, nodes = self.split(self.factors(self.node))
        if len(nodes) != 2 or not math.isclose(scale, 0.5, rel_tol=1e-6):
            return None
        for x, rest in (nodes, nodes[::-1]):
            t = self.one_plus(rest)
            if t is None or not self.converted(x):
                continue
            inner = t.args[0] if self.kind(t) in ("tanh", "erf") else None
            if inner is None:
                continue
            c, parts = self.split(self.factors(inner))
            if self.kind(t) == "erf" and parts == [x] \
                    and math.isclose(c, 1 / math.sqrt(2), rel_tol=1e-5):
                return self.unary_attrs("gelu", self.env[x], {"approximation": "erf"})
            if self.kind(t) == "tanh" and len(parts) == 1 and self.kind(parts[0]) == "add" \
                    and math.isclose(c, math.sqrt(2 / math.pi), rel_tol=1e-5):
                a, b = parts[0].args
                for lin, cubic in ((a, b), (b, a)):
                    k, cube = self.split(self.factors(cubic))
                    if lin is x and math.isclose(k, 0.044715, rel_tol=1e-5) \
                            and self.is_cube(cube, x):
                        return self.unary_attrs("gelu", self.env[x], {"approximation": "tanh"})
        return None

    def is_cube(self, nodes, x):
        if len(nodes) == 1 and self.kind(nodes[0]) == "pow":
            return nodes[0].args[0] is x and nodes[0].args[1] == 3
        flat = [f for n in nodes for f in self.factors(n)]
        return len(flat) == 3 and all(f is x for f in flat)

    def silu_composition(self):
        """x * sigmoid(x) -> tessel.silu."""
        a, b = self.node.args
        for x, s in ((a, b), (b, a)):
            if isinstance(s, torch.fx.Node) and self.kind(s) == "sigmoid" \
                    and s.args[0] is x and self.converted(x):
                return self.unary_attrs("silu", self.env[x], {})
        return None

    def heads(self, v):
        """[B*H, S, D] as [B, H, S, D]: the 4-D value it was reshaped from,
        K/V repeated for grouped-query attention read with their own heads."""
        src = v.op.operands[0] if v.defined_by("reshape") else None
        if src is not None and src.rank == 4 and src.shape[0] * src.shape[1] == v.shape[0]:
            if src.defined_by("reshape"):
                src = src.op.operands[0]
            else:
                return src
        if src is not None and src.rank == 5 and src.defined_by("concat") \
                and src.op.attrs["dim"] == 2 and src.shape[-2:] == v.shape[-2:] \
                and all(o is src.op.operands[0] for o in src.op.operands):
            b, hkv = src.shape[0], src.shape[1]
            return self.g.reshape(src.op.operands[0], (b, hkv) + tuple(src.shape[3:]))
        if src is not None and src.rank == 4 and src.shape[0] * src.shape[1] == v.shape[0]:
            return src
        return self.g.reshape(v, (1,) + tuple(v.shape))

    def attention(self, a, b):
        """P V where P = softmax(scale * Q K^T [causal]) -> tessel.attention."""
        if a.known or b.known:
            return None
        p = self.val(a)
        while p.defined_by("reshape"):
            p = p.op.operands[0]
        if not p.defined_by("softmax") or p.op.attrs["dim"] != p.rank - 1:
            return None
        scale = p.op.attrs["scale"] or 1.0
        causal, window = p.op.attrs["causal"], p.op.attrs.get("window", 0)
        s = p.op.operands[0]
        while s.defined_by("reshape"):
            s = s.op.operands[0]
        if not s.defined_by("batch_matmul") or not s.op.attrs.get("transpose_rhs") \
                or s.op.attrs.get("transpose_lhs"):
            return None
        q, k = s.op.operands
        if q.defined_by("div", "mul"):
            c = q.op.operands[1]
            if c.defined_by("constant") and c.shape == (1,) and c.op.attrs["value"] > 0:
                value = c.op.attrs["value"]
                scale *= 1.0 / value if q.op.kind == "div" else value
                q = q.op.operands[0]
        v = self.val(b)
        q4, k4, v4 = self.heads(q), self.heads(k), self.heads(v)
        if len({q4.dtype, k4.dtype, v4.dtype, self.out_dtype()}) != 1:
            return None
        if not (q4.shape[0] == k4.shape[0] == v4.shape[0] and k4.shape[1] == v4.shape[1]
                and q4.shape[1] % k4.shape[1] == 0 and k4.shape[2] == v4.shape[2]
                and q4.shape[3] == k4.shape[3]):
            return None
        out = (q4.shape[0], q4.shape[1], q4.shape[2], v4.shape[3])
        o = self.g.op("attention", [q4, k4, v4],
                      {"scale": scale, "causal": causal, "window": window}, out)
        return self.g.reshape(o, self.out_shape())
