// The conductor: the trusted side of an evaluation (design.md sections 2 and 4). It runs
// on the device itself (locally, or from a bundle), needs no compiler and no libHalide,
// and does everything that must not be left to a kernel:
//   - generates inputs from fresh seeds, per instance and rotation set;
//   - computes reference outputs with the trusted reference artifact, in its own process;
//   - starts one untrusted worker per artifact (candidate, expert), confined;
//   - verifies every instance: tolerance, NaN/Inf placement, guard bands, untouched inputs,
//     outputs actually written (poisoned before each checked call), on random and
//     adversarial input sets, every set twice (results bit-identical where required);
//   - times candidate and expert alternately (A B B A) on rotated input sets at distinct
//     addresses (call i: input set i % S, output set i % (S + 1)), verifying the final
//     output of every output set after every timed batch, and owns the clock;
//   - flags a time below the task's physical bound on the device's peaks as suspect;
//   - on request, profiles a verified candidate built with the profile feature.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/backend_table.h"
#include "suite/dtype.h"
#include "verify/datagen.h"

namespace ekb {

struct TimingConfig {
    bool enabled = true;
    int rotations = 4;                 // input/output sets at distinct addresses
    double warmup_seconds = 0.03;      // per side, per instance
    double min_sample_seconds = 0.01;  // calls per sample grow until a sample lasts this long
    int min_samples = 10;
    int max_samples = 200;
    double target_rse = 0.01;          // stop when both sides' relative standard error is below
    double cap_seconds = 1.5;          // per instance, both sides together
    double check_fraction = 0.25;      // share of timed samples whose output is verified
    int bootstrap_resamples = 2000;
};

struct ConductTensor {
    std::string name;
    DType dtype = DType::f32;
    double lo = -1, hi = 1;      // inputs
    std::vector<AdversarialGen> adversarial;  // inputs: verification-only sets (datagen.h)
    double atol = 0, rtol = 0;   // outputs
};

struct ConductInstance {
    std::string name;
    bool heldout = false;
    std::vector<std::vector<int64_t>> input_shapes, output_shapes;  // PyTorch order
    uint64_t seed = 0;
    double flops = 0, bytes = 0;  // the task's work per call (0: unknown), for the physical bound
};

struct ConductSpec {
    std::string backend = host_cpu_backend().name;
    int threads = 1;
    bool confine = true;
    std::string candidate, expert, reference;  // artifact paths; expert may be empty
    std::vector<ConductTensor> inputs, outputs;
    std::vector<ConductInstance> instances;
    TimingConfig timing;
    // Verification: random sets are added (verification-only rounds, at most
    // max_extra_rounds) until at least this many integer outputs are compared exactly.
    int min_exact_outputs = 4096;
    int max_extra_rounds = 128;
    // Every set runs twice; integer outputs must be bit-identical, float outputs too when set
    // (off by default: on an H200 three cuda experts differed by one ULP between runs; both
    // runs of a float output are still checked against the reference and its tolerance).
    bool identical_floats = false;
    // The device's measured peaks (0: unknown): a time below the physical bound is suspect.
    double peak_gflops = 0, peak_gbps = 0;
    double call_seconds = 10;      // wall-clock limit of any one command to a worker
    double start_seconds = 30;     // worker start (loading, GPU context)
    uint64_t worker_memory_bytes = 16ull << 30;  // RLIMIT_AS for cpu workers
    uint64_t seed = 1;             // for the checked-sample choice and the bootstrap
    std::string workdir;           // where workers get their private directories
    // > 0: after verification, run the candidate on the last instance this long and report
    // its profile ("profile": per-Func times from the Halide profiler, per-kernel GPU times).
    // The candidate must be built with the profile feature and the runner's runtime too.
    double profile_seconds = 0;

    nlohmann::json to_json() const;
    static ConductSpec from_json(const nlohmann::json &j);
};

// Runs the whole evaluation; never throws for a kernel's failure (that is data in the
// result). Throws std::runtime_error for harness errors (a broken reference, bad spec).
nlohmann::json conduct(const ConductSpec &spec);

// For suite verification: for every instance, generates the inputs of rotation set 0 and
// runs the reference artifact on them; writes <out_dir>/<k>/<tensor>.bin (raw, little
// endian, PyTorch order) and <out_dir>/manifest.json. Runs no candidate.
void dump_reference(const ConductSpec &spec, const std::string &out_dir);

// The Halide runtime's error handler for the process that runs conduct() or
// dump_reference() (ekb-runner installs it): the reference artifact runs in that process,
// and the runtime's default handler prints to stdout and aborts, so a task whose reference
// fails (a bug in its algorithm, e.g. an input read beyond its extent) ended the conductor
// with SIGABRT and no message. The message is kept and reported as the task's bug instead.
extern "C" void ekb_capture_reference_error(void *user_context, const char *msg);

}  // namespace ekb
