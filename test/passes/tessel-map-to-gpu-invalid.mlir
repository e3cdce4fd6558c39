// tessel-map-to-gpu needs bufferized, tiled kernels.
// RUN: tessel-opt %s --split-input-file --tessel-map-to-gpu --verify-diagnostics

// expected-error @+1 {{'func.func' op must be bufferized before tessel-map-to-gpu}}
func.func private @k(%x: tensor<4xf32>) -> tensor<4xf32> attributes {tessel.kernel} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op kernel @k has no scf.forall mapped to GPU blocks (run tessel-tile-and-fuse first)}}
func.func private @k(%x: memref<4xf32>) attributes {tessel.kernel} {
  return
}

// -----

func.func private @k(%x: memref<4xf32>) attributes {tessel.kernel} {
  // expected-error @+1 {{'scf.forall' op has no nested scf.forall mapped to GPU threads}}
  scf.forall (%i) in (4) {
    %v = memref.load %x[%i] : memref<4xf32>
    memref.store %v, %x[%i] : memref<4xf32>
  } {mapping = [#gpu.block<x>]}
  return
}
