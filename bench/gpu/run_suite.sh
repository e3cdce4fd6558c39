#!/usr/bin/env bash
# Measures Tessel on a GPU machine, in one call (see bench/gpu/prepare.sh,
# which builds <carry>). Writes into <out>:
#   checks.json       the code-generation tests only a GPU can check
#                     (wgmma + TMA, mma.sync, cp.async stages, register
#                     accumulators, split-K), one process per file
#   gemms.json        the GEMM anchors, checked and timed
#   gemms-baseline.json  the same shapes through torch.matmul (cuBLAS)
#   attention.json    the attention anchors, checked and timed
#   attention-baseline.json  the same through scaled_dot_product_attention
#   variants.json     wgmma schedules of two large GEMMs and of the GEMM
#                     anchors with few rows side by side, wgmma and
#                     mma.sync at one to 18 K steps (fill-variants.mlir),
#                     mma.sync schedules at 1 to 4 stages, split-K three ways
#                     (split-k-variants.mlir), row kernel
#                     schedules (bench/workloads/row-variants.mlir), fused
#                     attention schedules (attention-variants.mlir, and
#                     the anchors' masks varied:
#                     attention-mask-variants.mlir), and
#                     variants-baseline.json, torch.matmul on the latter
#                     (not run by default: STEPS="... variants")
#   suite.json        every workload at every schedule rank: checked against
#                     the reference and timed (tessel-run-device)
#   suite-warm.json   the suite's rank 0 timed again on one set of buffers
#                     (tessel-run-device --buffer-sets=1: inputs warm in L2
#                     and the TLBs), unchecked, to set beside suite.json's
#                     cold reads (`tessel-bench compare`): what a short
#                     kernel's first touch of memory costs it (not run by
#                     default: STEPS="... suite warm")
#   baseline.json     the same kernels as eager PyTorch (+ torch.compile, and
#                     Triton's autotuned GEMM for matmul kernels)
#   sanitize.log      the wgmma attention's checks under compute-sanitizer's
#                     racecheck and synccheck (not run by default:
#                     STEPS="checks sanitize ...")
#   demo.json         the bundled example, checked and timed
#   models.log        imported PyTorch models run whole (tessel-run-device
#                     --inputs): checked against the reference and
#                     PyTorch's CPU outputs, timed against the prediction
#   models-baseline.json  the same modules timed in PyTorch on the GPU
#                     (eager and torch.compile; model_baseline.py)
#   fusion.json       the suite's model-chosen kernels and the same ops
#                     unfused, in one process (tessel-bench fusion)
#   ncu-suite.csv     Nsight Compute's counters for every kernel of the
#                     suite's rank 0 (NCU_JOBS="<folder>:<kernel regex> ..."
#                     for others: ncu-<folder>.csv), each launched once (DRAM and L2
#                     bytes, occupancy, registers, tensor-pipe and issue
#                     utilization, stall reasons): `tessel-bench counters`
#                     sets them beside the prediction's terms
#   calibration.json  microbenchmarks for the target table (calibrate.py), last
#   run.log           everything printed, with the device and versions
#   all.json          the JSON files above in one, a key each
# Every step's header in run.log says when it started (seconds into the
# call), and the last line how long the whole call took.
# Usage: [STEPS="checks demo models gemms attention fusion suite ncu baseline calibration"] \
#        [DEADLINE_S=<seconds>] bench/gpu/run_suite.sh <carry> <out>
set -uo pipefail
STEPS=${STEPS:-"checks demo models gemms attention fusion suite ncu baseline calibration"}
# Extra tessel-run-device options for the suite (fewer repetitions for a
# large tier), and a regex of workloads to leave out (the largest GEMMs).
RUN_OPTS=${RUN_OPTS:-}
SKIP=${SKIP:-'^$'}
# The suite's baseline: eager PyTorch, plus torch.compile and Triton's
# autotuned GEMM by default (BASELINE_OPTS="" for eager alone, in seconds).
BASELINE_OPTS=${BASELINE_OPTS-"--compile --compile-budget-s=120 --triton --triton-budget-s=150"}
# How tessel-run-device times a kernel: batches of 16 launches back to
# back, as a function runs them (TIMING="" for an event before each launch,
# which adds about 1.5 us a kernel on an H200).
TIMING=${TIMING---back-to-back}
# The imported models' baseline: eager PyTorch and torch.compile by default
# (MODEL_BASELINE_OPTS="" for eager alone).
MODEL_BASELINE_OPTS=${MODEL_BASELINE_OPTS-"--compile"}
# A budget for the whole call, in seconds (DEADLINE_S=540 under a device
# call limited to 600 s): a step starts only with MIN_STEP_S left, and
# every command's timeout is cut to what is left, so that the call ends,
# with the files of every step that ran and all.json, before the device's
# limit kills it. Unset: no budget.
DEADLINE_S=${DEADLINE_S:-}
MIN_STEP_S=${MIN_STEP_S:-20}
want() { [[ " $STEPS " == *" $1 "* ]]; }
# Seconds left of the budget (a large number without one).
left() {
  if [ -z "$DEADLINE_S" ]; then echo 1000000000; else echo $((DEADLINE_S - SECONDS)); fi
}
# limit <seconds>: a command's timeout, <seconds> or what is left if that
# is less (at least 1).
limit() {
  local l
  l=$(left)
  if ((l < $1)); then echo $((l > 1 ? l : 1)); else echo "$1"; fi
}
# step <name>: whether <name> is in STEPS and has time left; a wanted step
# prints its header, or why it is skipped.
step() {
  want "$1" || return 1
  if (($(left) < MIN_STEP_S)); then
    echo "== $1 skipped: $(left) s left of DEADLINE_S=$DEADLINE_S" | tee -a "$LOG"
    return 1
  fi
  echo "== $1 (at ${SECONDS} s)" | tee -a "$LOG"
}
# spent <what>: whether under 5 s are left for one more item of a step's
# loop, saying so if they are.
spent() {
  (($(left) < 5)) || return 1
  echo "-- $1: no time left" | tee -a "$LOG"
}
CARRY=$1
OUT=$2
# (Made here: every step writes its files into it.)
mkdir -p "$OUT"
TMP=$(mktemp -d)
LOG=$OUT/run.log
export PYTHONUNBUFFERED=1
{
  date -u +%Y-%m-%dT%H:%M:%SZ
  # The device and its toolchain: NVIDIA's, or AMD's on a ROCm machine.
  if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,power.limit --format=csv,noheader
    nvcc --version | tail -1
  else
    rocm-smi --showproductname --showdriverversion
    hipcc --version | head -2
  fi
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)'
  cat "$CARRY/provenance.txt"
} >"$LOG" 2>&1

