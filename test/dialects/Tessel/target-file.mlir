// A target Tessel does not know travels in the IR as its description
// (`json`): the attribute parses, round-trips and means the same with no
// file around; its name must match the description's.
// RUN: tessel-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: tessel-opt %s --split-input-file --verify-diagnostics | tessel-opt --split-input-file | FileCheck %s

// CHECK: module attributes {tessel.target = #tessel.target<"tiny", json = "{\22name\22:\22tiny\22,{{.*}}">}
module attributes {tessel.target = #tessel.target<"tiny", json = "{\22name\22:\22tiny\22,\22vendor\22:\22nvidia\22,\22arch\22:\22sm_80\22,\22description\22:\22a test GPU\22,\22fields\22:{\22sm_count\22:{\22value\22:2,\22source\22:\22test\22},\22warp_size\22:{\22value\22:32,\22source\22:\22test\22},\22tensor_clock_ghz\22:{\22value\22:1,\22source\22:\22test\22},\22simt_clock_ghz\22:{\22value\22:1,\22source\22:\22test\22},\22peak_bf16_tensor_tflops\22:{\22value\22:10,\22source\22:\22test\22},\22peak_f16_tensor_tflops\22:{\22value\22:10,\22source\22:\22test\22},\22peak_f32_simt_tflops\22:{\22value\22:1,\22source\22:\22test\22},\22hbm_bandwidth_tbps\22:{\22value\22:0.5,\22source\22:\22test\22},\22l2_bytes\22:{\22value\22:1048576,\22source\22:\22test\22},\22shared_mem_per_sm_bytes\22:{\22value\22:65536,\22source\22:\22test\22},\22shared_mem_per_block_bytes\22:{\22value\22:49152,\22source\22:\22test\22},\22registers_per_sm\22:{\22value\22:65536,\22source\22:\22test\22},\22max_registers_per_thread\22:{\22value\22:255,\22source\22:\22test\22},\22max_warps_per_sm\22:{\22value\22:32,\22source\22:\22test\22},\22max_blocks_per_sm\22:{\22value\22:16,\22source\22:\22test\22},\22max_threads_per_block\22:{\22value\22:1024,\22source\22:\22test\22}}}">} {}

// -----

// expected-error @+1 {{the target description describes 'tiny', not 'h100'}}
module attributes {tessel.target = #tessel.target<"h100", json = "{\22name\22:\22tiny\22,\22vendor\22:\22nvidia\22,\22arch\22:\22sm_80\22,\22description\22:\22a test GPU\22,\22fields\22:{\22sm_count\22:{\22value\22:2,\22source\22:\22test\22},\22warp_size\22:{\22value\22:32,\22source\22:\22test\22},\22tensor_clock_ghz\22:{\22value\22:1,\22source\22:\22test\22},\22simt_clock_ghz\22:{\22value\22:1,\22source\22:\22test\22},\22peak_bf16_tensor_tflops\22:{\22value\22:10,\22source\22:\22test\22},\22peak_f16_tensor_tflops\22:{\22value\22:10,\22source\22:\22test\22},\22peak_f32_simt_tflops\22:{\22value\22:1,\22source\22:\22test\22},\22hbm_bandwidth_tbps\22:{\22value\22:0.5,\22source\22:\22test\22},\22l2_bytes\22:{\22value\22:1048576,\22source\22:\22test\22},\22shared_mem_per_sm_bytes\22:{\22value\22:65536,\22source\22:\22test\22},\22shared_mem_per_block_bytes\22:{\22value\22:49152,\22source\22:\22test\22},\22registers_per_sm\22:{\22value\22:65536,\22source\22:\22test\22},\22max_registers_per_thread\22:{\22value\22:255,\22source\22:\22test\22},\22max_warps_per_sm\22:{\22value\22:32,\22source\22:\22test\22},\22max_blocks_per_sm\22:{\22value\22:16,\22source\22:\22test\22},\22max_threads_per_block\22:{\22value\22:1024,\22source\22:\22test\22}}}">} {}

// -----

// expected-error @+1 {{the description of 'bad': invalid JSON}}
module attributes {tessel.target = #tessel.target<"bad", json = "{not json">} {}
