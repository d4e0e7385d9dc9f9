// What a profile (Evaluator::profile) says, for people and sub-agents: a table of the time
// per Func per call, with its share, the parallelism the profiler saw and the heap peak,
// and on GPUs the time per kernel launch. Only the visible instance it was measured on is
// named; the numbers come from the Halide profiler's samples (every millisecond on the
// host), so stages under ~1 % of the time are noise.
#pragma once
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace ekb {

// Each Func's share of the pipeline's sampled time (0..1; the profiler's "overhead" entry
// included under that name). Empty for a profile with an error or no samples.
std::map<std::string, double> profile_shares(const nlohmann::json &profile);

// The table. `alias` may give a Func a second name (LEKA: the algorithm.h member).
std::string profile_text(const nlohmann::json &profile,
                         const std::function<std::string(const std::string &)> &alias = {});

}  // namespace ekb
