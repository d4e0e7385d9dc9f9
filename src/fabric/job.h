// What travels on the fabric (docs/fabric.md, "Messages"): a job is one conductor run — a
// ConductSpec whose artifacts are named by their SHA-256 and carried inside the job (a
// pipeline is 10-90 KB) — and a result is the conductor's report plus who ran it. The
// runner itself never travels: a worker runs jobs only with the runners it has.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "eval/remote_conductor.h"
#include "run/conductor.h"

namespace ekb {

constexpr int k_fabric_format_version = 1;

struct FabricJob {
    std::string id;             // 32 hex digits: hash of key and content; the Nats-Msg-Id
    std::string key;            // what it is for ("<sample key>#eval|eval", or content for checks)
    std::string backend;
    std::string runner_target;
    ConductSpec spec;           // candidate/expert/reference: artifact hashes, not paths
    std::map<std::string, std::string> artifacts;  // sha256 -> bytes
    double wall_seconds = 0;
    std::string submitted_at;

    nlohmann::json to_json() const;
};

// Builds the job for a remote run: reads its artifacts, names them by content, and derives
// the id from the key and everything the run depends on (so a resumed host asking for the
// same run gets the same id, and a different kernel or seed never gets another's result).
FabricJob make_job(const RemoteRun &run);

// Parses and validates a job message; throws std::runtime_error naming the field that is
// missing or wrong, an artifact whose bytes do not match its hash, an id that does not
// match the content.
FabricJob parse_job(const std::string &payload);

struct FabricResult {
    std::string id;
    bool ok = false;
    // When not ok: "harness_error" (the runner failed there), "worker_lost" (no worker
    // finished it in its runs), "wrong_device" (the job does not match the worker), "bad_job".
    std::string code;
    std::string error;
    nlohmann::json report;      // the conductor's report when ok
    nlohmann::json worker;      // name, host, backend, target, class, device, attempt
    double seconds = 0;
    std::string finished_at;

    nlohmann::json to_json() const;
};

FabricResult parse_result(const std::string &payload);

// Now, UTC, "2026-01-02T03:04:05Z".
std::string fabric_timestamp();

}  // namespace ekb
