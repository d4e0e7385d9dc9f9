// `ekb run`'s engine: every sample of the matrix tasks x backends x producers x models x
// samples that has no record yet is produced, compiled, evaluated and stored.
//
//   producers + compiles   `jobs` worker threads (kernels compile in parallel)
//   evaluation             one lane per timing device; the lane evaluates one sample at a time
//   store                  one record per sample key, written in one transaction
//
// When the timing device is the local CPU (cpu, and OpenCL on PoCL), nothing else runs
// during an evaluation: a lane that wants to time waits for running compile steps to end
// and keeps new ones from starting until it is done (QuietGate). GPU lanes time while
// compiles run.
#pragma once
#include <string>
#include <vector>

#include "eval/evaluator.h"
#include "experiment/experiment.h"
#include "llm/cache.h"
#include "produce/budget.h"
#include "produce/producer.h"

namespace ekb {

struct RunOptions {
    std::vector<const Task *> tasks;
    std::vector<std::string> backends;
    std::vector<std::string> producers;  // specs (produce/producer.h)
    std::vector<std::string> models;     // for producers that use a model
    int samples = 1;
    int jobs = 0;                        // compile workers; 0: online cores
    double call_seconds = 10;
    double compile_seconds = 120;
    bool progress_bar = false;           // a terminal bar, else plain lines
    ProducerOptions producer;            // temperature, max_tokens, turns, external command
    BudgetCaps budget;                   // per sample, the same for every producer
    CacheMode cache_mode = CacheMode::readwrite;
    std::filesystem::path llm_cache_dir; // empty: <cache>/llm
    // --devices: every evaluation, check and profile runs on a fabric worker of its
    // backend's class (docs/fabric.md), one lane per connected worker; compiles stay here.
    RemoteConductor *remote = nullptr;
};

struct RunSummary {
    int total = 0;           // samples in the matrix
    int already_stored = 0;  // found in the store at start
    int evaluated = 0;       // stored by this run
    int harness_errors = 0;  // samples that could not be evaluated (not stored; a re-run retries them)
    int transient_failures = 0;  // of those, samples whose model calls failed transiently (network, 429, 5xx, ...)
    std::vector<std::string> errors;
    std::string aborted;     // set when the run stopped early (e.g. an API key was rejected)
    int64_t http_calls = 0;  // LLM requests that went to a provider (not served by the cache)
};

// The matrix, in a stable order.
std::vector<SampleId> expand_matrix(const RunOptions &opts);

RunSummary run_experiment(Experiment &exp, const Suite &suite, Toolchain &tc, const RunOptions &opts);

}  // namespace ekb
