#!/usr/bin/env python3
"""PyTorch's time for the imported models bench/gpu/prepare_models.sh
carries, on the same GPU as Tessel's whole-function runs (run_suite.sh's
`models` step), so the two compare in one run.

  python3 bench/gpu/model_baseline.py <carry>/models --out models-baseline.json

Each folder is <zoo factory>-<dtype> (llama_block_small-bf16): the module
is built again from tools/tessel-import/tessel_import/zoo.py (only shapes
matter for timing), cast, moved to the GPU and run in eval mode under
torch.inference_mode(), eager and, with --compile, through torch.compile;
the median of CUDA-event-timed forwards after a warm-up.
"""

import argparse
import json
import os
import statistics
import sys

try:
    import torch
except ImportError as e:  # a machine without PyTorch: say so, do not trace back
    sys.exit(f"model_baseline.py: error: PyTorch is not importable here ({e})")

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "tessel-import"))

DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}


def time_forward(fn, x, reps=50, warmup=10):
    """Median microseconds of fn(x), each timed with CUDA events."""
    for _ in range(warmup):
        fn(x)
    samples = []
    for _ in range(reps):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record()
        fn(x)
        stop.record()
        stop.synchronize()
        samples.append(start.elapsed_time(stop) * 1e3)
    return statistics.median(samples)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("models", help="the carried models/ folder")
    p.add_argument("--out", required=True, help="JSON file to write")
    p.add_argument("--compile", action="store_true", help="also torch.compile")
    args = p.parse_args()
    from tessel_import import zoo

    results = []
    for name in sorted(os.listdir(args.models)):
        factory, _, dtype = name.rpartition("-")
        entry = {"model": name}
        try:
            torch.manual_seed(0)
            module, x = getattr(zoo, factory)()
            module = module.eval().to("cuda", DTYPES[dtype])
            x = x.to("cuda", DTYPES[dtype])
            with torch.inference_mode():
                entry["eager_us"] = time_forward(module, x)
                if args.compile:
                    compiled = torch.compile(module)
                    entry["compile_us"] = time_forward(compiled, x)
        except Exception as e:  # noqa: BLE001 - report and go on
            entry["error"] = f"{type(e).__name__}: {e}"
        print(json.dumps(entry), flush=True)
        results.append(entry)
    with open(args.out, "w") as f:
        json.dump({"device": torch.cuda.get_device_name() if torch.cuda.is_available()
                   else None, "torch": torch.__version__, "models": results}, f, indent=1)


if __name__ == "__main__":
    main()
