// Producers: who writes the kernel of a sample. `ekb run` asks a producer for one kernel
// per (task, backend, model, sample) and evaluates what it returns like any other kernel.
//
//   expert        the task's expert kernel for the backend (the speed baseline itself)
//   naive         the task's naive kernel (evaluated as the naive baseline)
//   dir:<path>    kernels from files: <path>/<task>/<backend>.cpp, else <path>/<task>.cpp
//   direct        one reply per sample from a model (llm_producers.cpp)
//   iterative     one general agent: turns of kernel -> feedback on visible instances
//   external      a user's command (any coding agent) in a prepared workspace (external.cpp)
//   auto:<name>   Halide 14's autoschedulers, no model (autoschedule.cpp): auto:adams2019 and
//                 auto:mullapudi2016 (cpu only), auto:li2018 (cpu and GPU backends)
//   leka          the Layered Edge Kernel Agent (leka/): leka-no-<layer> ablates a layer,
//                 leka-from-<backend> starts from another backend's leka kernel
//
// A producer that fails to deliver a kernel (a reply without code, a missing file) returns
// a Production with ok = false: that is data (status no_kernel), not a harness error.
#pragma once
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "device/device_profile.h"
#include "produce/budget.h"
#include "produce/prompt.h"
#include "suite/task.h"

namespace ekb {

class ChatModel;
struct LlmConfig;

struct Production {
    bool ok = false;
    std::string source;               // the kernel file
    std::string kernel_name;          // for the record
    bool naive_baseline = false;      // evaluate as the naive baseline (no LLVM loop opts on cpu)
    std::string error_code;           // when !ok: machine-readable ("no_kernel", "missing_file", ...)
    std::string error_message;
    std::string transcript, trace;    // relative to log_dir, when the producer wrote them
    nlohmann::json layer_credit;      // null unless the producer attributes its speedup to layers
    std::string stop_reason;          // why the producer stopped (budget cap, turns, converged, ...)
};

// What producers share during a run (implemented by the run loop): models, the device
// profile, and `check` — compile, verify and time a kernel on VISIBLE instances only, with
// a search seed (never the evaluation seed), charging the sample's budget.
class ProduceContext {
public:
    virtual ~ProduceContext() = default;
    virtual ChatModel &chat(const std::string &model) = 0;            // throws LlmError (config)
    virtual double cost(const std::string &model, int64_t tokens_in, int64_t tokens_out) const = 0;
    virtual DeviceProfile device_profile(const std::string &backend) = 0;
    virtual Feedback check(const Task &task, const std::string &backend, const std::string &source, uint64_t search_seed,
                           Budget &budget, const std::string &account) = 0;
    // The per-Func profile of a (verified) kernel on the largest visible instance, with
    // per-kernel times on GPUs (Evaluator::profile; kernel_profile.h renders it); charged
    // to the budget as device time, not as a check. null where the context cannot profile.
    virtual nlohmann::json profile(const Task &task, const std::string &backend, const std::string &source,
                                   uint64_t search_seed, Budget &budget, const std::string &account) {
        (void)task, (void)backend, (void)source, (void)search_seed, (void)budget, (void)account;
        return nullptr;
    }
    // The task's pipeline graph (ekb-gen's pipeline.json, from its naive kernel on this
    // backend); throws std::runtime_error when the naive kernel does not build.
    virtual std::string pipeline_graph(const Task &task, const std::string &backend) = 0;
    // What another producer delivered for a sample of this run (or of an earlier run of the
    // same experiment), waiting while it is still being produced; nullopt with `why` when
    // that sample is not in the run, not stored, or failed. LEKA's --seed-from uses it.
    virtual std::optional<Production> production_of(const Task &task, const std::string &backend,
                                                    const std::string &producer, const std::string &model,
                                                    int64_t sample, std::string *why) = 0;
};

struct ProducerOptions {
    double temperature = 0.7;
    int max_tokens = 8192;
    int turns = 4;                    // iterative: at most this many LLM turns (and the budget's caps)
    std::string external_command;     // external: a shell command run in the workspace
    double external_seconds = 600;    // external: wall-time limit when the budget sets none
    std::vector<std::string> external_read_only;  // external: more paths the agent may read (its install)
};

struct ProduceRequest {
    const Task *task = nullptr;
    std::string backend;
    std::string model;                // "" for producers that use no model
    int64_t sample = 0;
    uint64_t seed = 0;                // the producer's own seed (never the evaluation seed)
    std::filesystem::path log_dir;    // where transcripts/traces go (the experiment folder)
    std::string key;                  // the sample's stable key (for file names)
    ProduceContext *ctx = nullptr;    // null for producers that need none (expert, naive, dir:)
    Budget *budget = nullptr;         // the sample's budget
};


class Producer {
public:
    virtual ~Producer() = default;
    virtual std::string name() const = 0;   // as written in records (e.g. "expert", "dir:kernels")
    virtual bool uses_model() const = 0;    // false: the model dimension of the matrix collapses
    virtual Production produce(const ProduceRequest &req) = 0;  // thread-safe
};

// Parses a producer spec ("expert", "naive", "dir:<path>", "direct", "iterative",
// "external"); throws std::invalid_argument naming the spec and the producers known.
std::unique_ptr<Producer> make_producer(const std::string &spec, const ProducerOptions &opts = {});

std::unique_ptr<Producer> make_direct_producer(const ProducerOptions &opts);
std::unique_ptr<Producer> make_iterative_producer(const ProducerOptions &opts);
std::unique_ptr<Producer> make_external_producer(const ProducerOptions &opts);
// name: "adams2019", "li2018" or "mullapudi2016"; throws std::invalid_argument otherwise.
std::unique_ptr<Producer> make_autoschedule_producer(const std::string &name);

// `ekb check [kernel.cpp]` inside an external producer's workspace: sends the kernel to the
// trusted ekb process ($EKB_CHECK_SOCKET), prints its verdict; exit 0 correct, 1 not, 2 error.
int external_check_client(const std::string &kernel_path);

// Writes a producer's transcript (JSON) under log_dir/transcripts/<key>.json; returns the
// relative path.
std::string write_transcript(const ProduceRequest &req, const nlohmann::json &transcript);

}  // namespace ekb
