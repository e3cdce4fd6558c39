"""tessel-import: PyTorch modules in, Tessel functions out, checked against
PyTorch.

    from tessel_import import import_module
    imported = import_module(model, (x,))
    imported.save("model.mlir")          # + model.data/ (arguments, manifest)
    imported.check("model.mlir")         # PyTorch vs tessel-run --cpu

The function's arguments are the model's inputs (images NHWC) and then
every weight the converted graph reads, each saved as
`<data>/inputs/input<i>.npy` in the order `tessel-run --inputs` reads them;
`<data>/manifest.json` names the PyTorch parameter (or the fold) each came
from. See docs/UserGuide.md, "You have a PyTorch model"."""

import json
import os
import subprocess
import time

import numpy as np
import torch

from .capture import capture
from .convert import Converter
from .ir import ImportError_

__all__ = ["import_module", "Imported", "ImportError_", "save_npy", "load_npy"]

# The largest error an output may have against PyTorch, relative to its
# largest magnitude: f32 kernels differ from PyTorch's only in summation
# order (ResNet-50 measures 2e-6); bf16 rounds every intermediate to 8 bits.
RTOL = {torch.float32: 1e-4, torch.float16: 3e-2, torch.bfloat16: 3e-2}

TORCH_DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}


def save_npy(path, tensor):
    """f32 '<f4', f16 '<f2', bf16 '<u2' holding the bf16 bits (NumPy has no
    bf16; the convention tessel-run reads, runtime/Npy.h)."""
    t = tensor.detach().contiguous().cpu()
    if t.dtype == torch.bfloat16:
        array = t.view(torch.int16).numpy().view("<u2")
    else:
        array = t.numpy()
    np.save(path, array)


def load_npy(path, dtype):
    array = np.load(path)
    if dtype == torch.bfloat16:
        return torch.from_numpy(array.view("<i2").copy()).view(torch.bfloat16)
    return torch.from_numpy(array)


def data_dir(mlir_path):
    base = mlir_path[:-5] if mlir_path.endswith(".mlir") else mlir_path
    return base + ".data"


class Imported:
    """A converted module: its MLIR text, arguments and PyTorch's outputs."""

    def __init__(self, text, args, outputs, module, inputs, seconds):
        self.text, self.args, self.outputs = text, args, outputs
        self.module, self.inputs, self.import_seconds = module, inputs, seconds

    def save(self, mlir_path):
        data = data_dir(mlir_path)
        os.makedirs(os.path.join(data, "inputs"), exist_ok=True)
        with open(mlir_path, "w") as f:
            f.write(self.text)
        manifest = {"module": os.path.basename(mlir_path), "arguments": [], "results": []}
        for i, a in enumerate(self.args):
            save_npy(os.path.join(data, "inputs", f"input{i}.npy"), a.data)
            manifest["arguments"].append({
                "index": i, "name": a.name, "from": a.origin,
                "shape": list(a.data.shape), "dtype": a.value.dtype,
                "file": f"inputs/input{i}.npy"})
        for i, v in enumerate(self.outputs):
            manifest["results"].append({"index": i, "shape": list(v.shape), "dtype": v.dtype})
        with open(os.path.join(data, "manifest.json"), "w") as f:
            json.dump(manifest, f, indent=1)
        return data

    def reference(self):
        """PyTorch's own outputs for the same weights and inputs (CPU)."""
        with torch.no_grad():
            out = self.module(*self.inputs)
        return list(out) if isinstance(out, (tuple, list)) else [out]

    def check(self, mlir_path, tessel_run="tessel-run", extra=(), log=print, rtol=None):
        """Runs PyTorch and `tessel-run --cpu` on the saved arguments and
        compares. Passes when tessel-run's own comparison passes (each element
        within the reference's worst-case rounding bound) and every output's
        largest error is at most `rtol` times its largest PyTorch magnitude
        (RTOL: 1e-4 for f32, 3e-2 for f16/bf16). The worst-case bounds of a
        50-layer network grow loose enough to let a wrong BatchNorm fold
        through; the relative rule does not. Returns (passed, errors)."""
        data = data_dir(mlir_path)
        expected = os.path.join(data, "expected")
        got = os.path.join(data, "outputs")
        os.makedirs(expected, exist_ok=True)
        refs = self.reference()
        for i, r in enumerate(refs):
            save_npy(os.path.join(expected, f"output{i}.npy"), r)
        cmd = [tessel_run, mlir_path, "--cpu", f"--inputs={os.path.join(data, 'inputs')}",
               f"--expected={expected}", f"--save-outputs={got}", *extra]
        log("$ " + " ".join(cmd))
        start = time.time()
        run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        seconds = time.time() - start
        log(run.stdout.rstrip())
        errors = []
        for i, r in enumerate(refs):
            path = os.path.join(got, f"output{i}.npy")
            if not os.path.exists(path):
                break
            t = load_npy(path, r.dtype).float().reshape(r.shape)
            diff = (t - r.float()).abs()
            rel = (diff.max() / r.float().abs().max().clamp_min(1e-30)).item()
            errors.append((diff.max().item(), rel))
            limit = rtol if rtol is not None else RTOL[r.dtype]
            verdict = "ok" if rel <= limit else "MISMATCH"
            log(f"output {i} {list(r.shape)}: max abs err {errors[-1][0]:.3e}, "
                f"max err / max |PyTorch| {rel:.3e} (at most {limit:g}) {verdict}")
        log(f"tessel-run --cpu took {seconds:.1f} s")
        within = len(errors) == len(refs) and all(
            e[1] <= (rtol if rtol is not None else RTOL[r.dtype]) for e, r in zip(errors, refs))
        return run.returncode == 0 and within, errors


def import_module(module, inputs, name="forward", target=None, dtype=None, fault=None):
    """Captures module(*inputs) and converts it; dtype ('f32', 'f16', 'bf16')
    casts the module and its floating inputs first."""
    start = time.time()
    if not isinstance(inputs, (tuple, list)):
        inputs = (inputs,)
    if dtype is not None:
        module = module.to(TORCH_DTYPES[dtype])
        inputs = tuple(x.to(TORCH_DTYPES[dtype]) if x.is_floating_point() else x for x in inputs)
    gm, placeholders = capture(module, inputs)
    graph = Converter(name, fault=fault).run(gm, placeholders)
    text, args = graph.print(target)
    return Imported(text, args, graph.outputs, module, tuple(inputs), time.time() - start)
