// GPU launch limits a schedule can break on real devices while PoCL (OpenCL on the CPU)
// accepts it: the thread block of every GPU loop nest, read from a kernel's loop nest
// (Halide's text), against the limits of NVIDIA GPUs (CUDA and OpenCL alike): at most 1024
// threads per block, 1024 on x and y, 64 on z. kalman_update's naive kernel had a
// (1, 1, 256) block: CUDA_ERROR_INVALID_VALUE and CL_INVALID_KERNEL_ARGS on every H200 run.
#pragma once
#include <string>
#include <vector>

namespace ekb {

struct GpuBlockLimits {
    int max_threads = 1024;
    int max_x = 1024, max_y = 1024, max_z = 64;
};

// One problem per thread block that breaks a limit ("block of FP: 256 threads on z, above
// 64"); a thread loop whose extent is not a constant in the loop nest is not judged, nor
// then its block's total.
std::vector<std::string> gpu_block_problems(const std::string &loop_nest, const GpuBlockLimits &limits = {});

}  // namespace ekb
