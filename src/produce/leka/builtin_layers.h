// The builtin model's sub-agents: for one layer, the plans worth trying next from the
// current one, in the order a rule of thumb ranks them, each with what it changes and why.
// Grounded in the device profile (cores, SIMD width, cache sizes; GPU warp size and local
// memory); no network; deterministic for a seed (the seed rotates the order of the
// candidates after the first, so samples explore differently).
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "device/device_profile.h"
#include "produce/leka/plan.h"

namespace ekb::leka {

struct Device {
    bool gpu = false;
    int cores = 1;
    int simd_f32 = 8;
    int64_t l1_bytes = 32 * 1024, l2_bytes = 1024 * 1024;
    int warp = 32;
    int64_t local_mem_bytes = 48 * 1024;
    static Device from_profile(const DeviceProfile &profile);
};

struct Proposal {
    Plan plan;
    std::string description;
};

std::vector<Proposal> builtin_proposals(const std::string &layer, const Graph &g, const Plan &current, const Device &dev,
                                        uint64_t seed);

}  // namespace ekb::leka