# merge_runs kernels|runs OUT IN...: tessel-run-device's JSON files in one,
# unreadable ones left out; "kernels" appends each file's kernels to the
# same folders' runs (the suite: one process per workload over the same
# rank folders), "runs" appends each file's runs (one folder per process).
merge_runs() {
python3 - "$@" <<'PY'
import json, sys
mode, out = sys.argv[1], sys.argv[2]
merged = None
for path in sys.argv[3:]:
    try:
        d = json.load(open(path))
    except Exception:
        continue
    if merged is None:
        merged = d
    elif mode == "runs":
        merged["runs"] += d["runs"]
    else:
        for run, extra in zip(merged["runs"], d["runs"]):
            run["kernels"] += extra["kernels"]
json.dump(merged or {}, open(out, "w"), indent=1)
PY
}
merge() { merge_runs kernels "$OUT/suite.json" "$TMP"/suite_*.json; }

# Does the driver launch a kernel with 64 KiB of static shared memory on
# this GPU (ptxas accepts up to 227 KiB for sm_90a)?
if [ -f "$CARRY/static64k_sm90a.cubin" ]; then
  python3 - "$CARRY/static64k_sm90a.cubin" <<'PY' 2>&1 | tee -a "$LOG"
import sys, cupy as cp
try:
    k = cp.RawModule(path=sys.argv[1]).get_function("k")
    out = cp.zeros(4, cp.uint32)
    k((1,), (32,), (out,))
    cp.cuda.Device().synchronize()
    print("static shared 64 KiB launch: ok")
except Exception as e:
    print("static shared 64 KiB launch: FAILED:", e)
PY
fi

