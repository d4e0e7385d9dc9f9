// Where a conductor run goes when it does not run here: an interface the evaluator calls
// instead of starting the runner locally. The device fabric implements it
// (src/fabric/fabric_client.h); without one, nothing changes.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "run/conductor.h"

namespace ekb {

struct RemoteRun {
    // What the run is for, stable across a host's restarts: "<sample key>#eval", or for a
    // producer's check or profile the content that defines it. The job id derives from it
    // and from the run's content (docs/fabric.md).
    std::string key;
    std::string backend;
    std::string runner_target;  // the runner the device must run it with (the candidate's target)
    ConductSpec spec;           // artifact paths are local files; they travel by content
    double wall_seconds = 0;
};

struct RemoteOutcome {
    nlohmann::json report;  // the conductor's report (as run_conductor returns it)
    nlohmann::json worker;  // who ran it: name, host, backend, target, job id, attempt
    // Non-empty: no worker finished the job within its delivery limit (every worker that took
    // it died or went silent); the evaluation is recorded as a run/worker_lost failure.
    std::string lost;
};

class RemoteConductor {
public:
    virtual ~RemoteConductor() = default;
    // Runs `run` on a device of its backend's class and waits for the outcome. Throws
    // std::runtime_error for a harness error (the job could not be run: no worker, the
    // runner failed there), as a local run_conductor does.
    virtual RemoteOutcome conduct(const RemoteRun &run) = 0;
    // How many evaluations of `backend` can run at once (connected workers of its class, >= 1).
    virtual int lanes(const std::string &backend) = 0;
    // The device facts a connected worker of `backend`'s class registered (its runner
    // probe), or null when none did.
    virtual nlohmann::json device(const std::string &backend) = 0;
};

}  // namespace ekb
