// An existing target is kept when it matches and replaced only with override.
// RUN: tessel-opt %s --tessel-set-target=target=a100 | FileCheck %s --check-prefix=SAME
// RUN: tessel-opt %s --tessel-set-target="target=mi300x override=true" | FileCheck %s --check-prefix=OVERRIDE

// SAME: module attributes {tessel.target = #tessel.target<"a100">}
// OVERRIDE: module attributes {tessel.target = #tessel.target<"mi300x">}
module attributes {tessel.target = #tessel.target<"a100">} {
}
