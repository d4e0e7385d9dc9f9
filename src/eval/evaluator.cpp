#include "eval/evaluator.h"

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <random>

#include "common/files.h"
#include "common/paths.h"
#include "common/sha256.h"
#include "common/subprocess.h"
#include "common/test_points.h"
#include "common/untrusted_file.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "eval/availability.h"
#include "eval/conductor_process.h"
#include "eval/record_builder.h"
#include "eval/record_from_report.h"
#include "measure/stats.h"
#include "verify/datagen.h"
#include "verify/physical_bound.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

uint64_t fresh_seed() {
    std::random_device rd;
    return (uint64_t(rd()) << 32 ^ rd()) & 0x7fffffffffffffffull;  // fits an SQLite INTEGER
}

std::string candidate_target(const std::string &backend, bool naive_baseline) {
    std::string t = backend_target(backend);
    // On CPU backends the naive baseline is LLVM's code without its loop optimizations.
    if (naive_baseline && backend_info(backend).device_class == DeviceClass::cpu) t += "-disable_llvm_loop_opt";
    return t;
}

json probe_backend(Toolchain &tc, const std::string &backend) {
    return probe_with_runner(tc.runner(backend_target(backend), backend_info(backend).runner_recipe), backend);
}

std::string backend_unavailable_here(const std::string &backend) {
    const Backend &b = backend_info(backend);
    if (b.runner_recipe.rfind("cross-", 0) == 0) {
        if (std::string m = cross_runner_missing(b.runner_recipe.substr(6)); !m.empty()) {
            return "backend " + b.name + ": its runner cannot be built here, missing " + m + " (scripts/install-deps.sh)";
        }
    }
    return emulated_runner_missing(backend);
}

int default_threads() {
    if (const char *v = std::getenv("EKB_THREADS"); v && *v) return std::max(1, std::atoi(v));
    return std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
}

CompileResult Evaluator::reference_artifact(const Task &task, const std::string &backend) {
    const std::string &ref = backend_info(backend).reference;
    CompileResult r = compile_kernel(tc_, task, ref, reference_target_for(backend), read_file(task.naive_kernel()));
    if (!r.ok) {
        throw std::runtime_error("task " + task.id + ": its reference (kernels/naive.cpp on " + ref + ") does not build: [" +
                                 r.stage + "] " + r.message);
    }
    return r;
}

std::optional<CompileResult> Evaluator::expert_artifact(const Task &task, const std::string &backend) {
    fs::path p = task.expert_kernel(backend);
    if (!fs::exists(p)) return std::nullopt;
    CompileResult r = compile_kernel(tc_, task, backend, backend_target(backend), read_file(p));
    if (!r.ok) {
        throw std::runtime_error("task " + task.id + ": its expert " + p.filename().string() + " does not build: [" +
                                 r.stage + "] " + r.message);
    }
    return r;
}

ConductSpec conduct_spec_for(const Task &task, const std::string &backend, uint64_t seed, int threads,
                             const std::vector<std::string> &instance_names) {
    ConductSpec s;
    s.backend = backend;
    s.threads = threads;
    s.seed = seed;
    for (const auto &t : task.inputs) s.inputs.push_back({t.name, t.dtype, t.range_lo, t.range_hi, t.adversarial, 0, 0});
    for (const auto &t : task.outputs) {
        const Tolerance &tol = task.tolerance.at(t.name);
        s.outputs.push_back({t.name, t.dtype, 0, 0, {}, tol.atol, tol.rtol});
    }
    uint64_t k = 0;
    for (const auto &inst : task.instances) {
        k++;
        if (!instance_names.empty() &&
            std::find(instance_names.begin(), instance_names.end(), inst.name) == instance_names.end()) {
            continue;
        }
        ConductInstance ci;
        ci.name = inst.name;
        ci.heldout = inst.heldout;
        for (const auto &t : task.inputs) ci.input_shapes.push_back(task.shape(t, inst));
        for (const auto &t : task.outputs) ci.output_shapes.push_back(task.shape(t, inst));
        ci.seed = mix_seed(seed, k) & 0x7fffffffffffffffull;
        try {
            if (!task.flops_expr.empty()) ci.flops = task.flops(inst);
            if (!task.bytes_expr.empty()) ci.bytes = task.bytes(inst);
        } catch (const std::exception &) {
            ci.flops = ci.bytes = 0;  // no physical bound for this instance
        }
        s.instances.push_back(std::move(ci));
    }
    if (s.instances.empty()) throw std::runtime_error("task " + task.id + ": no instance selected");
    return s;
}

