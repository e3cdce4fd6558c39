// A module that already names another GPU keeps it unless override=true.
// RUN: tessel-opt %s --verify-diagnostics --tessel-set-target=target=h100

// expected-error @+1 {{module already targets #tessel.target<"a100">; pass override=true to replace it with #tessel.target<"h100">}}
module attributes {tessel.target = #tessel.target<"a100">} {
}
