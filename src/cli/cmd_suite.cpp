// ekb suite verify: each task's PyTorch reference against its Halide reference, on the
// same inputs from ekb's generator, for every instance and several seeds.
#include <sys/stat.h>

#include <iostream>
#include <map>
#include <set>
#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/python_tools.h"
#include "cli/table.h"
#include "common/files.h"
#include "common/paths.h"
#include "common/subprocess.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "eval/evaluator.h"
#include "verify/datagen.h"

namespace ekb {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct VerifyOutcome {
    bool ok = false;
    int checks = 0;
    double max_abs_err = 0;
    std::string problem;
    int trivial_checks = 0;
    std::string trivial_problem;  // a trivial output that passes: the task is broken
    double seconds = 0;
};

VerifyOutcome verify_task(Evaluator &ev, Toolchain &tc, const Task &task, int seeds, uint64_t base_seed, int threads) {
    VerifyOutcome o;
    double t0 = monotonic_seconds();
    CompileResult ref = ev.reference_artifact(task);
    ConductSpec spec;
    for (int s = 0; s < seeds; s++) {
        ConductSpec one = conduct_spec_for(task, "cpu", mix_seed(base_seed, static_cast<uint64_t>(s)), threads);
        if (s == 0) spec = one;
        else spec.instances.insert(spec.instances.end(), one.instances.begin(), one.instances.end());
    }
    spec.reference = ref.artifact.string();
    spec.candidate = ref.artifact.string();
    TempDir tmp("ekb-verify-");
    write_file(tmp.path() / "spec.json", spec.to_json().dump());
    auto run = [&](std::vector<std::string> argv, const std::string &what, double limit) {
        return run_trusted_tool(std::move(argv), tmp.path(), what, limit);
    };
    run({tc.runner(reference_target()).string(), "dump", (tmp.path() / "spec.json").string(), (tmp.path() / "dump").string()},
        "the reference dump", 600);
    json tol;
    for (const auto &t : task.outputs) {
        tol[t.name] = {{"atol", task.tolerance.at(t.name).atol}, {"rtol", task.tolerance.at(t.name).rtol}};
    }
    std::string out = run({torch_python(), (ekb_home() / "src" / "suite" / "verify_reference.py").string(), task.dir.string(),
                           (tmp.path() / "dump").string(), tol.dump(), std::to_string(threads)},
                          "the PyTorch reference", 600);
    json rep = json::parse(out);
    // Informative outputs, from the runner's dump: no trivial output may pass.
    json manifest = json::parse(read_file(tmp.path() / "dump" / "manifest.json"));
    for (const auto &entry : manifest) {
        for (const auto &t : entry.at("trivial")) {
            o.trivial_checks++;
            if (t.at("passes").get<bool>() && o.trivial_problem.empty()) {
                o.trivial_problem = "a trivial output (" + t.at("kind").get<std::string>() + ") passes verification of '" +
                                    t.at("output").get<std::string>() + "' on instance '" +
                                    entry.at("instance").get<std::string>() + "'";
            }
        }
    }
    o.seconds = monotonic_seconds() - t0;
    if (rep.contains("error")) {
        o.problem = "reference.py failed: " + rep.at("error").get<std::string>();
        return o;
    }
    o.ok = rep.at("ok").get<bool>() && o.trivial_problem.empty();
    if (!o.trivial_problem.empty()) o.problem = o.trivial_problem;
    for (const auto &c : rep.at("checks")) {
        o.checks++;
        if (c.contains("message") && o.problem.empty()) o.problem = c.at("message");
        for (const auto &r : c.at("outputs")) {
            o.max_abs_err = std::max(o.max_abs_err, r.value("max_abs_err", 0.0));
            if (!r.at("ok").get<bool>() && o.problem.empty()) {
                o.problem = "instance '" + c.at("instance").get<std::string>() + "' seed " + std::to_string(c.at("seed").get<uint64_t>()) +
                            ", output '" + r.at("name").get<std::string>() + "': " + r.value("message", "mismatch");
            }
        }
    }
    return o;
}

int print_suite_stats(const Suite &suite) {
    std::map<std::string, int> tiers, domains, dtypes, experts;
    int visible = 0, heldout = 0, priv = 0;
    for (const auto &t : suite.tasks()) {
        tiers[t.tier]++;
        domains[t.domain]++;
        std::set<std::string> seen;
        for (const auto *set : {&t.inputs, &t.outputs}) {
            for (const auto &x : *set) seen.insert(dtype_name(x.dtype));
        }
        for (const auto &d : seen) dtypes[d]++;
        for (const auto &b : known_backends()) {
            if (fs::exists(t.expert_kernel(b))) experts[b]++;
        }
        for (const auto &i : t.instances) {
            if (!i.heldout) visible++;
            else if (i.origin == "task.json") heldout++;
            else priv++;
        }
    }
    auto section = [](const std::string &title, const std::map<std::string, int> &m) {
        TextTable t({title, "tasks"});
        for (const auto &[k, v] : m) t.add({k, std::to_string(v)});
        std::cout << t.render() << "\n";
    };
    std::cout << suite.tasks().size() << " patterns, " << visible + heldout << " instances (" << visible << " visible, "
              << heldout << " held out" << (priv ? ", plus " + std::to_string(priv) + " private held-out" : std::string())
              << "), " << tiers.size() << " tiers, " << domains.size() << " domains; suite "
              << suite.content_hash().substr(0, 12) << "\n\n";
    section("tier", tiers);
    section("domain", domains);
    section("dtype", dtypes);
    section("expert kernel for backend", experts);
    return 0;
}

}  // namespace