# One process per file, the newest kernel classes first: a kernel that
# faults or hangs takes only its own file down. A file that fails is run
# again under compute-sanitizer (memcheck), which names the faulting access
# (the first such file only: the sanitizer is slow).
if [ -d "$CARRY/checks" ] && step checks; then
  for dir in $(ls -d "$CARRY"/checks/*/ | sort -r); do
    name=$(basename "$dir")
    spent "$name" && continue
    echo "-- $name" | tee -a "$LOG"
    timeout -s KILL "$(limit 60)" "$CARRY/bin/tessel-run-device" "$dir" --target-ms=20 \
      $TIMING --json="$TMP/check_$name.json" 2>&1 | tee -a "$LOG"
    rc=${PIPESTATUS[0]}
    echo "exit $rc" | tee -a "$LOG"
    if [ "$rc" != 0 ] && [ -z "${sanitized:-}" ] &&
        command -v compute-sanitizer >/dev/null; then
      sanitized=1
      echo "-- $name under compute-sanitizer" | tee -a "$LOG"
      timeout -s KILL "$(limit 90)" compute-sanitizer --tool memcheck --print-limit 20 \
        "$CARRY/bin/tessel-run-device" "$dir" --no-time 2>&1 | tail -80 | tee -a "$LOG"
    fi
  done
  merge_runs runs "$OUT/checks.json" "$TMP"/check_*.json
fi

# The kernels that synchronize on mbarriers and named barriers rather than
# block barriers (the wgmma attention's, tessel-warpgroup-pipeline) under
# compute-sanitizer's racecheck (shared-memory hazards) and synccheck
# (barrier misuse), into sanitize.log: slow, so not run by default
# (STEPS="checks sanitize ...").
if [ -d "$CARRY/checks" ] && command -v compute-sanitizer >/dev/null &&
    step sanitize; then
  for dir in "$CARRY"/checks/*attention-wgmma*/; do
    [ -d "$dir" ] || continue
    for tool in racecheck synccheck; do
      echo "-- $(basename "$dir") under compute-sanitizer --tool $tool" |
        tee -a "$LOG" "$OUT/sanitize.log"
      timeout -s KILL "$(limit 240)" compute-sanitizer --tool "$tool" --print-limit 20 \
        "$CARRY/bin/tessel-run-device" "$dir" --no-time 2>&1 | tail -40 |
        tee -a "$LOG" "$OUT/sanitize.log"
    done
  done
fi

step demo && timeout "$(limit 120)" "$CARRY/bin/tessel-run-device" "$CARRY/demo" --json="$OUT/demo.json" 2>&1 | tee -a "$LOG"

# Anchors: Tessel's kernels of one folder checked and timed, then the same
# graphs through PyTorch (baseline.py), in the same run: <step> <seconds>.
anchors() {
  [ -d "$CARRY/$1" ] && step "$1" || return 0
  # shellcheck disable=SC2086 # no option or one
  timeout "$(limit "$2")" "$CARRY/bin/tessel-run-device" "$CARRY/$1" --target-ms=50 \
    $TIMING --json="$OUT/$1.json" 2>&1 | tee -a "$LOG"
  timeout "$(limit "$2")" python3 bench/gpu/baseline.py "$CARRY/$1" \
    --out "$OUT/$1-baseline.json" 2>&1 | tee -a "$LOG"
}
# The GEMM anchors against torch.matmul (cuBLAS); the attention anchors
# against scaled_dot_product_attention (its FlashAttention backend).
anchors gemms 240
anchors attention 180

# Imported models, each function run whole on its own weights.
if [ -d "$CARRY/models" ] && step models; then
  for dir in "$CARRY"/models/*/; do
    name=$(basename "$dir")
    spent "model $name" && continue
    echo "== model $name" | tee -a "$LOG" "$OUT/models.log"
    timeout "$(limit 300)" "$CARRY/bin/tessel-run-device" "$dir/kernels" \
      --inputs="$dir/data/inputs" --expected="$dir/data/expected" \
      --save-outputs="$OUT/models/$name" 2>&1 | tee -a "$LOG" "$OUT/models.log"
  done
  # The same modules through PyTorch on the same GPU.
  # shellcheck disable=SC2086 # no options or some
  timeout "$(limit 300)" python3 bench/gpu/model_baseline.py "$CARRY/models" $MODEL_BASELINE_OPTS \
    --out "$OUT/models-baseline.json" 2>&1 | tee -a "$LOG" "$OUT/models.log"
fi

# wgmma schedules side by side (bench/workloads/wgmma-variants.mlir,
# wgmma-small-m.mlir, raster-variants.mlir and cluster-variants.mlir),
# wgmma and mma.sync at one to 18 K steps (fill-variants.mlir), a cast
# before a matmul fused on wgmma or mma.sync and as two kernels
# (prologue-variants.mlir),
# mma.sync schedules at 1 to 4 stages
# (mma-stage-variants.mlir), f32 SIMT GEMM schedules (simt-variants.mlir),
# split-K unsplit, with a sum kernel and with the sum in the partial kernel
# (split-k-variants.mlir), row
# kernel schedules (row-variants.mlir) and fused
# attention schedules (attention-variants.mlir, and on sm_90a
# attention-wgmma-variants.mlir and the anchors' masks varied,
# attention-mask-variants.mlir), then torch.matmul on the small-m shapes.
# One process per folder (a failed launch ends a process's run), merged
# into variants.json after each: what ran comes back if the call is
# stopped.
if { [ -d "$CARRY/variants" ] || [ -d "$CARRY/variants-rows" ]; } &&
    step variants; then
  n=0
  for d in variants variants-small-m variants-raster variants-cluster \
    variants-fill variants-prologue variants-mma-stages variants-simt \
    variants-split-k \
    variants-rows variants-attention variants-attention-wgmma \
    variants-attention-mask; do
    [ -d "$CARRY/$d" ] || continue
    spent "$d" && continue
    echo "-- $d" | tee -a "$LOG"
    n=$((n + 1))
    # shellcheck disable=SC2086 # no option or one
    timeout "$(limit 120)" "$CARRY/bin/tessel-run-device" "$CARRY/$d" --target-ms=50 \
      $TIMING --json="$TMP/variants_$(printf %02d $n).json" 2>&1 | tee -a "$LOG"
    echo "exit ${PIPESTATUS[0]}" | tee -a "$LOG"
    merge_runs runs "$OUT/variants.json" "$TMP"/variants_*.json
  done
  [ -d "$CARRY/variants-small-m" ] && ! spent "variants-small-m baseline" &&
    timeout "$(limit 120)" python3 bench/gpu/baseline.py "$CARRY/variants-small-m" \
      --out "$OUT/variants-baseline.json" 2>&1 | tee -a "$LOG"
fi

names=""
# One process per workload, over every rank: a kernel that faults takes only
# its own workload down, and the reference is computed once per workload.
ranks=$(ls -d "$CARRY"/suite/rank*/ | sort -V)
step fusion && timeout "$(limit 240)" "$CARRY/bin/tessel-run-device" "$CARRY/suite/rank0" "$CARRY/suite/unfused" --target-ms=50 $TIMING --json="$OUT/fusion.json" 2>&1 | tee -a "$LOG"
step suite && names=$(python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))["reference_graphs"]))' "$CARRY/suite/rank0/manifest.json")
i=0
for name in $(echo "$names" | grep -Ev "$SKIP"); do
  i=$((i + 1))
  spent "$name" && continue
  echo "-- $name" | tee -a "$LOG"
  timeout "$(limit 100)" "$CARRY/bin/tessel-run-device" $ranks --only="$name" \
    --target-ms=50 $TIMING $RUN_OPTS --json="$TMP/suite_$i.json" 2>&1 | tee -a "$LOG"
  echo "exit ${PIPESTATUS[0]}" | tee -a "$LOG"
  # Merged after every workload: what ran comes back even if the call is
  # stopped at its time limit.
  merge
