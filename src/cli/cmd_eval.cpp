// ekb eval, ekb probe
#include <iostream>
#include <optional>
#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/fabric_options.h"
#include "cli/table.h"
#include "common/files.h"
#include "common/paths.h"
#include "common/subprocess.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "eval/evaluator.h"
#include "eval/kernel_profile.h"
#include "metrics/suspect.h"
#include "record/store.h"

namespace ekb {

using nlohmann::json;

namespace {

void print_record(const ResultRecord &r) {
    std::cout << "task " << r.task_id << " on " << r.backend << " (" << r.kernel_name << ")\n";
    std::cout << "  status    " << r.status << "\n";
    std::cout << "  compiled  " << (r.compiled ? "yes" : "no") << "   correct  " << (r.correct ? "yes" : "no")
              << "   timed  " << (r.timed ? "yes" : "no") << "\n";
    if (!r.failure_stage.empty()) {
        std::cout << "  failure   [" << r.failure_stage << "/" << r.failure_code << "]"
                  << (r.failure_instance.empty() ? "" : " on instance '" + r.failure_instance + "'" +
                                                            (r.failure_heldout ? " (held out)" : ""))
                  << "\n";
        std::string msg = r.failure_message;
        size_t p = 0;
        while ((p = msg.find('\n', p)) != std::string::npos) msg.replace(p, 1, "\n            "), p += 13;
        std::cout << "            " << msg << "\n";
    }
    // Under a user-mode emulator (a backend for another CPU): timings are recorded, never
    // counted, so no speedup is shown (docs/backends.md).
    std::string emulator = emulated_timing(r);
    if (!r.instances.empty()) {
        json insts = json::parse(r.instances);
        // The columns that matter most come first: a narrow terminal leaves out the last ones.
        TextTable t({"instance", "split", "correct", "speedup", "95% CI", "kernel median", "expert median", "p10..p90"});
        for (const auto &i : insts) {
            std::vector<std::string> row = {i["name"], i["heldout"].get<bool>() ? "held-out" : "visible",
                                            i["correct"].get<bool>() ? "yes" : "no"};
            if (i.contains("timing")) {
                const auto &c = i["timing"]["candidate"];
                bool expert = i["timing"].contains("expert");
                bool ratio = expert && emulator.empty();
                row.push_back(ratio ? fmt_double(i["timing"]["speedup"], 3) : "-");
                row.push_back(ratio ? "[" + fmt_double(i["timing"]["speedup_ci"][0], 3) + ", " +
                                           fmt_double(i["timing"]["speedup_ci"][1], 3) + "]"
                                     : "-");
                row.push_back(fmt_seconds(c["median_s"]));
                row.push_back(expert ? fmt_seconds(i["timing"]["expert"]["median_s"]) : "-");
                row.push_back(fmt_seconds(c["p10_s"]) + ".." + fmt_seconds(c["p90_s"]));
            }
            t.add(row);
        }
        int width = TextTable::output_width();
        std::string table = t.render(width > 2 ? width - 2 : width);  // indented by 2
        size_t p = 0;
        std::cout << "\n";
        while (p < table.size()) {
            size_t e = table.find('\n', p);
            std::cout << "  " << table.substr(p, e - p) << "\n";
            p = e + 1;
        }
    }
    if (r.timed && !emulator.empty()) {
        std::cout << "\n  timings emulated (" << emulator
                  << "): recorded, not counted (no speedup, Fast@p or roofline; docs/backends.md)\n";
    } else if (r.timed) {
        std::cout << "\n  speedup over expert " << fmt_double(r.speedup, 3) << "  (95% CI " << fmt_double(r.speedup_ci_lo, 3)
                  << " .. " << fmt_double(r.speedup_ci_hi, 3) << ", geomean over instances)\n";
    }
    std::cout << "  compile " << fmt_seconds(r.compile_s) << ", cold start " << fmt_seconds(r.cold_start_s)
              << ", peak RSS " << r.peak_rss_kb / 1024 << " MiB, artifact " << r.artifact_bytes << " B, eval "
              << fmt_seconds(r.eval_s) << ", " << r.threads << " threads, seed " << r.seed << "\n";
}

}  // namespace

int cmd_eval(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("eval"));
    TextTable::set_wide(a.flag("wide"));
    if (!a.positional().empty()) throw UsageError("unexpected argument '" + a.positional()[0] + "'");
    auto task_id = a.get("task");
    if (!task_id) throw UsageError("--task is required");
    std::string backend = a.get_or("backend", host_cpu_backend().name);
    if (!is_known_backend(backend)) throw UsageError("--backend must be one of " + backend_names() + ", not '" + backend + "'");
    int chosen = (a.get("kernel") ? 1 : 0) + (a.flag("expert") ? 1 : 0) + (a.flag("naive") ? 1 : 0);
    if (chosen != 1) throw UsageError("give exactly one of --kernel <file>, --expert, --naive");

