#!/usr/bin/env python3
"""Microbenchmarks that calibrate a GPU's entry in Tessel's target table.

Runs on a GPU machine (PyTorch and CuPy, no Tessel build needed) and writes
one JSON file: the device and its software, then per microbenchmark what was
measured, how (sizes, repetitions) and the median with its spread. Every
figure the target table takes from a measurement cites the file this writes
(bench/data/<gpu>/calibration-*.json).

  python3 bench/gpu/calibrate.py --out calibration.json

What it measures:
  copy         device-to-device copy bandwidth by bytes moved (read + write),
               with rotating buffers so that every repetition misses in L2:
               the size-dependent achievable HBM curve
  l2_read      read bandwidth of a buffer that stays in L2
  simt_fma     f32 FMA throughput (independent chains, every SM busy)
  sfu_exp2     ex2.approx throughput per SM per clock
  tensor_mm    bf16/f16 matrix products through cuBLAS (torch.matmul)
  mma_sync     mma.sync.m16n8k16 bf16 throughput (independent chains in
               registers, every SM busy): the peak Tessel's tensor-core K
               steps (mma = mma_sync) can reach, which on Hopper is below
               the datasheet's (wgmma's)
  launch       back-to-back launches of an empty kernel, and in a CUDA graph
  latency      dependent loads (pointer chase): DRAM and L2 hit latency
"""

import argparse
import datetime
import json
import platform
import statistics
import subprocess
import sys
import time

import cupy as cp
import numpy as np
import torch

MiB = 1024 * 1024


def quantiles(samples):
    s = sorted(samples)
    q = lambda f: s[min(len(s) - 1, int(f * (len(s) - 1) + 0.5))]
    return {"median": statistics.median(s), "p10": q(0.1), "p90": q(0.9),
            "min": s[0], "n": len(s)}


def time_cupy(fn, reps, warmup=3):
    """Event-timed repetitions of fn(i) on CuPy's current stream, in ms."""
    for i in range(warmup):
        fn(i)
    cp.cuda.Device().synchronize()
    out = []
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    for i in range(reps):
        start.record()
        fn(i)
        stop.record()
        stop.synchronize()
        out.append(cp.cuda.get_elapsed_time(start, stop))
    return out


def device_info():
    props = cp.cuda.runtime.getDeviceProperties(0)
    info = {
        "name": props["name"].decode(),
        "multiprocessors": props["multiProcessorCount"],
        "l2_bytes": props["l2CacheSize"],
        "shared_per_block_optin": props.get("sharedMemPerBlockOptin"),
        "compute_capability": f"{props['major']}.{props['minor']}",
        "driver_version": cp.cuda.runtime.driverGetVersion(),
        "runtime_version": cp.cuda.runtime.runtimeGetVersion(),
        "torch": torch.__version__,
        "cupy": cp.__version__,
        "python": platform.python_version(),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
    }
    try:
        q = subprocess.run(
            ["nvidia-smi", "--query-gpu=name,driver_version,clocks.max.sm,"
             "clocks.max.mem,clocks.sm,power.limit,temperature.gpu",
             "--format=csv,noheader"], capture_output=True, text=True,
            timeout=30)
        info["nvidia_smi"] = q.stdout.strip()
    except Exception as e:  # noqa: BLE001 - recorded, not fatal
        info["nvidia_smi"] = f"unavailable: {e}"
    return info


