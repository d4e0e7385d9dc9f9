// One evaluation, end to end: compile the kernel (and the task's trusted reference and
// expert), hand everything to the runner's conductor, and turn its report into a result
// record. Failures of the kernel are data in the record; only harness errors throw.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "common/backend_table.h"
#include "compile/compiler.h"
#include "eval/conductor_process.h"
#include "eval/remote_conductor.h"
#include "record/record.h"
#include "run/conductor.h"
#include "suite/suite.h"

namespace ekb {

class Toolchain;

struct EvalRequest {
    const Task *task = nullptr;
    std::string backend = host_cpu_backend().name;
    std::string kernel_source;
    std::string kernel_name;       // for the record ("kernel.cpp", "expert_cpu.cpp")
    std::string producer = "file";
    // The naive baseline: on cpu it is compiled with LLVM's loop optimizations off, so it is
    // the serial, unvectorized baseline design.md defines (not what LLVM's auto-vectorizer
    // makes of it). `ekb eval --naive` and calibration set this.
    bool naive_baseline = false;
    std::string model;
    int64_t sample = 0;
    bool compare_with_expert = true;
    std::optional<uint64_t> seed;  // evaluation seed; fresh from /dev/urandom when absent
    int threads = 0;               // 0: the device profile's (all online cores)
    TimingConfig timing;
    CompileOptions compile;
    double call_seconds = 10;      // per command to a worker
    double start_seconds = 30;     // worker start, and extra for its first call (GPU program builds)
    bool confine = true;
    // With a remote conductor (the device fabric): what this evaluation is for, stable across
    // restarts ("<sample key>#eval"); empty: derived from the request's content.
    std::string job_key;
    std::vector<std::string> instance_names;  // restrict to these instances (empty: all)
    // > 0: the whole evaluation (compile and run) must end within this many seconds (a
    // producer's check under the budget's device-seconds and wall caps): the compile steps
    // and the conductor get at most what is left; past it the evaluation is a harness error.
    double deadline_seconds = 0;
};

struct EvalPhases {
    double compile_s = 0;   // the candidate: compile + generate + check + link (or a cache hit)
    double trusted_s = 0;   // the reference and expert artifacts and the runner (cached after the first)
    double conduct_s = 0;   // the runner's conductor process, start to exit
    double total_s = 0;
    bool cache_hit = false;
    nlohmann::json conductor;  // the runner's full report
};

// EvalRequest::deadline_seconds: the compile steps share what is left (half each at most,
// so the runner gets the rest); the conductor gets what is left after them.
struct EvalDeadline {
    double end = 0;   // monotonic; 0: none
    explicit EvalDeadline(double seconds);
    double left() const;
    void extend(double seconds);
    CompileOptions compile(CompileOptions co) const;
    double conductor(double wall) const;
};

// An evaluation up to the runner: the record's identity and the candidate's compile and,
// when it compiled, the trusted artifacts and the conductor's spec. `ekb eval` conducts
// the spec here (or through the fabric); a bundle writes it for a device to conduct.
struct PreparedEval {
    ResultRecord record;        // identity, seed, threads, target, compile outcome
    bool runnable = false;      // compiled: `spec` is ready (else `record` is complete)
    CompileResult candidate, reference;
    std::optional<CompileResult> expert;
    ConductSpec spec;           // artifact paths absolute
    nlohmann::json env;         // the record's environment so far
    std::string runner_target;  // the runner that conducts the spec
    double trusted_s = 0;       // building the reference and the expert (cached after the first)
};

class Evaluator {
public:
    Evaluator(const Suite &suite, Toolchain &tc) : suite_(suite), tc_(tc) {}
    // Conductor runs go to `remote` (not owned; null: run here). Compiles stay here.
    void set_remote(RemoteConductor *remote) { remote_ = remote; }
    RemoteConductor *remote() const { return remote_; }
    ResultRecord evaluate(const EvalRequest &req, EvalPhases *phases = nullptr);

    // The steps of evaluate() before the runner. `here`: the spec runs on this machine
    // (it gets this machine's measured peaks); bundles and fabric workers pass false.
    // Throws when the task's own reference or expert does not build (a broken task).
    PreparedEval prepare(const EvalRequest &req, EvalDeadline &deadline, bool here = true);
    // The steps of evaluate() from the runner on: conducts a prepared evaluation and turns the
    // runner's report into the record. `t0`: when the evaluation started (its eval_s), so
    // that a caller may compile (prepare) and wait for a quiet machine in between.
    ResultRecord finish(const EvalRequest &req, PreparedEval &p, EvalDeadline &deadline, double t0,
                        EvalPhases *phases = nullptr);

    // Profiles a kernel (it should already be verified): builds it with Halide's profile
    // feature and runs it for `seconds` on the largest selected instance (req.instance_names,
    // else the visible ones). Returns the runner's profile: per-Func times from the Halide
    // profiler ("pipelines"), per-kernel times on GPUs ("kernels"), the instance, calls and
    // seconds; or {"error": why} when the kernel does not build or run that way. Only
    // harness errors throw. kernel_profile.h turns it into text. `before_run`, when set, is
    // called between the builds and the run (a caller's compile slot ends there and its wait
    // for a quiet machine begins); it returns the seconds it waited, which the deadline
    // does not count.
    nlohmann::json profile(const EvalRequest &req, double seconds,
                           const std::function<double()> &before_run = {});

    // The trusted artifacts of a task: the reference (naive.cpp built for the backend's
    // reference backend, a CPU backend of the runner's CPU) and the expert (per backend).
    // Throws when the suite's own kernels do not compile: that is a broken task, not a
    // kernel failure.
    CompileResult reference_artifact(const Task &task, const std::string &backend = host_cpu_backend().name);
    std::optional<CompileResult> expert_artifact(const Task &task, const std::string &backend);

private:
    // A conductor run, here or through the remote conductor; fills env["fabric"] with the
    // worker that ran it. `lost` gets the reason when no worker could finish it.
    nlohmann::json conduct(const EvalRequest &req, const std::string &purpose, const std::string &runner_target,
                           const ConductSpec &spec, nlohmann::json &env, std::string &lost, double wall_seconds);

    const Suite &suite_;
    Toolchain &tc_;
    RemoteConductor *remote_ = nullptr;
};

// The conductor's spec for a task: tensors, tolerances, and every (selected) instance with
// its shapes and a seed derived from `seed`.
ConductSpec conduct_spec_for(const Task &task, const std::string &backend, uint64_t seed, int threads,
                             const std::vector<std::string> &instance_names = {});

// The Halide target a candidate is built for: the backend's, with LLVM's loop optimizations
// off for the naive baseline on cpu.
std::string candidate_target(const std::string &backend, bool naive_baseline);

// The runner's probe of a backend's device here: {"supported", "device": {...}, "reason"}.
nlohmann::json probe_backend(Toolchain &tc, const std::string &backend);

uint64_t fresh_seed();
int default_threads();

}  // namespace ekb