done

# The suite's rank 0 again on one set of buffers, warm in L2 (as far as it
# fits) and the TLBs: its tensor-core GEMMs under 20 us measured 2.7-3.9 us
# over their predictions on the H200 (suite-2026-12-04a.json), its
# DRAM-bound elementwise and row kernels none; beside suite.json this tells
# a cold first touch of memory from the kernels' own latency chains.
if [ -d "$CARRY/suite/rank0" ] && step warm; then
  timeout "$(limit 240)" "$CARRY/bin/tessel-run-device" "$CARRY/suite/rank0" --no-check \
    --buffer-sets=1 --target-ms=50 $TIMING $RUN_OPTS \
    --json="$OUT/suite-warm.json" 2>&1 | tee -a "$LOG"
fi

# Counters: each kernel of rank 0 launched once under Nsight Compute, the
# sections the prediction's terms correspond to, raw, one CSV row per
# kernel; clocks as found (--clock-control none: never change the card's
# settings). In three parts by the kernel's first letter, each its own ncu
# process: ncu writes its rows when it ends, and a part stopped at its
# limit loses only its own. The explicit metrics are asked for too; if this
# ncu does not know one of them, the sections alone.
if command -v ncu >/dev/null && step ncu; then
  ncu_run() { # <folder> <kernel regex> <csv> [ncu options]
    local folder=$1 regex=$2 csv=$3
    shift 3
    timeout -s KILL "$(limit "${NCU_TIMEOUT:-120}")" ncu --csv --page raw \
      --print-units base --clock-control none --cache-control all \
      --section SpeedOfLight --section MemoryWorkloadAnalysis \
      --section Occupancy --section LaunchStats --section SchedulerStats \
      --section WarpStateStats --section ComputeWorkloadAnalysis \
      --kernel-name "regex:$regex" --log-file "$csv" "$@" \
      "$CARRY/bin/tessel-run-device" "$CARRY/$folder" --no-check \
      --no-time >"$TMP/ncu.err" 2>&1
  }
  metrics=(--metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active)
  # <folder>:<kernel regex> pairs; ncu-<folder's last name>.csv each.
  for job in ${NCU_JOBS:-suite/rank0:^[a-g] suite/rank0:^[h-o] suite/rank0:^[p-z]}; do
    spent "ncu $job" && continue
    folder=${job%%:*}
    part=${job#*:}
    csv="$TMP/ncu_$RANDOM.csv"
    ncu_run "$folder" "$part" "$csv" "${metrics[@]}"
    rc=$?
    # Not stopped at its limit, yet no kernel's row: a metric it does not
    # know; the sections alone from here on.
    if [ "$rc" != 0 ] && [ "$rc" != 137 ] && ! grep -q '^"[0-9]' "$csv" 2>/dev/null; then
      tail -5 "$TMP/ncu.err" | tee -a "$LOG"
      echo "ncu: again with the sections alone" | tee -a "$LOG"
      metrics=()
      ncu_run "$folder" "$part" "$csv"
      rc=$?
    fi
    name=$(basename "$folder")
    [ "$name" = rank0 ] && name=suite
    cat "$csv" >>"$OUT/ncu-$name.csv" 2>/dev/null
    echo "ncu $folder $part: exit $rc, $(grep -c '^"[0-9]' "$csv" 2>/dev/null) kernel(s)" | tee -a "$LOG"
    tail -2 "$TMP/ncu.err" >>"$LOG"
  done
fi

step baseline && timeout "$(limit 420)" python3 bench/gpu/baseline.py "$CARRY/suite/rank0" $BASELINE_OPTS --out "$OUT/baseline.json" 2>&1 | tee -a "$LOG"

# Last: seconds, and the target table's entry for this GPU already has a run.
step calibration && timeout "$(limit 240)" python3 bench/gpu/calibrate.py --out "$OUT/calibration.json" 2>&1 | tee -a "$LOG"
# Everything in one file too (all.json: one key per part that ran).
python3 - "$OUT" <<'PY'
import json, os, sys
out = sys.argv[1]
parts = {}
for part in ("calibration", "checks", "demo", "gemms", "gemms-baseline", "attention", "attention-baseline", "variants", "variants-baseline", "fusion", "suite", "suite-warm", "baseline"):
    path = os.path.join(out, part + ".json")
    if os.path.exists(path):
        try:
            parts[part] = json.load(open(path))
        except ValueError:
            parts[part] = {"error": "unreadable " + part + ".json"}
json.dump(parts, open(os.path.join(out, "all.json"), "w"))
PY
echo "== done $(date -u +%H:%M:%S), ${SECONDS} s" | tee -a "$LOG"

