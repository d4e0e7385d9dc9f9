// The device profile: one typed description of the device a backend runs on, filled from
// the runner's probe of that device (run/device_probe.cpp; here, on a fabric worker or, in
// a bundle, on the board) and, after `ekb device probe` or a bundle's probe entries, its
// measured peaks. `ekb device probe` prints it (its "prompt" field), and prompts, LEKA's
// builtin model and the autoschedulers read it: improving the probe improves all of them.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/backend_table.h"

namespace ekb {

struct CacheLevel {
    int level = 0;              // 1, 2, 3
    std::string type;           // "Data" | "Unified"
    int64_t bytes = 0;
    int64_t line_bytes = 0;     // 0: unknown
};

struct DeviceProfile {
    std::string backend;
    std::string target;         // the Halide target kernels are built for
    DeviceClass device_class = DeviceClass::cpu;
    bool supported = false;     // the probe found the device
    std::string note;           // why it is not supported, or that the CPU is emulated
    std::string device;         // the GPU's or the CPU's name
    bool emulated = false;      // the runner ran under a user-mode emulator (cpu-arm64 here)
    // CPUs (for GPUs `cores` is the host's)
    int cores = 0;              // online cores; kernels run with all of them
    int simd_bits = 0;          // vector register width the target implies
    int f32_lanes = 0;          // simd_bits / 32: target.natural_vector_size(Float(32))
    std::vector<CacheLevel> caches;  // data and unified caches, L1 first
    // GPUs
    int compute_units = 0;      // SMs (CUDA) or compute units (OpenCL)
    int warp_size = 0;
    int64_t local_mem_bytes = 0;     // shared memory per block (CUDA), local memory per work-group (OpenCL)
    int max_threads_per_block = 0;   // per block (CUDA), per work-group (OpenCL)
    int64_t l2_bytes = 0;       // GPU L2 / global memory cache
    double clock_mhz = 0;
    std::string compute_capability;  // CUDA
    std::string device_type;    // OpenCL: cpu | gpu | other
    std::string driver;
    // Measured peaks (`ekb device probe`, a bundle's probe entries); absent: not measured.
    std::optional<double> gflops, gbps;

    nlohmann::json to_json() const;
    static DeviceProfile from_json(const nlohmann::json &j);
    // What a prompt says about the device (several lines).
    std::string text() const;
    // The largest data or unified cache, 0 when none is known.
    int64_t last_level_cache_bytes() const;
};

// The profile from the runner's probe of `backend` ({"supported", "reason", "device": {...},
// "emulated"}), on whichever machine it ran.
DeviceProfile profile_from_probe(const std::string &backend, const nlohmann::json &probe);

// SIMD register width in bits a Halide target string implies (avx512 512, avx/avx2 256,
// sse/x86 128, arm 128: NEON; SVE is not targeted by Halide 14), 0 when unknown.
int simd_bits_of_target(const std::string &target);

}  // namespace ekb
