// ekb worker, ekb devices: a device's side of the fabric, and who is connected.
#include <csignal>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/fabric_options.h"
#include "cli/table.h"
#include "common/paths.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "eval/evaluator.h"
#include "fabric/registry.h"
#include "fabric/worker.h"

namespace ekb {

using nlohmann::json;

namespace {

std::atomic<bool> g_stop{false};

void on_signal(int) { g_stop = true; }

}  // namespace

int cmd_worker(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("worker"));
    if (!a.positional().empty()) throw UsageError("unexpected argument '" + a.positional()[0] + "'");
    auto url = a.get("nats");
    if (!url) throw UsageError("--nats URL is required (e.g. --nats nats://127.0.0.1:4222)");
    auto backend = a.get("backend");
    if (!backend) throw UsageError("--backend " + backend_names("|") + " is required");
    if (!is_known_backend(*backend)) throw UsageError("--backend must be one of " + backend_names() + ", not '" + *backend + "'");
    WorkerConfig cfg;
    cfg.connection = fabric_connection_from(a, *url);
    cfg.settings = fabric_settings_from(a);
    cfg.backend = *backend;
    cfg.name = a.get_or("name", "");
    cfg.device = static_cast<int>(a.number("device", -1));
    cfg.allow_unconfined = a.flag("allow-unconfined");
    cfg.max_jobs = static_cast<int>(a.number("max-jobs", 0));
    cfg.idle_exit_s = a.number("idle-exit", 0);
    cfg.max_job_seconds = a.number("max-job-seconds", cfg.max_job_seconds);
    // The runners this worker serves: exactly the targets a host asks for on this backend
    // (the candidate's; the naive baseline's on cpu; the profile runner's on GPUs), built
    // here once (cached). A bundled worker carries them instead.
    Toolchain tc(cache_dir());
    cfg.class_target = backend_target(*backend);
    std::vector<std::string> targets = {candidate_target(*backend, false), candidate_target(*backend, true)};
    if (is_gpu_backend(*backend)) targets.push_back(candidate_target(*backend, false) + "-debug");
    for (const std::string &t : targets) cfg.runners[t] = tc.runner(t, backend_info(*backend).runner_recipe);
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    run_worker(cfg, g_stop);
    return 0;
}

int cmd_devices(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("devices"));
    if (!a.positional().empty()) throw UsageError("unexpected argument '" + a.positional()[0] + "'");
    auto url = a.get("nats");
    if (!url) throw UsageError("--nats URL is required");
    FabricConnection c(fabric_connection_from(a, *url));
    FabricSettings s = fabric_settings_from(a);
    ensure_streams(c, s);
    WorkerRegistry reg(c, s);
    std::vector<json> workers = reg.list();
    if (a.flag("json")) {
        std::cout << json(workers).dump(2) << "\n";
        return 0;
    }
    if (workers.empty()) {
        std::cout << "no worker is connected to " << c.options().redacted_url() << "\n";
        return 0;
    }
    TextTable t({"worker", "backend", "class", "state", "jobs", "device", "host", "last seen"});
    for (const auto &w : workers) {
        json d = w.value("device", json::object());
        std::string dev = d.value("device", d.value("name", d.value("cpu_model", std::string("?"))));
        std::string state = w.value("state", "?");
        if (state == "busy") state += " " + w.value("job", "").substr(0, 8);
        t.add({w.value("name", "?"), w.value("backend", "?"), w.value("class", "?"), state,
               std::to_string(w.value("jobs_done", 0)), dev, w.value("host", "?"), w.value("last_seen", "?")});
    }
    std::cout << t.render();
    return 0;
}

}  // namespace ekb
