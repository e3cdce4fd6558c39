#!/usr/bin/env python3
"""Vendor baseline for Tessel's workloads: the same tessel.kernels run as
eager PyTorch ops (cuBLAS, cuDNN and PyTorch's own CUDA kernels), timed on
the same GPU. The ops come from the reference graphs tessel-compile writes
into manifest.json, so every workload of the suite gets its baseline with
no second description to keep in step.

  python3 bench/gpu/baseline.py out/rank0 --out baseline.json [--compile] [--triton]

--compile adds torch.compile (Inductor, which generates Triton kernels) for
the kernels with no contraction, under a time budget. --triton adds, for
kernels whose contraction is a matmul or batch_matmul, torch.compile in
max-autotune mode restricted to Inductor's Triton GEMM templates (the
epilogue fused into them): Triton's GEMM for the same kernel, autotuned,
under its own time budget ("triton_us").

A split-KV attention kernel also returns its workspace (the slices'
partial results and log-sum-exps, `attention_partial`, and the arrival
counter it zeroes): the vendor's attention keeps none of it, so the
baseline computes and returns the kernel's other results alone.

  python3 bench/gpu/baseline.py out/rank0 --dry-run

prints, for each kernel, the ops the baseline runs and the results it
returns (and the workspace it leaves out), with no GPU or PyTorch.
"""

import argparse
import json
import math
import sys
import time

try:
    import torch
    import torch.nn.functional as F
except ImportError:  # --dry-run needs neither PyTorch nor a GPU
    torch = F = None


def dtypes():
    return {"f32": torch.float32, "f16": torch.float16,
            "bf16": torch.bfloat16}


# The op kinds build() computes with PyTorch.
SUPPORTED = {"matmul", "batch_matmul", "conv2d", "im2col", "neg", "exp",
             "tanh", "sigmoid", "relu", "rsqrt", "silu", "gelu", "cast",
             "add", "sub", "mul", "div", "max", "min", "reduce", "softmax",
             "layer_norm", "rms_norm", "attention", "clamp", "slice",
             "concat", "pool2d", "constant", "transpose", "reshape"}


def vendor_work(graph):
    """The graph's outputs a vendor library computes, the outputs left out
    as the kernel's workspace, and the ops the kept outputs need (by
    index into graph["ops"]; value i >= len(inputs) is op i - len(inputs)'s
    result)."""
    ops, n = graph["ops"], len(graph["inputs"])
    split = any(op["kind"] == "attention_partial" for op in ops)

    def workspace(value):
        if value < n:
            return False
        kind = ops[value - n]["kind"]
        return kind == "attention_partial" or (split and kind == "constant")

    kept = [v for v in graph["outputs"] if not workspace(v)]
    left = [v for v in graph["outputs"] if workspace(v)]
    needed, stack = set(), list(kept)
    while stack:
        v = stack.pop()
        if v >= n and v - n not in needed:
            needed.add(v - n)
            stack.extend(i for i in ops[v - n]["operands"] if i >= 0)
    return kept, left, sorted(needed)