    Suite suite = Suite::load(a.get_or("suite", (ekb_home() / "suite").string()), a.get_or("private-instances", ""));
    const Task *task = suite.find(*task_id);
    if (!task) throw UsageError("no task '" + *task_id + "' in " + suite.root().string() + " (see 'ekb tasks list')");

    EvalRequest req;
    req.task = task;
    req.backend = backend;
    if (auto k = a.get("kernel")) {
        req.kernel_source = read_file(*k);
        req.kernel_name = std::filesystem::path(*k).filename().string();
        req.producer = "file";
    } else {
        auto path = a.flag("expert") ? task->expert_kernel(backend) : task->naive_kernel();
        if (!std::filesystem::exists(path)) throw UsageError("task " + task->id + " has no " + path.filename().string());
        req.kernel_source = read_file(path);
        req.kernel_name = path.filename().string();
        req.producer = a.flag("expert") ? "expert" : "naive";
        req.naive_baseline = a.flag("naive");
    }
    if (auto s = a.get("seed")) req.seed = static_cast<uint64_t>(a.number("seed", 0));
    req.threads = static_cast<int>(a.number("threads", 0));
    req.timing.enabled = !a.flag("no-timing");
    req.timing.cap_seconds = a.number("time-cap", req.timing.cap_seconds);
    req.call_seconds = a.number("call-timeout", req.call_seconds);
    req.compile.compile_seconds = req.compile.generate_seconds = a.number("compile-timeout", 60);
    req.confine = !a.flag("no-confine");
    if (auto inst = a.get("instances")) {
        std::string s = *inst;
        size_t p = 0;
        while (p <= s.size()) {
            size_t e = s.find(',', p);
            if (e == std::string::npos) e = s.size();
            req.instance_names.push_back(s.substr(p, e - p));
            p = e + 1;
        }
    }

    // The store is opened (and checked) first: a damaged one stops here, before any work.
    std::string store_path;
    std::optional<ResultStore> store;
    if (!a.flag("no-store")) {
        const char *env = std::getenv("EKB_RESULTS");
        store_path = a.get_or("store", env && *env ? env : "ekb-results.db");
        store.emplace(store_path);
    }
    Toolchain tc(cache_dir());
    Evaluator ev(suite, tc);
    // --devices nats://...: the conductor run goes to a fabric worker; the compile stays here.
    std::unique_ptr<RemoteConductor> remote = fabric_client_from(a, {backend});
    ev.set_remote(remote.get());
    req.job_key = "ekb-eval-" + std::to_string(fresh_seed());  // every `ekb eval` is a new job
    ResultRecord r = ev.evaluate(req);
    if (store) store->put(r);
    // --profile: a correct kernel is also built with Halide's profile feature and run on the
    // largest selected instance; per-Func times (and per-kernel times on GPUs) follow.
    json profile;
    if ((a.flag("profile") || a.get("profile-seconds")) && r.correct) {
        double seconds = a.number("profile-seconds", 0.5);
        if (seconds <= 0) throw UsageError("--profile-seconds must be > 0");
        profile = ev.profile(req, seconds);
    }
    if (a.flag("json")) {
        json j = r.to_json();
        if (!profile.is_null()) j["profile"] = profile;
        std::cout << j.dump(2) << "\n";
    } else {
        print_record(r);
        if (!store_path.empty()) std::cout << "  stored as " << r.record_key << " in " << store_path << "\n";
        if (!profile.is_null()) std::cout << "\n" << profile_text(profile);
        else if (a.flag("profile")) std::cout << "\n(no profile: the kernel is not correct)\n";
    }
    if (a.flag("fail-on-incorrect") && !r.correct && r.status != "not_supported") {
        std::cerr << "ekb eval: --fail-on-incorrect: " << r.task_id << " on " << r.backend << " is " << r.status
                  << (r.failure_code.empty() ? "" : " [" + r.failure_stage + "/" + r.failure_code + "]") << "\n";
        return k_exit_fail_on;
    }
    return 0;
}

int cmd_probe(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("probe"));
    if (!a.positional().empty()) throw UsageError("unexpected argument '" + a.positional()[0] + "'");
    std::string backend = a.get_or("backend", host_cpu_backend().name);
    if (!is_known_backend(backend)) throw UsageError("--backend must be one of " + backend_names() + ", not '" + backend + "'");
    Toolchain tc(cache_dir());
    json j = probe_backend(tc, backend);
    j["target"] = backend_target(backend);
    std::cout << j.dump(2) << "\n";
    return 0;
}

}  // namespace ekb