int cmd_suite(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("suite"));
    TextTable::set_wide(a.flag("wide"));
    if (a.positional().size() != 1) throw UsageError("expected 'suite verify' or 'suite stats'");
    Suite suite = Suite::load(a.get_or("suite", (ekb_home() / "suite").string()), a.get_or("private-instances", ""));
    if (a.positional()[0] == "stats") return print_suite_stats(suite);
    if (a.positional()[0] == "calibrate") return calibrate_suite(suite, a);
    if (a.positional()[0] != "verify") throw UsageError("unknown 'suite " + a.positional()[0] + "' (verify, stats, calibrate)");
    auto tasks = suite.match(a.get_or("tasks", "*"));
    if (tasks.empty()) throw UsageError("no task matches --tasks " + a.get_or("tasks", "*"));
    int seeds = static_cast<int>(a.number("seeds", 3));
    if (seeds < 1) throw UsageError("--seeds must be at least 1");
    uint64_t seed = a.get("seed") ? static_cast<uint64_t>(a.number("seed", 0)) : fresh_seed();
    int threads = static_cast<int>(a.number("threads", default_threads()));
    Toolchain tc(cache_dir());
    Evaluator ev(suite, tc);
    TextTable table({"task", "result", "pytorch checks", "max abs err", "trivial outputs checked", "time", "problem"});
    int failed = 0;
    double t0 = monotonic_seconds();
    for (const Task *t : tasks) {
        VerifyOutcome o;
        try {
            o = verify_task(ev, tc, *t, seeds, seed, threads);
        } catch (const std::exception &e) {
            o.problem = e.what();
        }
        if (!o.ok) failed++;
        table.add({t->id, o.ok ? "ok" : "FAIL", std::to_string(o.checks), fmt_double(o.max_abs_err, 8),
                   std::to_string(o.trivial_checks), fmt_seconds(o.seconds),
                   clip(o.problem, 300)});
        std::cerr << "  " << t->id << ": " << (o.ok ? "ok" : "FAIL") << "\n";
    }
    std::cout << table.render() << tasks.size() - failed << " of " << tasks.size()
              << " tasks agree with PyTorch and reject every trivial output ("
              << seeds << " seeds per instance, seed " << seed << ", " << fmt_seconds(monotonic_seconds() - t0) << ")\n";
    return failed == 0 ? 0 : 1;
}

}  // namespace ekb
