// Device profiles (`ekb device probe`): what a device is (the runner's probe: name, SMs or
// compute units, shared/local memory, warp size, clocks; for CPUs cores, SIMD width,
// caches) and its measured roofline peaks: GFLOP/s of a compute-bound Halide kernel and
// GB/s of a streaming one (src/device/peaks/), each timed by the runner like any kernel.
// Bundles carry the same two measurements (`./run`), and `ekb ingest` turns them into the
// same profile.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "device/device_profile.h"
#include "run/conductor.h"
#include "suite/task.h"

namespace ekb {

class Toolchain;

// One peak measurement: a probe kernel on one instance.
struct PeakRun {
    std::string metric;        // "gflops" | "gbps"
    std::string task_id;       // peak_fma | peak_triad
    std::string instance;
    double work_per_call = 0;  // FLOPs (gflops) or bytes (gbps) per call
    ConductSpec spec;          // artifact paths absolute (bundles rewrite them)
    std::string target;        // the kernel's Halide target
};

// The probe tasks (src/device/peaks under the ekb home).
std::filesystem::path peak_tasks_dir();

// Compiles the probe kernels for `backend` (expert for the backend as candidate, the
// vectorized cpu build as reference) and returns the two runs. quick: small instances
// (tests, slow CPUs); else the compute instance sized for the backend's device class and a
// streaming instance far larger than caches.
std::vector<PeakRun> peak_runs(Toolchain &tc, const std::string &backend, bool quick, double time_cap_seconds = 1.0);

// The profile from the runner's probe of the backend ({"supported", "device", ...}) and
// the conductor reports of the peak runs (same order as `runs`):
//   {"backend", "target", "supported", "device": {...}, "gflops", "gbps",
//    "peaks": {"gflops": {task, instance, median_s, work_per_call}, "gbps": {...}},
//    "prompt": the typed DeviceProfile (device_profile.h) with the peaks: what prompts,
//              LEKA and the autoschedulers read}
// gflops/gbps are null when a run failed or the backend is not supported (with "errors").
// They come from the fastest decile of the timed samples (p10 time): a roof is what the
// device can reach, and other load only slows samples down; the median's rate is kept
// beside it (peaks.<metric>.rate_at_median).
nlohmann::json device_profile_from_runs(const std::string &backend, const std::string &target, const nlohmann::json &probe,
                              const std::vector<PeakRun> &runs, const std::vector<nlohmann::json> &reports);

// The profile of `backend`'s device on this machine: the runner's probe (a device that is
// not here gives a profile that says so), no peaks.
DeviceProfile local_device_profile(Toolchain &tc, const std::string &backend);

// Merges {"<backend>": {"gflops", "gbps", ...}} for a profile into a peaks.json file (the
// format `ekb report --peaks` reads); other backends in the file are kept.
void write_peaks_file(const std::filesystem::path &file, const nlohmann::json &profile);

}  // namespace ekb
