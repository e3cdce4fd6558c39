"""Capture a torch.nn.Module as an ATen FX graph.

The module runs once under `make_fx` (on fake tensors: shapes, no
arithmetic), and the ATen graph that gives runs again functionalized (so in-place ATen ops such as `relu_` arrive as their
functional forms), with its parameters and
buffers passed as the graph's leading placeholders, so each keeps its
PyTorch name. Capture runs in eval mode with autograd on and the parameters
requiring grad: that keeps PyTorch 1.13 off the fused inference fast paths
(`_native_multi_head_attention`, `_transformer_encoder_layer_fwd`) that no
importer can see into. On PyTorch >= 2.1 `torch.export` is the successor;
this module needs only what 1.13 has."""

import os
import traceback

import torch
from torch.fx.experimental import proxy_tensor

from .ir import ImportError_

try:  # PyTorch 1.13 ships functionalize in functorch; 2.x in torch.func.
    from torch.func import functionalize, functional_call
except ImportError:  # pragma: no cover - depends on the installed torch
    from functorch import functionalize
    from torch.nn.utils.stateless import functional_call


class Placeholder:
    """One graph input: 'parameter', 'buffer' or 'input', with its tensor."""

    def __init__(self, kind, name, tensor):
        self.kind, self.name, self.tensor = kind, name, tensor


_replaying = [None]  # the first trace's node the second trace is replaying


class _RecordingTracer(proxy_tensor.PythonKeyTracer):
    """Records each node's Python stack (the first trace) or copies the
    stack of the node being replayed (the second)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.record_stack_traces = _replaying[0] is None

    def create_node(self, *args, **kwargs):
        node = super().create_node(*args, **kwargs)
        if _replaying[0] is not None:
            node.stack_trace = _replaying[0].stack_trace
        return node


class _Replay(torch.fx.Interpreter):
    def run_node(self, n):
        _replaying[0] = n
        return super().run_node(n)


def model_line(node):
    """The innermost line of model code (not PyTorch's) that made `node`."""
    trace = getattr(node, "stack_trace", None) or ""
    lines = trace.splitlines()
    for i, line in enumerate(lines):
        line = line.strip()
        if not line.startswith("File "):
            continue
        path = line.split('"')[1]
        if os.sep + "torch" + os.sep in path or os.sep + "functorch" + os.sep in path:
            continue
        if os.sep + "tessel_import" + os.sep in path:
            continue
        code = lines[i + 1].strip() if i + 1 < len(lines) else ""
        where = line.split(", in ")[0].replace("File ", "")
        return f"{where}: {code}"
    return "an unknown line"


def capture(module, inputs):
    """Returns (fx.GraphModule, [Placeholder]) for module(*inputs)."""
    module = module.eval()
    params = list(module.named_parameters())
    buffers = list(module.named_buffers())
    names = [n for n, _ in params] + [n for n, _ in buffers]
    count = len(names)

    def forward(*args):
        state = dict(zip(names, args[:count]))
        return functional_call(module, state, tuple(args[count:]))

    placeholders = [Placeholder("parameter", n, t.detach()) for n, t in params]
    placeholders += [Placeholder("buffer", n, t.detach()) for n, t in buffers]
    placeholders += [Placeholder("input", f"input{i}", t) for i, t in enumerate(inputs)]
    tensors = [p.detach().requires_grad_(p.is_floating_point()) for _, p in params]
    tensors += [b for _, b in buffers] + list(inputs)
    # Fake tensors first (shapes only: ViT-B/16 traces in a second where
    # real ones run the model twice, 28 s on this CPU); real ones where the
    # model's Python looks at values (data-dependent control flow).
    try:
        return _trace(forward, tensors, "fake"), placeholders
    except Exception:  # noqa: BLE001 - e.g. an op with no fake kernel
        pass
    try:
        return _trace(forward, tensors, "real"), placeholders
    except RuntimeError as e:
        if "value out of a tracing tensor" not in str(e):
            raise
        raise ImportError_(
            f"{_user_line(e.__traceback__)} reads a tensor's value (Python "
            "control flow on data), which tracing cannot follow: make the "
            "branch a tensor op (torch.where) or take it outside the "
            "module") from None


def _user_line(tb):
    """The innermost frame of model code (not PyTorch's) in a traceback."""
    where = "the model"
    for frame in traceback.extract_tb(tb):
        path = frame.filename
        if any(os.sep + part + os.sep in path
               for part in ("torch", "functorch", "tessel_import")):
            continue
        where = f'"{path}", line {frame.lineno}: {(frame.line or "").strip()}'
    return where


def _trace(forward, tensors, mode):
    """Two traces: the module's code with autograd on (off the fast paths),
    then that ATen graph again, functionalized (in-place ops replaced)."""
    saved = proxy_tensor.PythonKeyTracer
    proxy_tensor.PythonKeyTracer = _RecordingTracer
    try:
        with torch.enable_grad():
            first = proxy_tensor.make_fx(forward, tracing_mode=mode)(*tensors)
        plain = [t.detach() for t in tensors]
        _replaying[0] = next(iter(first.graph.nodes))
        replay = functionalize(lambda *a: _Replay(first).run(*a))
        return proxy_tensor.make_fx(replay, tracing_mode=mode)(*plain)
    finally:
        proxy_tensor.PythonKeyTracer = saved
        _replaying[0] = None