def build(graph):
    """A function of the graph's inputs computing its outputs with torch."""
    masks = {}  # a sliding window's attention masks, by shape
    DTYPES = dtypes()
    kept, _, needed = vendor_work(graph)
    n = len(graph["inputs"])

    def run(*inputs):
        values = {i: x for i, x in enumerate(inputs)}
        for index in needed:
            op = graph["ops"][index]
            k = op["kind"]
            ints, floats = op.get("ints", {}), op.get("floats", {})
            strings = op.get("strings", {})
            dtype = DTYPES[op["result"]["dtype"]]
            shape = op["result"]["shape"]
            args = [values[i] if i >= 0 else None for i in op["operands"]]
            flag = lambda name: bool(ints.get(name, [0])[0])
            if k in ("matmul", "batch_matmul"):
                a, b = args
                if flag("transpose_lhs"):
                    a = a.transpose(-1, -2)
                if flag("transpose_rhs"):
                    b = b.transpose(-1, -2)
                r = torch.matmul(a, b)
            elif k == "conv2d":
                x, w = args  # NHWC input, HWCF filter
                s, pad = ints["strides"], ints["padding"]
                if pad[0] != pad[1] or pad[2] != pad[3]:
                    x = F.pad(x, (0, 0, pad[2], pad[3], pad[0], pad[1]))
                    pad = [0, 0, 0, 0]
                r = F.conv2d(x.permute(0, 3, 1, 2), w, stride=s,
                             padding=(pad[0], pad[2]),
                             dilation=ints["dilations"],
                             groups=ints["groups"][0]).permute(0, 2, 3, 1)
            elif k == "im2col":
                # NHWC input -> [N, OH, OW, KH, KW, C] patches, zero
                # padded: each window dimension unfolded over the padded
                # input (its dilation as a step within the span), then
                # materialized, as the kernel writes it.
                x = args[0]
                s, pad = ints["strides"], ints["padding"]
                d, win = ints["dilations"], ints["window"]
                x = F.pad(x, (0, 0, pad[2], pad[3], pad[0], pad[1]))
                x = x.unfold(1, (win[0] - 1) * d[0] + 1, s[0])[..., ::d[0]]
                x = x.unfold(2, (win[1] - 1) * d[1] + 1, s[1])[..., ::d[1]]
                r = x[:, :shape[1], :shape[2]].permute(0, 1, 2, 4, 5, 3)
            elif k == "neg":
                r = -args[0]
            elif k in ("exp", "tanh", "sigmoid", "relu", "rsqrt"):
                r = getattr(torch, k)(args[0])
            elif k == "silu":
                r = F.silu(args[0])
            elif k == "gelu":
                r = F.gelu(args[0], approximate="tanh" if strings.get(
                    "approximation") == "tanh" else "none")
            elif k == "cast":
                r = args[0].to(dtype)
            elif k in ("add", "sub", "mul", "div", "max", "min"):
                fn = {"add": torch.add, "sub": torch.sub, "mul": torch.mul,
                      "div": torch.div, "max": torch.maximum,
                      "min": torch.minimum}[k]
                r = fn(args[0], args[1])
            elif k == "reduce":
                dims, kind = ints["dims"], strings["kind"]
                x = args[0]
                if kind == "sum":
                    r = x.sum(dims) if dims else x
                elif kind == "mean":
                    r = x.mean(dims) if dims else x
                elif kind == "max":
                    r = x.amax(dims) if dims else x
                else:
                    r = x.amin(dims) if dims else x
            elif k == "softmax":
                r = torch.softmax(args[0], ints["dim"][0])
            elif k in ("layer_norm", "rms_norm"):
                x = args[0]
                rank = ints["normalized_rank"][0]
                eps = floats["epsilon"]
                scale = args[1] if len(args) > 1 else None
                if k == "layer_norm":
                    bias = args[2] if len(args) > 2 else None
                    r = F.layer_norm(x, x.shape[-rank:], scale, bias, eps)
                else:
                    r = F.rms_norm(x, x.shape[-rank:], scale, eps)
            elif k == "attention":
                q, kk, v = args[:3]
                window = ints.get("window", [0])[0]
                if window:
                    # SDPA takes no sliding window: a boolean mask of the
                    # keys each query attends to (its memory-efficient or
                    # cuDNN backend then, not FlashAttention's), made once.
                    sq, skv = q.shape[2], kk.shape[2]
                    key = (sq, skv, window)
                    if key not in masks:
                        last = torch.arange(sq, device=q.device)[:, None] + (
                            skv - sq)
                        j = torch.arange(skv, device=q.device)[None, :]
                        masks[key] = (j <= last) & (j > last - window)
                    r = F.scaled_dot_product_attention(
                        q, kk, v, attn_mask=masks[key],
                        scale=floats.get("scale"),
                        enable_gqa=q.shape[1] != kk.shape[1])
                else:
                    r = F.scaled_dot_product_attention(
                        q, kk, v, scale=floats.get("scale"),
                        is_causal=flag("causal"),
                        enable_gqa=q.shape[1] != kk.shape[1])
            elif k == "clamp":
                r = torch.clamp(args[0], min=floats.get("min"),
                                max=floats.get("max"))
            elif k == "slice":
                r = args[0][tuple(
                    slice(o, o + st * (m - 1) + 1, st) for o, st, m in zip(
                        ints["offsets"], ints["strides"], shape))]
            elif k == "concat":
                r = torch.cat(args, ints["dim"][0])
            elif k == "pool2d":
                # NHWC; max skips the padding, mean counts it as zeros.
                s, pad, win = ints["strides"], ints["padding"], ints["window"]
                fill = -math.inf if strings["kind"] == "max" else 0.0
                x = F.pad(args[0].permute(0, 3, 1, 2),
                          (pad[2], pad[3], pad[0], pad[1]), value=fill)
                pool = F.max_pool2d if strings["kind"] == "max" else \
                    F.avg_pool2d
                r = pool(x, win, stride=s).permute(0, 2, 3, 1)
            elif k == "constant":
                r = torch.full(shape, floats["value"], dtype=torch.float32,
                               device="cuda")
            elif k == "transpose":
                r = args[0].permute(*ints["permutation"])
            elif k == "reshape":
                r = args[0].reshape(shape)
            else:
                raise ValueError(f"no torch equivalent for '{k}'")
            values[n + index] = r.to(dtype).reshape(shape)
        return [values[i].contiguous() for i in kept]

    return run


