// A target described by a JSON file: it parses, round-trips, and its name must
// match the file's. Paths resolve from the working directory.
// RUN: cd %S/../.. && tessel-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: cd %S/../.. && tessel-opt %s --split-input-file --verify-diagnostics | tessel-opt --split-input-file

// CHECK: module attributes {tessel.target = #tessel.target<"toy_gpu", file = "Inputs/toy_gpu.json">}
module attributes {tessel.target = #tessel.target<"toy_gpu", file = "Inputs/toy_gpu.json">} {}

// -----

// expected-error @+1 {{target file 'Inputs/toy_gpu.json' describes 'toy_gpu', not 'h100'}}
module attributes {tessel.target = #tessel.target<"h100", file = "Inputs/toy_gpu.json">} {}
