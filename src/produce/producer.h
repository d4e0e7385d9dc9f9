// Producers: who writes the kernel of a sample. `ekb run` asks a producer for one kernel
// per (task, backend, model, sample) and evaluates what it returns like any other kernel.
//
// Built in here:
//   expert        the task's expert kernel for the backend (the speed baseline itself)
//   naive         the task's naive kernel (evaluated as the naive baseline)
//   dir:<path>    kernels from files: <path>/<task>/<backend>.cpp, else <path>/<task>.cpp
// The LLM producers (direct, iterative, external) and LEKA register here as they land.
//
// A producer that fails to deliver a kernel (a reply without code, a missing file) returns
// a Production with ok = false: that is data (status no_kernel), not a harness error.
#pragma once
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "suite/task.h"

namespace ekb {

struct ProduceRequest {
    const Task *task = nullptr;
    std::string backend;
    std::string model;                // "" for producers that use no model
    int64_t sample = 0;
    uint64_t seed = 0;                // the producer's own seed (never the evaluation seed)
    std::filesystem::path log_dir;    // where transcripts/traces go (the experiment folder)
    std::string key;                  // the sample's stable key (for file names)
};

struct Production {
    bool ok = false;
    std::string source;               // the kernel file
    std::string kernel_name;          // for the record
    bool naive_baseline = false;      // evaluate as the naive baseline (no LLVM loop opts on cpu)
    std::string error_code;           // when !ok: machine-readable ("no_kernel", "missing_file", ...)
    std::string error_message;
    std::string transcript, trace;    // relative to log_dir, when the producer wrote them
    nlohmann::json layer_credit;      // null unless the producer attributes its speedup to layers
};

class Producer {
public:
    virtual ~Producer() = default;
    virtual std::string name() const = 0;   // as written in records (e.g. "expert", "dir:kernels")
    virtual bool uses_model() const = 0;    // false: the model dimension of the matrix collapses
    virtual Production produce(const ProduceRequest &req) = 0;  // thread-safe
};

// Parses a producer spec ("expert", "naive", "dir:<path>"); throws std::invalid_argument
// naming the spec and the producers known.
std::unique_ptr<Producer> make_producer(const std::string &spec);

}  // namespace ekb
