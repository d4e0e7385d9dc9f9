// ekb suite verify: each task's PyTorch reference against its Halide reference, on the
// same inputs from ekb's generator, for every instance and several seeds.
// ekb suite fuzz-shapes: the naive and expert kernels on extra legal instances of every
// task (suite/shape_fuzz.h), with a sample of them verified against PyTorch.
// ekb suite check: the task-format rules that need more than one task.json (held-out
// instances small enough to reach every kernel's tails).
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
#include "suite/gpu_launch_limits.h"
#include "suite/shape_fuzz.h"
#include "suite/task_rules.h"
#include "verify/datagen.h"

namespace ekb {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct VerifyOutcome {
    bool ok = false;
    bool pytorch_ok = false;  // PyTorch agrees (trivial outputs aside)
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
        ConductSpec one = conduct_spec_for(task, host_cpu_backend().name, mix_seed(base_seed, static_cast<uint64_t>(s)), threads);
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
    o.pytorch_ok = rep.at("ok").get<bool>();
    o.ok = o.pytorch_ok && o.trivial_problem.empty();
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

// One failure the shape fuzz found.
struct FuzzFailure {
    std::string task, backend, kernel, instance, reason;
};

// The kernels' failures on `ft`'s instances, one evaluation per kernel; instances left
// unrun after a crash are evaluated again on their own.
void fuzz_kernel(Evaluator &ev, const Task &ft, const std::string &backend, const fs::path &file, int threads,
                 uint64_t seed, std::vector<FuzzFailure> &failures, int &runs) {
    std::string kernel = file.filename().string();
    std::vector<std::string> todo;
    for (const auto &i : ft.instances) todo.push_back(i.name);
    while (!todo.empty()) {
        EvalRequest req;
        req.task = &ft;
        req.backend = backend;
        req.kernel_source = read_file(file);
        req.kernel_name = kernel;
        req.producer = file.stem() == "naive" ? "naive" : "expert";
        req.compare_with_expert = false;
        req.seed = seed;
        req.threads = threads;
        req.timing.enabled = false;
        req.instance_names = todo;
        ResultRecord r;
        try {
            r = ev.evaluate(req);
        } catch (const std::exception &e) {
            failures.push_back({ft.id, backend, kernel, "(all)", std::string("harness: ") + e.what()});
            return;
        }
        runs++;
        if (!r.compiled) {
            failures.push_back({ft.id, backend, kernel, "(all)", "[" + r.failure_stage + "/" + r.failure_code + "] " + r.failure_message});
            return;
        }
        // Thread blocks an NVIDIA GPU refuses, which PoCL and a compile-only cuda accept.
        if (is_gpu_backend(backend) && todo.size() == ft.instances.size()) {
            for (const auto &p : gpu_block_problems(r.loop_nest)) failures.push_back({ft.id, backend, kernel, "(all)", "[launch] " + p});
        }
        if (r.status == "not_supported") return;  // compiled; no device here to run it
        std::vector<std::string> again;
        bool any = false;
        for (const auto &i : json::parse(r.instances.empty() ? "[]" : r.instances)) {
            if (i.at("correct").get<bool>()) continue;
            const json &f = i.at("failure");
            std::string code = f.is_object() ? f.value("code", "") : "";
            if (code == "not_run" && todo.size() > 1) {
                again.push_back(i.at("name"));
                continue;
            }
            any = true;
            failures.push_back({ft.id, backend, kernel, i.at("name"),
                                f.is_object() ? "[" + f.value("stage", "") + "/" + code + "] " + f.value("message", "") : "not correct"});
        }
        if (!r.correct && !any && again.empty()) {
            failures.push_back({ft.id, backend, kernel, r.failure_instance.empty() ? "(all)" : r.failure_instance,
                                "[" + r.failure_stage + "/" + r.failure_code + "] " + r.failure_message});
        }
        // A crash leaves the rest unrun: the first of them failed with it, rerun the others.
        if (again.size() == todo.size()) again.erase(again.begin());
        todo = again;
    }
}

// fuzz-shapes' default backends: those that run on this machine's own CPU, natively (the
// host CPU, and OpenCL, which is PoCL where there is no GPU).
std::string default_fuzz_backends() {
    std::string out;
    for (const auto &b : backend_table()) {
        if (runs_natively(b) && b.lane != TimingLane::own_device) out += (out.empty() ? "" : ",") + b.name;
    }
    return out;
}

int fuzz_shapes_suite(const Suite &suite, const Args &a) {
    auto tasks = suite.match(a.get_or("tasks", "*"));
    if (tasks.empty()) throw UsageError("no task matches --tasks " + a.get_or("tasks", "*"));
    std::vector<std::string> backends = split_list(a.get_or("backends", default_fuzz_backends()));
    for (const auto &b : backends) {
        if (!is_known_backend(b)) throw UsageError("--backends: unknown backend '" + b + "' (" + backend_names() + ")");
    }
    int sample = static_cast<int>(a.number("verify-sample", 3));
    if (sample < 0) throw UsageError("--verify-sample must be >= 0");
    uint64_t seed = a.get("seed") ? static_cast<uint64_t>(a.number("seed", 0)) : fresh_seed();
    int threads = static_cast<int>(a.number("threads", default_threads()));
    ShapeFuzzOptions opt;
    if (a.get("max-elements")) opt.max_elements = static_cast<int64_t>(a.number("max-elements", 0));
    Toolchain tc(cache_dir());
    Evaluator ev(suite, tc);
    std::vector<FuzzFailure> failures;
    TextTable summary({"task", "fuzz instances", "pytorch-verified", "kernel runs", "failures", "time"});
    json out = json::array();
    int64_t total_instances = 0;
    double t0 = monotonic_seconds();
    for (const Task *t : tasks) {
        double tt = monotonic_seconds();
        Task ft = *t;
        ft.instances = shape_fuzz_instances(*t, opt);
        size_t before = failures.size();
        int runs = 0, verified = 0;
        total_instances += static_cast<int64_t>(ft.instances.size());
        if (!ft.instances.empty()) {
            // PyTorch on a sample: the last two (every dim small, every dim odd) and evenly spaced others.
            if (sample > 0) {
                Task vt = *t;
                vt.instances.clear();
                size_t n = ft.instances.size();
                std::set<size_t> pick;
                for (size_t k = 0; k < 2 && k < n && pick.size() < size_t(sample); k++) pick.insert(n - 1 - k);
                for (size_t k = 0; pick.size() < std::min(n, size_t(sample)); k++) pick.insert(k * n / size_t(sample) % n);
                for (size_t k : pick) vt.instances.push_back(ft.instances[k]);
                verified = static_cast<int>(vt.instances.size());
                try {
                    VerifyOutcome o = verify_task(ev, tc, vt, 1, seed, threads);
                    if (!o.pytorch_ok) failures.push_back({t->id, "pytorch", "reference.py", "(sample)", o.problem});
                } catch (const std::exception &e) {
                    failures.push_back({t->id, "pytorch", "reference.py", "(sample)", std::string("harness: ") + e.what()});
                }
            }
            for (const auto &b : backends) {
                fuzz_kernel(ev, ft, b, t->naive_kernel(), threads, seed, failures, runs);
                if (fs::exists(t->expert_kernel(b))) fuzz_kernel(ev, ft, b, t->expert_kernel(b), threads, seed, failures, runs);
            }
        }
        size_t found = failures.size() - before;
        summary.add({t->id, std::to_string(ft.instances.size()), std::to_string(verified), std::to_string(runs),
                     std::to_string(found), fmt_seconds(monotonic_seconds() - tt)});
        std::cerr << "  " << t->id << ": " << ft.instances.size() << " instances, " << (found ? std::to_string(found) + " failures" : "ok")
                  << "\n";
        json tj = {{"task", t->id}, {"instances", json::array()}, {"failures", json::array()}};
        for (const auto &i : ft.instances) tj["instances"].push_back({{"name", i.name}, {"dims", i.dims}});
        for (size_t k = before; k < failures.size(); k++) {
            const auto &f = failures[k];
            tj["failures"].push_back({{"backend", f.backend}, {"kernel", f.kernel}, {"instance", f.instance}, {"reason", f.reason}});
        }
        out.push_back(tj);
    }
    std::cout << summary.render() << "\n";
    if (!failures.empty()) {
        TextTable ft({"task", "backend", "kernel", "instance", "reason"});
        for (const auto &f : failures) ft.add({f.task, f.backend, f.kernel, f.instance, clip(f.reason, 300)});
        std::cout << ft.render() << "\n";
    }
    std::set<std::string> failing_tasks;
    for (const auto &f : failures) failing_tasks.insert(f.task);
    std::cout << failures.size() << " failures in " << failing_tasks.size() << " of " << tasks.size() << " tasks ("
              << total_instances << " fuzz instances, backends " << a.get_or("backends", default_fuzz_backends()) << ", cpu target "
              << reference_target() << ", seed " << seed << ", " << fmt_seconds(monotonic_seconds() - t0) << ")\n";
    if (auto path = a.get("out")) write_file(*path, out.dump(1) + "\n");
    return failures.empty() ? 0 : 1;
}

// ekb suite check: every task-format rule that load_task() does not enforce itself.
int check_suite(const Suite &suite, const Args &a) {
    auto tasks = suite.match(a.get_or("tasks", "*"));
    if (tasks.empty()) throw UsageError("no task matches --tasks " + a.get_or("tasks", "*"));
    int bad = 0;
    for (const Task *t : tasks) {
        auto problems = small_heldout_problems(*t);
        for (const auto &p : problems) std::cout << (t->dir / "task.json").string() << ": rule 'small held-out': " << p << "\n";
        if (!problems.empty()) bad++;
    }
    std::cout << tasks.size() - bad << " of " << tasks.size() << " tasks follow every rule (small held-out: every dim below "
              << k_small_extent << " in some held-out instance, where legal)\n";
    return bad == 0 ? 0 : 1;
}

int print_suite_stats(const Suite &suite) {
    std::map<std::string, int> tiers, domains, dtypes, experts;
    int visible = 0, heldout = 0, priv = 0, from_model = 0;
    for (const auto &t : suite.tasks()) {
        tiers[t.tier]++;
        if (t.source) from_model++;
        domains[t.domain]++;
        std::set<std::string> seen;
        for (const auto *set : {&t.inputs, &t.outputs}) {
            for (const auto &x : *set) seen.insert(dtype_name(x.dtype));
        }
        for (const auto &d : seen) dtypes[d]++;
        for (const auto &row : backend_table()) {
            if (fs::exists(t.expert_kernel(row.name))) experts[row.name]++;
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
              << suite.content_hash().substr(0, 12) << "\n"
              << from_model << " patterns name the model they come from (task.json 'source')\n\n";
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
    if (a.positional().size() != 1) throw UsageError("expected 'suite verify', 'stats', 'calibrate', 'fuzz-shapes' or 'check'");
    Suite suite = Suite::load(a.get_or("suite", (ekb_home() / "suite").string()), a.get_or("private-instances", ""));
    if (a.positional()[0] == "stats") return print_suite_stats(suite);
    if (a.positional()[0] == "calibrate") return calibrate_suite(suite, a);
    if (a.positional()[0] == "fuzz-shapes") return fuzz_shapes_suite(suite, a);
    if (a.positional()[0] == "check") return check_suite(suite, a);
    if (a.positional()[0] != "verify") {
        throw UsageError("unknown 'suite " + a.positional()[0] + "' (verify, stats, calibrate, fuzz-shapes, check)");
    }
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