EvalDeadline::EvalDeadline(double seconds) : end(seconds > 0 ? monotonic_seconds() + seconds : 0) {}
double EvalDeadline::left() const { return end > 0 ? end - monotonic_seconds() : 1e300; }
void EvalDeadline::extend(double seconds) {
    if (end > 0) end += seconds;
}
CompileOptions EvalDeadline::compile(CompileOptions co) const {
    if (end <= 0) return co;
    double l = std::max(0.01, left() / 2);
    co.compile_seconds = std::min(co.compile_seconds, l);
    co.generate_seconds = std::min(co.generate_seconds, l);
    return co;
}
double EvalDeadline::conductor(double wall) const {
    if (end <= 0) return wall;
    double l = left();
    if (l <= 0) throw std::runtime_error("the evaluation's deadline passed before the runner started");
    return std::min(wall, l);
}

PreparedEval Evaluator::prepare(const EvalRequest &req, EvalDeadline &deadline, bool here) {
    const Task &task = *req.task;
    PreparedEval p;
    ResultRecord &r = p.record;
    r = new_record({&task, req.backend, req.producer, req.model, req.sample, req.kernel_name}, suite_, req.kernel_source,
                   candidate_target(req.backend, req.naive_baseline));
    uint64_t seed = req.seed ? *req.seed : fresh_seed();
    r.seed = static_cast<int64_t>(seed);
    int threads = req.threads > 0 ? req.threads : default_threads();
    r.threads = threads;
    r.record_key = sha256_hex(task.id + "|" + req.backend + "|" + req.producer + "|" + req.model + "|" +
                              std::to_string(req.sample) + "|" + r.kernel_hash + "|" + std::to_string(seed) + "|" +
                              r.created_at)
                       .substr(0, 24);
    p.env = {{"host_target", reference_target()}, {"confinement", req.confine ? confinement_summary() : "none"}};

    // Compile the candidate first: a kernel that does not build costs nothing more.
    p.candidate = compile_kernel(tc_, task, req.backend, r.target, req.kernel_source, deadline.compile(req.compile));
    if (!apply_compile_result(r, p.candidate)) {
        r.environment = p.env.dump();
        return p;
    }

    double t_trusted = monotonic_seconds();
    p.reference = reference_artifact(task, req.backend);
    if (req.compare_with_expert) p.expert = expert_artifact(task, req.backend);
    p.trusted_s = monotonic_seconds() - t_trusted;
    deadline.extend(p.trusted_s);  // the trusted builds are not the candidate's time

    ConductSpec &spec = p.spec;
    spec = conduct_spec_for(task, req.backend, seed, threads, req.instance_names);
    spec.confine = req.confine;
    spec.timing = req.timing;
    spec.call_seconds = req.call_seconds;
    spec.start_seconds = req.start_seconds;
    spec.candidate = p.candidate.artifact.string();
    spec.reference = p.reference.artifact.string();
    if (p.expert) spec.expert = p.expert->artifact.string();
    // On a remote device, threads 0: the device's own online cores (recorded from its report).
    if (remote_ && req.threads <= 0) spec.threads = 0;
    // This machine's measured peaks for the physical bound (none: the check says "no peaks").
    // Specs run on other devices (bundles, fabric workers) carry none.
    if (auto pk = peaks_for_backend(req.backend); pk && here && !remote_) {
        spec.peak_gflops = pk->gflops;
        spec.peak_gbps = pk->gbps;
    }
    p.runner_target = r.target;
    p.runnable = true;
    return p;
}

ResultRecord Evaluator::evaluate(const EvalRequest &req, EvalPhases *phases) {
    double t0 = monotonic_seconds();
    EvalDeadline deadline(req.deadline_seconds);
    PreparedEval p = prepare(req, deadline);
    if (phases) phases->compile_s = monotonic_seconds() - t0 - p.trusted_s;
    return finish(req, p, deadline, t0, phases);
}

