// `ekb worker`: a device's side of the fabric (docs/fabric.md). It pulls jobs of its device
// class from the work queue, one at a time, runs each with its own runner exactly as a
// bundle entry runs (conductor + confined workers), heartbeats the job while it runs, and
// publishes the report. It never runs a job whose backend or runner target it does not have,
// nor an unconfined one unless told to; the runner never comes from the fabric.
#pragma once
#include <atomic>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "fabric/connection.h"
#include "fabric/streams.h"

namespace ekb {

struct WorkerConfig {
    FabricOptions connection;
    FabricSettings settings;
    std::string backend;
    std::string name;                  // unique per worker; defaults to <host>-<backend>[-<device>]
    int device = -1;                   // GPU index (HL_GPU_DEVICE); -1: the runtime's default
    std::string class_target;          // the target that names its device class
    std::map<std::string, std::filesystem::path> runners;  // runner target -> ekb-runner
    bool allow_unconfined = false;     // run jobs whose spec says confine=false
    double max_job_seconds = 3600;     // a job's wall-clock limit here, whatever it asks
    int max_jobs = 0;                  // > 0: exit after this many jobs (tests, benchmarks)
    double idle_exit_s = 0;            // > 0: exit after this long without a job
};

// Probes the device, registers, and serves jobs until `stop` (SIGINT/SIGTERM in the CLI) or
// max_jobs/idle_exit_s. Throws FabricError when it cannot start (server, credentials, a
// backend not usable here). Returns the number of jobs it ran.
int run_worker(const WorkerConfig &cfg, std::atomic<bool> &stop);

}  // namespace ekb
