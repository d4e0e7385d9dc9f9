// What a prompt says about the device a backend runs on: for CPUs cores, SIMD width and
// caches; for GPUs compute units, local/shared memory and warp size. Read from the runner's
// probe (eval/evaluator.h probe_backend), the Halide target and /sys.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace ekb {

class Toolchain;

nlohmann::json device_profile(Toolchain &tc, const std::string &backend);
// The same from a runner probe made elsewhere (a fabric worker's registered device): cores
// from the probe, no cache list (the /sys of this machine says nothing about that one).
nlohmann::json device_profile_from_probe(const std::string &backend, const nlohmann::json &probe, bool local);
std::string device_profile_text(const nlohmann::json &profile);
// float32 lanes of the target's widest vector unit ("...-avx512-..." -> 16).
int simd_f32_lanes(const std::string &target);

}  // namespace ekb
