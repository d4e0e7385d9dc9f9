// bench/eval_cost: what one evaluation costs, phase by phase.
//
//   warm: the precompiled header, the Halide runtime, the runner and the task's trusted
//         artifacts are built, but the kernel is not in the artifact cache (each run adds a
//         unique comment to the kernel, so its content hash is new);
//   cold: nothing built yet (a fresh, empty cache directory).
//
// Task matmul (L1), backend cpu, the expert kernel evaluated against the expert with the
// default timing protocol. The goal (issue: core engine) is a median of at most 1.5 s per
// warm evaluation excluding the kernel's own timed runs.
//
// usage: eval_cost [--runs N] [--task ID] [--backend B] [--out FILE.json]
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "common/files.h"
#include "common/paths.h"
#include "common/subprocess.h"
#include "compile/toolchain.h"
#include "eval/evaluator.h"
#include "measure/stats.h"

using namespace ekb;
using nlohmann::json;

namespace {

struct Row {
    double compile, trusted, run, verify, reference, time_overhead, timed_runs, total, total_excl;
};

Row measure(Evaluator &ev, const Task &task, const std::string &backend, const std::string &source) {
    EvalRequest req;
    req.task = &task;
    req.backend = backend;
    req.kernel_source = source;
    req.kernel_name = "bench.cpp";
    EvalPhases ph;
    ResultRecord r = ev.evaluate(req, &ph);
    if (!r.correct) throw std::runtime_error("bench kernel not correct: " + r.failure_message);
    const json &p = ph.conductor.at("phases");
    Row row;
    row.compile = ph.compile_s;
    row.trusted = ph.trusted_s;
    double inner = p.at("total_s");
    // run: process work outside the conductor's phases (spawn, exec, load) plus worker
    // start/stop and the device probe.
    row.run = (ph.conduct_s - inner) + p.at("start_s").get<double>() + p.at("stop_s").get<double>() +
              p.at("probe_s").get<double>();
    row.reference = p.at("reference_s");
    row.verify = p.at("verify_s");
    row.timed_runs = p.at("timed_runs_s");
    row.time_overhead = p.at("time_s").get<double>() - row.timed_runs;
    row.total = ph.total_s;
    row.total_excl = ph.total_s - row.timed_runs;
    return row;
}

json row_json(const Row &r) {
    return {{"compile_s", r.compile}, {"trusted_artifacts_s", r.trusted}, {"run_s", r.run}, {"reference_s", r.reference},
            {"verify_s", r.verify}, {"time_overhead_s", r.time_overhead}, {"timed_runs_s", r.timed_runs},
            {"total_s", r.total}, {"total_excluding_timed_runs_s", r.total_excl}};
}

}  // namespace

int main(int argc, char **argv) {
    int runs = 10;
    std::string task_id = "matmul", backend = "cpu", out;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--runs" && i + 1 < argc) runs = std::atoi(argv[++i]);
        else if (a == "--task" && i + 1 < argc) task_id = argv[++i];
        else if (a == "--backend" && i + 1 < argc) backend = argv[++i];
        else if (a == "--out" && i + 1 < argc) out = argv[++i];
        else {
            std::cerr << "usage: eval_cost [--runs N] [--task ID] [--backend B] [--out FILE.json]\n";
            return 2;
        }
    }
    Suite suite = Suite::load(ekb_home() / "suite");
    const Task *task = suite.find(task_id);
    if (!task) {
        std::cerr << "no task " << task_id << "\n";
        return 2;
    }
    std::string kernel = read_file(task->expert_kernel(backend));
    auto unique = [&](int i) {
        return kernel + "\n// bench run " + std::to_string(i) + " " + std::to_string(fresh_seed()) + "\n";
    };

    // Cold: a fresh cache, nothing built.
    Row cold;
    {
        TempDir cache("ekb-bench-cold-", "/var/tmp");
        ::chmod(cache.path().c_str(), 0755);
        Toolchain tc(cache.path());
        Evaluator ev(suite, tc);
        double t0 = monotonic_seconds();
        cold = measure(ev, *task, backend, unique(-1));
        std::printf("cold evaluation: %.2f s (%.2f s excluding timed runs; toolchain + trusted artifacts %.2f s)\n",
                    monotonic_seconds() - t0, cold.total_excl, cold.trusted + cold.compile);
    }

    Toolchain tc(cache_dir());
    Evaluator ev(suite, tc);
    measure(ev, *task, backend, unique(-2));  // makes sure everything trusted is built
    std::vector<Row> rows;
    for (int i = 0; i < runs; i++) rows.push_back(measure(ev, *task, backend, unique(i)));

    auto med = [&](double Row::*f) {
        std::vector<double> v;
        for (const auto &r : rows) v.push_back(r.*f);
        return median(v);
    };
    std::printf("\nwarm evaluations of %s on %s: %d runs (medians)\n", task_id.c_str(), backend.c_str(), runs);
    std::printf("  compile (clang + generate + check + link)  %7.3f s\n", med(&Row::compile));
    std::printf("  trusted artifacts + runner (cache hits)     %7.3f s\n", med(&Row::trusted));
    std::printf("  run (processes, worker start/stop, probe)   %7.3f s\n", med(&Row::run));
    std::printf("  verify (reference outputs)                  %7.3f s\n", med(&Row::reference));
    std::printf("  verify (kernel + expert, every instance)    %7.3f s\n", med(&Row::verify));
    std::printf("  time (protocol overhead)                    %7.3f s\n", med(&Row::time_overhead));
    std::printf("  -- the kernels' own timed runs              %7.3f s\n", med(&Row::timed_runs));
    std::printf("  total                                       %7.3f s\n", med(&Row::total));
    std::printf("  total excluding timed runs                  %7.3f s   (goal: <= 1.5 s)\n", med(&Row::total_excl));

    if (!out.empty()) {
        json j = {{"task", task_id}, {"backend", backend}, {"runs", runs}, {"cold", row_json(cold)}, {"warm", json::array()},
                  {"ekb_version", ekb_version()}};
        for (const auto &r : rows) j["warm"].push_back(row_json(r));
        json m;
        for (auto [name, f] : std::initializer_list<std::pair<const char *, double Row::*>>{
                 {"compile_s", &Row::compile}, {"trusted_artifacts_s", &Row::trusted}, {"run_s", &Row::run},
                 {"reference_s", &Row::reference}, {"verify_s", &Row::verify}, {"time_overhead_s", &Row::time_overhead},
                 {"timed_runs_s", &Row::timed_runs}, {"total_s", &Row::total},
                 {"total_excluding_timed_runs_s", &Row::total_excl}}) {
            m[name] = med(f);
        }
        j["warm_median"] = m;
        write_file(out, j.dump(2) + "\n");
        std::printf("\nwrote %s\n", out.c_str());
    }
    return 0;
}
