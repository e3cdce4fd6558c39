// tessel-set-target rejects unknown names, bad files and a missing option,
// each with a diagnostic and a non-zero exit.
// RUN: tessel-opt %s --verify-diagnostics --tessel-set-target=target=b200
// RUN: not tessel-opt %s --tessel-set-target 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not tessel-opt %s --tessel-set-target=target=%S/../Inputs/missing.json 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not tessel-opt %s --tessel-set-target=target=%s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tessel-opt %s --tessel-set-target=target=%S/../Inputs/toy_gpu_bad.json 2>&1 | FileCheck %s --check-prefix=BADFILE

// EMPTY: error: tessel-set-target needs a target: --tessel-set-target=target=NAME (or a .json file)
// NOFILE: error: target file: cannot read '{{.*}}missing.json'
// UNKNOWN: error: unknown target '{{.*}}tessel-set-target-invalid.mlir'
// BADFILE: error: {{.*}}toy_gpu_bad.json: target 'toy_gpu_bad' field 'sm_count' must be a positive number

// expected-error @+1 {{unknown target 'b200'; known targets are: h100 h200 a100 mi300x mi250x (or give the path of a .json target file)}}
module {
}