def bench_copy(l2_bytes):
    """Copy bandwidth by total bytes moved; each repetition uses a buffer
    pair not touched for at least 3x L2 bytes, so it reads from HBM."""
    rows = []
    for total_mib in [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096]:
        half = total_mib * MiB // 2
        sets = max(1, min(64, -(-3 * l2_bytes // (2 * half)) + 1))
        pool = [(cp.empty(half // 4, cp.float32), cp.empty(half // 4, cp.float32))
                for _ in range(sets)]
        for s, _ in pool:
            s.fill(1.0)
        reps = 30 if total_mib <= 1024 else 10
        # Several copies back to back between the two events, so that the
        # host's launch time is hidden behind the GPU's work (one copy of a
        # few MiB is shorter than a Python launch); each is an elementwise
        # copy kernel, SMs issuing the loads and stores as in a Tessel kernel
        # (not the copy engine).
        batch = max(1, min(64, 512 // total_mib))

        def run(i):
            for j in range(batch):
                src, dst = pool[(i * batch + j) % sets]
                cp.copyto(dst, src)

        ms = [m / batch for m in time_cupy(run, reps)]
        q = quantiles(ms)
        rows.append({"bytes": total_mib * MiB, "buffer_sets": sets,
                     "copies_per_timing": batch, "ms_per_copy": q,
                     "tbps": total_mib * MiB / (q["median"] * 1e-3) / 1e12})
        del pool
        cp.get_default_memory_pool().free_all_blocks()
    return rows


L2_READ = r"""
extern "C" __global__ void l2_read(const float4 *__restrict__ p, long n4,
                                   int passes, float *sink) {
  float acc = 0.f;
  long stride = (long)gridDim.x * blockDim.x;
  for (int r = 0; r < passes; ++r)
    for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n4;
         i += stride) {
      float4 v = __ldcg(p + i);
      acc += v.x + v.y + v.z + v.w;
    }
  if (acc == 12345.678f) sink[0] = acc;
}
"""


def bench_l2(sms):
    k = cp.RawKernel(L2_READ, "l2_read")
    sink = cp.zeros(1, cp.float32)
    rows = []
    for mib in [4, 8, 16, 24]:
        buf = cp.ones(mib * MiB // 4, cp.float32)
        n4 = buf.size // 4
        passes = 64
        grid = sms * 8
        ms = time_cupy(lambda i: k((grid,), (256,), (buf, np.int64(n4),
                                                     np.int32(passes), sink)),
                       15)
        q = quantiles(ms)
        rows.append({"buffer_bytes": mib * MiB, "passes": passes, "ms": q,
                     "tbps": mib * MiB * passes / (q["median"] * 1e-3) / 1e12})
    return rows


SIMT_FMA = r"""
extern "C" __global__ void fma_loop(float *out, int iters, float a, float b) {
  float x0 = threadIdx.x, x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3;
  float x4 = x0 + 4, x5 = x0 + 5, x6 = x0 + 6, x7 = x0 + 7;
#pragma unroll 16
  for (int i = 0; i < iters; ++i) {
    x0 = fmaf(x0, a, b); x1 = fmaf(x1, a, b); x2 = fmaf(x2, a, b);
    x3 = fmaf(x3, a, b); x4 = fmaf(x4, a, b); x5 = fmaf(x5, a, b);
    x6 = fmaf(x6, a, b); x7 = fmaf(x7, a, b);
  }
  float s = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
  if (s == 1.2345f) out[0] = s;
}
extern "C" __global__ void ex2_loop(float *out, int iters) {
  float x0 = threadIdx.x * 1e-3f, x1 = x0 + .1f, x2 = x0 + .2f, x3 = x0 + .3f;
  for (int i = 0; i < iters; ++i) {
    asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(x0));
    asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(x1));
    asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(x2));
    asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(x3));
  }
  float s = x0 + x1 + x2 + x3;
  if (s == 1.2345f) out[0] = s;
}
extern "C" __global__ void empty_kernel() {}
extern "C" __global__ void one_store(float *out) {
  out[blockIdx.x * (long)blockDim.x + threadIdx.x] = 1.0f;
}
"""


def bench_simt(sms, clock_ghz):
    mod = cp.RawModule(code=SIMT_FMA)
    fma, ex2 = mod.get_function("fma_loop"), mod.get_function("ex2_loop")
    out = cp.zeros(1, cp.float32)
    threads, blocks, iters = 256, sms * 8, 4096
    ms = time_cupy(lambda i: fma((blocks,), (threads,),
                                 (out, np.int32(iters), np.float32(0.999),
                                  np.float32(0.001))), 15)
    q = quantiles(ms)
    flops = 2.0 * 8 * iters * threads * blocks
    res = {"fma": {"ms": q, "tflops": flops / (q["median"] * 1e-3) / 1e12,
                   "blocks": blocks, "threads": threads, "iters": iters}}
    ms = time_cupy(lambda i: ex2((blocks,), (threads,),
                                 (out, np.int32(iters))), 15)
    q = quantiles(ms)
    ops = 4.0 * iters * threads * blocks
    per_s = ops / (q["median"] * 1e-3)
    res["ex2"] = {"ms": q, "ops_per_s": per_s,
                  "per_sm_per_clock_at_max_clock":
                      per_s / sms / (clock_ghz * 1e9)}
    return res, mod


def bench_blocks(mod, sms, clock_ghz):
    """What a block costs an SM besides its work: one launch of many blocks
    that each store one word per thread, timed with events; the time over
    the blocks each SM runs, in SM clocks."""
    k = mod.get_function("one_store")
    rows = []
    for threads in [32, 64, 128, 256, 1024]:
        blocks = sms * 4096
        out = cp.empty(blocks * threads, cp.float32)
        ms = time_cupy(lambda i: k((blocks,), (threads,), (out,)), 9)
        q = quantiles(ms)
        per_sm = blocks / sms
        rows.append({"threads": threads, "blocks": blocks, "ms": q,
                     "cycles_per_block_per_sm":
                         q["median"] * 1e-3 * clock_ghz * 1e9 / per_sm,
                     "bytes_per_s": blocks * threads * 4 /
                         (q["median"] * 1e-3)})
        del out
    return rows


def bench_launch(mod):
    empty = mod.get_function("empty_kernel")
    n = 2000
    ms = time_cupy(lambda i: [empty((1,), (32,), ()) for _ in range(n)], 7)
    res = {"stream": {"launches": n, "ms": quantiles(ms),
                      "us_per_launch": statistics.median(ms) * 1e3 / n}}
    # The same launches captured in a CUDA graph (PyTorch's capture).
    g = torch.cuda.CUDAGraph()
    x = torch.zeros(1, device="cuda")
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        for _ in range(3):
            x.add_(1)
    torch.cuda.synchronize()
    with torch.cuda.graph(g):
        for _ in range(n):
            x.add_(1)
    times = []
    for r in range(7):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(
            enable_timing=True)
        a.record()
        g.replay()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b))
    res["graph"] = {"launches": n, "kernel": "torch add_ on one element",
                    "ms": quantiles(times),
                    "us_per_kernel": statistics.median(times) * 1e3 / n}
    return res


CHASE = r"""
extern "C" __global__ void chase(const long long *next, long long start,
                                 int steps, long long *out,
                                 long long *cycles) {
  long long j = start;
  long long t0 = clock64();
  for (int i = 0; i < steps; ++i) j = next[j];
  long long t1 = clock64();
  out[0] = j;
  cycles[0] = t1 - t0;
}
"""


def bench_latency():
    k = cp.RawKernel(CHASE, "chase")
    rows = []
    rng = np.random.default_rng(7)
    for mib, label in [(1 / 64, "l1_hit"), (2, "l2_hit"), (1024, "dram")]:
        # A random cycle over cache lines 256 B apart: no locality to exploit.
        n = int(mib * MiB) // 8
        line = 32  # 32 x 8 B = 256 B between consecutive slots
        slots = n // line
        perm = rng.permutation(slots)
        nxt = np.zeros(n, np.int64)
        nxt[perm * line] = np.roll(perm, -1) * line
        d = cp.asarray(nxt)
        out, cyc = cp.zeros(1, cp.int64), cp.zeros(1, cp.int64)
        steps = 20000
        # Each repetition starts where no earlier one went: a path already
        # walked would be in L2 (steps x 256 B is a few MiB).
        def run(i):
            start = int(perm[((i + 1) * steps * 3) % slots]) * line
            k((1,), (1,), (d, np.int64(start), np.int32(steps), out, cyc))
        ms = time_cupy(run, 5, warmup=1)
        q = quantiles(ms)
        rows.append({"kind": label, "buffer_bytes": int(mib * MiB),
                     "steps": steps,
                     "ns_per_load": q["median"] * 1e6 / steps,
                     "cycles_per_load": int(cyc.get()[0]) / steps})
        del d
    return rows


MMA_SYNC = r"""
extern "C" __global__ void mma_loop(float *out, int iters) {
  // Four independent accumulators per warp, A and B in registers: only
  // the tensor cores' issue rate limits the loop.
  unsigned a0 = threadIdx.x, a1 = a0 + 1, a2 = a0 + 2, a3 = a0 + 3;
  unsigned b0 = a0 * 3, b1 = b0 + 1;
  float c[4][4] = {};
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int j = 0; j < 4; ++j)
      asm volatile(
          "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
          "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
          "{%0, %1, %2, %3};"
          : "+f"(c[j][0]), "+f"(c[j][1]), "+f"(c[j][2]), "+f"(c[j][3])
          : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  }
  float s = 0;
  for (int j = 0; j < 4; ++j)
    s += c[j][0] + c[j][1] + c[j][2] + c[j][3];
  if (s == 1.2345f) out[0] = s;
}
"""


def bench_mma_sync(sms, clock_ghz):
    """mma.sync.m16n8k16 (bf16 in, f32 accumulate) issued back to back by
    4 to 16 warps per SM: 4096 flops each."""
    k = cp.RawModule(code=MMA_SYNC, options=("-arch=sm_80",)).get_function(
        "mma_loop")
    out = cp.zeros(1, cp.float32)
    rows = []
    iters = 4096
    for warps in [4, 8, 16]:
        threads, blocks = 32 * warps, sms
        ms = time_cupy(lambda i: k((blocks,), (threads,),
                                   (out, np.int32(iters))), 9)
        q = quantiles(ms)
        flops = 4096.0 * 4 * iters * warps * blocks
        tflops = flops / (q["median"] * 1e-3) / 1e12
        rows.append({"warps_per_sm": warps, "iters": iters, "ms": q,
                     "tflops": tflops,
                     "mma_per_sm_per_clock":
                         flops / 4096 / (q["median"] * 1e-3) / sms /
                         (clock_ghz * 1e9)})
    return rows


def bench_tensor():
    rows = []
    for dtype in [torch.bfloat16, torch.float16]:
        for n in [4096, 8192]:
            a = torch.randn(n, n, device="cuda", dtype=dtype)
            b = torch.randn(n, n, device="cuda", dtype=dtype)
            for _ in range(3):
                torch.matmul(a, b)
            torch.cuda.synchronize()
            times = []
            for _ in range(20):
                e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(
                    enable_timing=True)
                e0.record()
                torch.matmul(a, b)
                e1.record()
                e1.synchronize()
                times.append(e0.elapsed_time(e1))
            q = quantiles(times)
            rows.append({"dtype": str(dtype).replace("torch.", ""),
                         "m": n, "n": n, "k": n, "ms": q,
                         "tflops": 2.0 * n ** 3 / (q["median"] * 1e-3) / 1e12})
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--clock-ghz", type=float, default=1.98,
                    help="the SM clock the per-clock figures divide by")
    args = ap.parse_args()
    result = {"device": device_info(), "tool": "bench/gpu/calibrate.py"}
    sms = result["device"]["multiprocessors"]
    l2 = result["device"]["l2_bytes"]
    steps = [("copy", lambda: bench_copy(l2)), ("l2_read", lambda: bench_l2(sms)),
             ("tensor_mm", bench_tensor),
             ("mma_sync", lambda: bench_mma_sync(sms, args.clock_ghz)),
             ("latency", bench_latency)]
    mod = None
    for name, fn in steps:
        t0 = time.time()
        try:
            result[name] = fn()
        except Exception as e:  # noqa: BLE001 - a failed benchmark is recorded
            result[name] = {"error": repr(e)}
        print(f"{name}: {time.time() - t0:.1f} s", file=sys.stderr, flush=True)
    try:
        result["simt"], mod = bench_simt(sms, args.clock_ghz)
        result["launch"] = bench_launch(mod)
        result["blocks"] = bench_blocks(mod, sms, args.clock_ghz)
    except Exception as e:  # noqa: BLE001
        result["simt_or_launch_error"] = repr(e)
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)
    # The short table a person reads first.
    d = result["device"]
    print(f"{d['name']}  SMs {sms}  L2 {l2 / MiB:.0f} MiB  driver "
          f"{d['driver_version']}  ({d['nvidia_smi']})")
    for r in result.get("copy", []) if isinstance(result.get("copy"), list) else []:
        print(f"copy {r['bytes'] / MiB:7.0f} MiB moved  {r['tbps']:.3f} TB/s "
              f"({r['ms_per_copy']['median'] * 1e3:.1f} us)")
    for key in ["l2_read", "tensor_mm", "mma_sync", "latency"]:
        print(key, json.dumps(result.get(key))[:600])
    print("simt", json.dumps(result.get("simt"))[:400])
    print("launch", json.dumps(result.get("launch"))[:400])
    for r in result.get("blocks", []):
        print(f"blocks of {r['threads']:4} threads: "
              f"{r['cycles_per_block_per_sm']:.0f} cycles per block per SM, "
              f"{r['bytes_per_s'] / 1e12:.2f} TB/s stored")


if __name__ == "__main__":
    main()