def make_inputs(graph):
    """Random inputs; a conv2d filter is laid out for cuDNN (OIHW in the
    channels-last memory format) ahead of time, as a framework stores
    weights."""
    inputs = []
    filters = {op["operands"][1] for op in graph["ops"]
               if op["kind"] == "conv2d"}
    for i, t in enumerate(graph["inputs"]):
        x = torch.empty(t["shape"], dtype=dtypes()[t["dtype"]],
                        device="cuda").uniform_(-1, 1)
        if i in filters:  # HWCF -> OIHW, channels-last strides
            x = x.permute(3, 2, 0, 1).contiguous(
                memory_format=torch.channels_last)
        inputs.append(x)
    return inputs


def bench(fn, inputs):
    from triton.testing import do_bench
    fn(*inputs)
    torch.cuda.synchronize()
    # do_bench clears L2 between repetitions and returns milliseconds.
    ms = do_bench(lambda: fn(*inputs), warmup=25, rep=100,
                  return_mode="median")
    return ms * 1e3


def triton_gemm(graph, inputs):
    """The kernel through Inductor's Triton GEMM templates only (no cuBLAS
    among the autotuning choices), autotuned; compiled at the first call,
    inside the patch."""
    import torch._inductor.config as inductor_config
    torch._dynamo.reset()
    with inductor_config.patch(max_autotune=True,
                               max_autotune_gemm_backends="TRITON"):
        compiled = torch.compile(build(graph), dynamic=False,
                                 mode="max-autotune-no-cudagraphs")
        return bench(compiled, inputs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("manifest_dir")
    ap.add_argument("--out")
    ap.add_argument("--dry-run", action="store_true",
                    help="print what the baseline computes for each kernel "
                         "and exit (no GPU, no PyTorch)")
    ap.add_argument("--compile", action="store_true",
                    help="also time torch.compile for kernels with no "
                         "contraction")
    ap.add_argument("--compile-budget-s", type=float, default=240)
    ap.add_argument("--triton", action="store_true",
                    help="also time Triton's autotuned GEMM for kernels "
                         "whose contraction is a matmul or batch_matmul")
    ap.add_argument("--triton-budget-s", type=float, default=240)
    args = ap.parse_args()
    manifest = json.load(open(f"{args.manifest_dir}/manifest.json"))
    graphs = manifest.get("reference_graphs", {})
    if args.dry_run:
        for name, graph in graphs.items():
            kept, left, needed = vendor_work(graph)
            kinds = " ".join(graph["ops"][i]["kind"] for i in needed)
            line = f"{name}: {kinds} -> {kept}"
            missing = sorted({graph["ops"][i]["kind"] for i in needed} -
                             SUPPORTED)
            if missing:
                line += "; no torch equivalent: " + ", ".join(missing)
            if left:
                n = len(graph["inputs"])
                line += "; workspace left out: " + ", ".join(
                    f"{v} ({graph['ops'][v - n]['kind']})" for v in left)
            print(line)
        return 0
    if torch is None:
        ap.error("PyTorch is not importable here (--dry-run needs neither "
                 "it nor a GPU)")
    if not args.out:
        ap.error("--out is required")
    rows = []
    start = time.time()
    triton_spent = 0.0
    for name, graph in graphs.items():
        row = {"name": name}
        try:
            inputs = make_inputs(graph)
            row["eager_us"] = bench(build(graph), inputs)
            contraction = any(op["kind"] in ("matmul", "batch_matmul",
                                             "conv2d", "attention")
                              for op in graph["ops"])
            if args.compile and not contraction and \
                    time.time() - start < args.compile_budget_s:
                compiled = torch.compile(build(graph), dynamic=False)
                row["compiled_us"] = bench(compiled, inputs)
            gemm = any(op["kind"] in ("matmul", "batch_matmul")
                       for op in graph["ops"]) and not any(
                op["kind"] in ("conv2d", "attention") for op in graph["ops"])
            if args.triton and gemm and triton_spent < args.triton_budget_s:
                began = time.time()
                try:
                    row["triton_us"] = triton_gemm(graph, inputs)
                finally:
                    triton_spent += time.time() - began
        except Exception as e:  # noqa: BLE001 - recorded per kernel
            row["error"] = repr(e)[:300]
        rows.append(row)
        print(f"  {name:44} eager {row.get('eager_us', math.nan):10.2f} us"
              f"  compiled {row.get('compiled_us', math.nan):10.2f} us"
              f"  triton {row.get('triton_us', math.nan):10.2f} us"
              f"  {row.get('error', '')}", flush=True)
        torch.cuda.empty_cache()
    json.dump({"tool": "bench/gpu/baseline.py", "torch": torch.__version__,
               "device": torch.cuda.get_device_name(),
               "manifest": args.manifest_dir, "kernels": rows},
              open(args.out, "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
