// auto:adams2019, auto:li2018, auto:mullapudi2016 (autoschedule.cpp): the machine parameters
// an autoscheduler is given, from a device profile (produce/device_profile.cpp).
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace ekb {

struct AutoscheduleMachine {
    // Halide's MachineParams::generic(): 16 cores, a 16 MiB last-level cache (balance 40).
    int parallelism = 16;
    int64_t llc_bytes = 16ll << 20;
    std::string source = "Halide's generic defaults (no device profile)";
};

// cpu: the profile's cores and its largest data/unified cache. GPUs: compute units (OpenCL)
// or multiprocessors (CUDA) as the parallelism; the profile does not report a GPU's L2, so
// the cache size stays the generic 16 MiB. A missing field keeps the generic value.
AutoscheduleMachine autoschedule_machine(const nlohmann::json &profile, const std::string &backend);

}  // namespace ekb
