// auto:adams2019, auto:li2018, auto:mullapudi2016 (autoschedule.cpp): the machine parameters
// an autoscheduler is given, from the device profile (device/device_profile.h).
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "device/device_profile.h"

namespace ekb {

struct AutoscheduleMachine {
    // Halide's MachineParams::generic(): 16 cores, a 16 MiB last-level cache (balance 40).
    int parallelism = 16;
    int64_t llc_bytes = 16ll << 20;
    std::string source = "Halide's generic defaults (no device profile)";
};

// CPUs: the profile's cores and its largest data/unified cache. GPUs: compute units (OpenCL)
// or SMs (CUDA) as the parallelism, the GPU's L2 (global memory cache) as the cache. A
// missing field keeps the generic value; an empty profile (no backend) is all generic.
AutoscheduleMachine autoschedule_machine(const DeviceProfile &profile);

}  // namespace ekb
