// The runner as a child process: a conductor run of a spec, and the runner's device probe.
// Needs no libHalide, so the device fabric's worker (src/fabric/worker.h) runs jobs with
// exactly what `ekb eval` uses locally.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>

#include "run/conductor.h"

namespace ekb {

// A conductor run of `spec` with `runner` (the runner's trusted side, an unconfined child;
// it confines its workers) in a fresh directory; returns its report. Throws on a harness
// error (the conductor failed or ran past `wall_seconds`), naming its stderr.
nlohmann::json run_conductor(const std::filesystem::path &runner, const ConductSpec &spec, double wall_seconds);

// `runner probe <backend>`: {"backend", "supported", "reason", "device": {...}}. Throws when
// the probe itself fails.
nlohmann::json probe_with_runner(const std::filesystem::path &runner, const std::string &backend);

// The conductor's wall-clock limit for a spec: every command to every worker at its limit.
double conductor_wall_seconds(const ConductSpec &spec);

}  // namespace ekb