ResultRecord Evaluator::finish(const EvalRequest &req, PreparedEval &p, EvalDeadline &deadline, double t0,
                               EvalPhases *phases) {
    ResultRecord &r = p.record;
    if (phases) {
        phases->cache_hit = p.candidate.cache_hit;
        phases->trusted_s = p.trusted_s;
    }
    if (!p.runnable) {
        r.eval_s = monotonic_seconds() - t0;
        if (phases) phases->total_s = r.eval_s;
        return r;
    }

    double t1 = monotonic_seconds();
    std::string lost;
    json rep = conduct(req, "eval", p.runner_target, p.spec, p.env, lost, deadline.conductor(conductor_wall_seconds(p.spec)));
    if (phases) phases->conduct_s = monotonic_seconds() - t1;
    if (phases) phases->conductor = rep;

    json &env = p.env;
    env["backend"] = req.backend;
    if (!lost.empty()) {
        // Every worker that took the job died or went silent: the kernel (or the device) kills
        // workers. That is the kernel's failure, recorded, not retried forever.
        r.status = "incorrect";
        r.failure_stage = "run";
        r.failure_code = "worker_lost";
        r.failure_message = lost;
        r.environment = env.dump();
        r.eval_s = monotonic_seconds() - t0;
        if (phases) phases->total_s = r.eval_s;
        return r;
    }
    if (rep.contains("device_unavailable")) throw std::runtime_error(device_unavailable_message(rep));
    apply_conductor_report(r, rep, env);
    r.eval_s = monotonic_seconds() - t0;
    if (phases) phases->total_s = r.eval_s;
    return r;
}

json Evaluator::conduct(const EvalRequest &req, const std::string &purpose, const std::string &runner_target,
                        const ConductSpec &spec, json &env, std::string &lost, double wall) {
    if (!remote_) return run_conductor(tc_.runner(runner_target, backend_info(req.backend).runner_recipe), spec, wall);
    RemoteRun run;
    run.key = req.job_key.empty() ? "content" : req.job_key;
    run.key += "|" + purpose;
    run.backend = req.backend;
    run.runner_target = runner_target;
    run.spec = spec;
    run.wall_seconds = wall;
    RemoteOutcome out = remote_->conduct(run);
    env["fabric"] = out.worker;
    lost = out.lost;
    return out.report;
}

json Evaluator::profile(const EvalRequest &req, double seconds, const std::function<double()> &before_run) {
    const Task &task = *req.task;
    // The instance: the largest of those selected (all visible ones when none is named).
    std::vector<const Instance *> selected = task.visible_instances();
    if (!req.instance_names.empty()) {
        selected.clear();
        for (const auto &name : req.instance_names) {
            if (const Instance *i = task.find_instance(name)) selected.push_back(i);
        }
    }
    const Instance *pick = task.largest_instance(selected);
    if (!pick) return {{"error", "task " + task.id + ": no instance to profile"}};
    // The kernel with the profile feature; on GPUs a runner whose runtime has the debug
    // feature, which synchronizes after every kernel launch (per-kernel times, and the
    // profiler's per-Func times then cover the kernels' execution, not just their launch).
    std::string target = candidate_target(req.backend, false) + "-profile";
    EvalDeadline deadline(req.deadline_seconds);
    CompileResult c = compile_kernel(tc_, task, req.backend, target, req.kernel_source, deadline.compile(req.compile));
    if (!c.ok) return {{"error", "the kernel does not build with the profile feature: [" + c.stage + "] " + clip(c.message, 800)}};
    double t_trusted = monotonic_seconds();
    CompileResult ref = reference_artifact(task, req.backend);
    deadline.extend(monotonic_seconds() - t_trusted);
    ConductSpec spec = conduct_spec_for(task, req.backend, req.seed ? *req.seed : fresh_seed(),
                                        req.threads > 0 ? req.threads : default_threads(), {pick->name});
    spec.confine = req.confine;
    spec.timing = req.timing;
    spec.timing.enabled = false;
    spec.timing.rotations = 1;
    spec.call_seconds = req.call_seconds;
    spec.start_seconds = req.start_seconds;
    spec.candidate = c.artifact.string();
    spec.reference = ref.artifact.string();
    spec.profile_seconds = seconds;
    if (remote_ && req.threads <= 0) spec.threads = 0;
    if (before_run) deadline.extend(before_run());
    std::string runner_target = is_gpu_backend(req.backend) ? candidate_target(req.backend, false) + "-debug"
                                                            : candidate_target(req.backend, false);
    json env;
    std::string lost;
    json rep = conduct(req, "profile", runner_target, spec, env, lost, deadline.conductor(conductor_wall_seconds(spec)));
    if (!lost.empty()) return {{"error", "no worker finished the profile: " + lost}};
    if (!rep.value("supported", false)) return {{"error", "the device is not available: " + rep.value("reason", std::string())}};
    if (!rep.value("correct", false)) {
        json f = rep.contains("candidate") && rep["candidate"].is_object() ? rep["candidate"].value("failure", json()) : json();
        return {{"error", "the profiled build failed on instance " + pick->name + ": " + (f.is_object() ? f.value("message", std::string()) : std::string("not correct"))}};
    }
    if (!rep.contains("profile")) return {{"error", "the runner returned no profile"}};
    return rep["profile"];
}

}  // namespace ekb
