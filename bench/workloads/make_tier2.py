#!/usr/bin/env python3
"""Writes bench/workloads/tier2.mlir: tier 2 of Tessel's workload suite,
hundreds of operator instances from real models, each function named after
its source. Generated rather than written so that the shape lists below are
the one place to read and change; `make_tier2.py --check` fails when the
committed file differs from what this script writes (test/bench).

Sources of the shapes:
- LLaMA projections: the (K, N) pairs of ../shared/FACTS.md (LLaMA-style
  GEMMs) at M = 1, 4, 16, 64, 128, 512, 2048, 8192 tokens, bf16.
- BERT-base and GPT-2 small (hidden 768, 12 heads of 64, FFN 3072): the
  four projections at 128, 512 and 1024 tokens x batch 1 and 8, f16, and
  their softmax, LayerNorm and bias + GELU.
- ResNet-50 (He et al. 2016, table 1): every distinct convolution of the
  four stages (1x1 reduce, 3x3, 1x1 expand; stride 2 where a stage starts),
  NHWC, batch 1, 8 and 32, bf16, with bias + ReLU.
- ViT-B/16 (Dosovitskiy et al. 2021): 197 tokens, attention and MLP.
- Norms over LLaMA hidden sizes (RMSNorm) at 2048 tokens; LLaMA-7B
  attention softmax at long contexts; the MLP's SiLU.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tier2.mlir")

LLAMA_KN = [(4096, 12288), (4096, 4096), (4096, 22016), (11008, 4096),
            (8192, 1280), (1024, 8192), (8192, 7168), (3584, 8192),
            (16384, 2304), (2048, 16384), (16384, 13312), (6656, 16384)]
LLAMA_M = [1, 4, 16, 64, 128, 512, 2048, 8192]

# (name, H=W of the input, C in, F out, kernel, stride) per ResNet-50 stage.
RESNET = [
    ("conv2_reduce", 56, 256, 64, 1, 1), ("conv2_3x3", 56, 64, 64, 3, 1),
    ("conv2_expand", 56, 64, 256, 1, 1),
    ("conv3_reduce", 56, 256, 128, 1, 1), ("conv3_3x3_s2", 56, 128, 128, 3, 2),
    ("conv3_3x3", 28, 128, 128, 3, 1), ("conv3_expand", 28, 128, 512, 1, 1),
    ("conv4_reduce", 28, 512, 256, 1, 1), ("conv4_3x3_s2", 28, 256, 256, 3, 2),
    ("conv4_3x3", 14, 256, 256, 3, 1), ("conv4_expand", 14, 256, 1024, 1, 1),
    ("conv5_reduce", 14, 1024, 512, 1, 1), ("conv5_3x3_s2", 14, 512, 512, 3, 2),
    ("conv5_3x3", 7, 512, 512, 3, 1), ("conv5_expand", 7, 512, 2048, 1, 1),
]


def t(shape, dtype):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + dtype + ">"


def matmul(name, m, k, n, dtype, epilogue=None, note=""):
    a, b, c = t([m, k], dtype), t([k, n], dtype), t([m, n], dtype)
    args = [f"%x: {a}", f"%w: {b}"]
    body = [f"  %0 = tessel.matmul %x, %w : {a}, {b} -> {c}"]
    last = "%0"
    if epilogue in ("bias", "bias_gelu"):
        args.append(f"%b: {t([n], dtype)}")
        body.append(f"  %1 = tessel.add %0, %b : {c}, {t([n], dtype)} -> {c}")
        last = "%1"
    if epilogue == "bias_gelu":
        body.append(f"  %2 = tessel.gelu erf %1 : {c}")
        last = "%2"
    return (f"// {note}\nfunc.func @{name}({', '.join(args)}) -> {c} {{\n" +
            "\n".join(body) + f"\n  return {last} : {c}\n}}\n")


def conv(name, n, hw, cin, f, k, s, note):
    pad = k // 2
    out = (hw + 2 * pad - k) // s + 1
    x, w, y = t([n, hw, hw, cin], "bf16"), t([k, k, cin, f], "bf16"), \
        t([n, out, out, f], "bf16")
    b = t([f], "bf16")
    return (f"// {note}\nfunc.func @{name}(%x: {x}, %w: {w}, %b: {b}) -> {y} {{\n"
            f"  %0 = tessel.conv2d %x, %w strides = [{s}, {s}] padding = "
            f"[{pad}, {pad}, {pad}, {pad}] dilations = [1, 1] groups = 1 : "
            f"{x}, {w} -> {y}\n"
            f"  %1 = tessel.add %0, %b : {y}, {b} -> {y}\n"
            f"  %2 = tessel.relu %1 : {y}\n  return %2 : {y}\n}}\n")


def unary_fn(name, body_op, shape, dtype, note, extra=""):
    ty = t(shape, dtype)
    return (f"// {note}\nfunc.func @{name}(%x: {ty}{extra}) -> {ty} {{\n"
            f"  %0 = {body_op} : {ty}\n  return %0 : {ty}\n}}\n")


def norm(name, kind, rows, cols, dtype, note):
    x, g = t([rows, cols], dtype), t([cols], dtype)
    if kind == "layer_norm":
        return (f"// {note}\nfunc.func @{name}(%x: {x}, %g: {g}, %b: {g}) -> {x} {{\n"
                f"  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 "
                f"epsilon = 1.0e-05 : ({x}, {g}, {g}) -> {x}\n  return %0 : {x}\n}}\n")
    return (f"// {note}\nfunc.func @{name}(%x: {x}, %g: {g}) -> {x} {{\n"
            f"  %0 = tessel.rms_norm %x scale(%g) normalized_rank = 1 "
            f"epsilon = 1.0e-06 : ({x}, {g}) -> {x}\n  return %0 : {x}\n}}\n")


def attention(name, b, h, s, d, dtype, note):
    q = t([b, h, s, d], dtype)
    return (f"// {note}\nfunc.func @{name}(%q: {q}, %k: {q}, %v: {q}) -> {q} {{\n"
            f"  %0 = tessel.attention %q, %k, %v scale = 0.125 : {q}, {q}, {q} -> {q}\n"
            f"  return %0 : {q}\n}}\n")


def generate():
    out = ["// Tier 2 of Tessel's workload suite, written by make_tier2.py "
           "(do not edit:\n// change the script and run it). Sources in the "
           "script's docstring.\n"]
    for k, n in LLAMA_KN:
        for m in LLAMA_M:
            out.append(matmul(f"llama_gemm_m{m}_k{k}_n{n}", m, k, n, "bf16",
                              note=f"LLaMA projection K={k} N={n}, {m} tokens"))
    for tokens in (128, 512, 1024):
        for batch in (1, 8):
            m = tokens * batch
            tag = f"s{tokens}_b{batch}"
            src = f"BERT-base / GPT-2 small, {batch} x {tokens} tokens"
            out.append(matmul(f"bert_qkv_{tag}", m, 768, 2304, "f16", "bias",
                              f"{src}: fused QKV projection + bias"))
            out.append(matmul(f"bert_out_{tag}", m, 768, 768, "f16", "bias",
                              f"{src}: attention output projection + bias"))
            out.append(matmul(f"bert_ffn1_{tag}", m, 768, 3072, "f16",
                              "bias_gelu", f"{src}: FFN in + bias + GELU"))
            out.append(matmul(f"bert_ffn2_{tag}", m, 3072, 768, "f16", "bias",
                              f"{src}: FFN out + bias"))
            out.append(norm(f"bert_layernorm_{tag}", "layer_norm", m, 768,
                            "f16", f"{src}: LayerNorm"))
            out.append(unary_fn(
                f"bert_softmax_{tag}", f"tessel.softmax %x dim = 3",
                [batch, 12, tokens, tokens], "f16",
                f"{src}: attention softmax over {tokens} keys"))
    for name, hw, cin, f, k, s in RESNET:
        for batch in (1, 8, 32):
            out.append(conv(f"resnet50_{name}_b{batch}", batch, hw, cin, f, k,
                            s, f"ResNet-50 {name}, {hw}x{hw}x{cin} -> {f}, "
                               f"{k}x{k} stride {s}, batch {batch}"))
    for batch in (1, 8):
        m = 197 * batch
        out.append(matmul(f"vit_b16_qkv_b{batch}", m, 768, 2304, "f16", "bias",
                          f"ViT-B/16, batch {batch}: QKV + bias"))
        out.append(matmul(f"vit_b16_mlp1_b{batch}", m, 768, 3072, "f16",
                          "bias_gelu", f"ViT-B/16, batch {batch}: MLP in"))
        out.append(matmul(f"vit_b16_mlp2_b{batch}", m, 3072, 768, "f16", "bias",
                          f"ViT-B/16, batch {batch}: MLP out"))
        out.append(attention(f"vit_b16_attention_b{batch}", batch, 12, 197, 64,
                             "f16", f"ViT-B/16, batch {batch}: attention"))
    for s in (128, 512):
        out.append(attention(f"bert_attention_s{s}", 1, 12, s, 64, "f16",
                             f"BERT-base attention, {s} tokens"))
    for hidden in (2048, 4096, 5120, 8192):
        for dtype in ("bf16", "f32"):
            out.append(norm(f"llama_rmsnorm_h{hidden}_{dtype}", "rms_norm",
                            2048, hidden, dtype,
                            f"LLaMA RMSNorm, 2048 tokens x {hidden}"))
    for keys in (2048, 4096):
        for dtype in ("bf16", "f32"):
            out.append(unary_fn(
                f"llama_softmax_k{keys}_{dtype}", "tessel.softmax %x dim = 2",
                [32, 256, keys], dtype,
                f"LLaMA-7B attention softmax, 32 heads x 256 queries x "
                f"{keys} keys"))
    for n in (11008, 13824, 22016):
        out.append(unary_fn(f"llama_silu_n{n}", "tessel.silu %x", [2048, n],
                            "bf16", f"LLaMA MLP SiLU, 2048 tokens x {n}"))
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true",
                    help="fail if the committed tier2.mlir is out of date")
    args = ap.parse_args()
    text = generate()
    if args.check:
        if open(OUT).read() != text:
            sys.exit("tier2.mlir is out of date: run make_tier2.py")
        print(f"tier2.mlir is up to date ({text.count('func.func')} workloads)")
        return
    with open(OUT, "w") as f:
        f.write(text)
    print(f"wrote {OUT}: {text.count('func.func')} workloads")


if __name__ == "__main__":
    main()
