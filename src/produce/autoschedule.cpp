// auto:adams2019, auto:li2018, auto:mullapudi2016: Halide 14's own autoschedulers as
// baseline producers. No model: the producer writes a kernel file that builds the task's
// Algorithm with no hand schedule, sets estimates for every input and output from the
// task's FIRST visible instance, and calls Pipeline::auto_schedule with machine parameters
// taken from the run's device profile. The autoscheduler runs inside ekb-gen (confined),
// which loads the plugins (src/compile/gen_main.cpp); an autoscheduler that throws for a
// pipeline is the kernel's failure (stage generate), recorded like any other.
//
// Backends, as Halide 14 ships them: Adams2019 and Mullapudi2016 write CPU schedules only
// (neither emits gpu_blocks/gpu_threads; on a GPU target their pipelines would run on the
// host). They are not refused here: their kernels meet the one GPU rule every kernel meets
// (device_placement.h), which records them as object_check/object_rejected ("GPU kernels
// must run on the GPU"). Li2018 schedules GPU targets too (gpu_tile of the outputs and stages).
// The schedules are specialized to the estimated shape (default tail strategies): a smaller
// instance can fail at run time, which is data (docs/producers.md, "Autoscheduler baselines").
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "produce/autoschedule.h"
#include "produce/producer.h"

namespace ekb {

namespace {

using nlohmann::json;

struct Scheduler {
    const char *spec;        // after "auto:"
    const char *halide_name; // the name the plugin registers
};

const Scheduler k_schedulers[] = {
    {"adams2019", "Adams2019"},
    {"li2018", "Li2018"},
    {"mullapudi2016", "Mullapudi2016"},
};

constexpr int k_balance = 40;  // Halide's MachineParams::generic() balance

// "32K", "1024K", "16M", "12345" (as /sys/devices/system/cpu/.../cache/*/size writes them) -> bytes.
int64_t cache_bytes(const std::string &s) {
    size_t used = 0;
    int64_t n = 0;
    try {
        n = std::stoll(s, &used);
    } catch (const std::exception &) {
        return 0;
    }
    std::string unit = s.substr(used);
    if (unit == "K" || unit == "KB" || unit == "KiB") n <<= 10;
    else if (unit == "M" || unit == "MB" || unit == "MiB") n <<= 20;
    else if (!unit.empty()) return 0;
    return n;
}

// From the run's device profile. Without one (no ctx: a producer used outside a run, or a
// profile that cannot be read) Halide's MachineParams::generic() values stand in.
AutoscheduleMachine machine_from(ProduceContext *ctx, const std::string &backend) {
    if (!ctx) return {};
    try {
        return autoschedule_machine(ctx->device_profile(backend));
    } catch (const std::exception &) {
        return {};
    }
}

std::string region(const std::vector<int64_t> &pytorch_shape) {
    // Halide dimension 0 is the LAST PyTorch dimension.
    std::string s = "{";
    for (size_t i = pytorch_shape.size(); i-- > 0;) {
        s += "{0, " + std::to_string(pytorch_shape[i]) + "}";
        if (i) s += ", ";
    }
    return s + "}";
}

std::string dims_text(const Instance &inst) {
    std::string s;
    for (const auto &[k, v] : inst.dims) s += (s.empty() ? "" : ", ") + k + "=" + std::to_string(v);
    return s;
}

class AutoscheduleProducer : public Producer {
public:
    explicit AutoscheduleProducer(const Scheduler &s) : s_(s) {}
    std::string name() const override { return std::string("auto:") + s_.spec; }
    bool uses_model() const override { return false; }

    Production produce(const ProduceRequest &req) override {
        Production p;
        const Task &task = *req.task;
        auto visible = task.visible_instances();
        if (visible.empty()) {
            p.error_code = "no_visible_instance";
            p.error_message = "task " + task.id + " has no visible instance to take the autoscheduler's estimates from";
            return p;
        }
        const Instance &inst = *visible.front();
        AutoscheduleMachine m = machine_from(req.ctx, req.backend);

        std::string src = "// " + name() + " kernel for task `" + task.id + "` on " + req.backend + ": Halide 14's " +
                          s_.halide_name + " autoscheduler\n// schedules the task's algorithm (no hand schedule).\n" +
                          "// Estimates: the first visible instance, `" + inst.name + "` (" + dims_text(inst) + ").\n" +
                          "// Machine: parallelism " + std::to_string(m.parallelism) + ", last-level cache " +
                          std::to_string(m.llc_bytes) + " bytes, balance " + std::to_string(k_balance) + ",\n// from " +
                          m.source + ".\n";
        src += R"(#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    ekb::Kernel k = a.kernel();
    // Estimates in Halide order (dimension 0 is the last PyTorch dimension).
)";
        try {
            for (size_t i = 0; i < task.inputs.size(); i++) {
                src += "    k.inputs[" + std::to_string(i) + "].set_estimates(" + region(task.shape(task.inputs[i], inst)) +
                       ");  // " + task.inputs[i].name + " " + shape_string(task.shape(task.inputs[i], inst)) + "\n";
            }
            for (size_t i = 0; i < task.outputs.size(); i++) {
                src += "    k.outputs[" + std::to_string(i) + "].set_estimates(" + region(task.shape(task.outputs[i], inst)) +
                       ");  // " + task.outputs[i].name + " " + shape_string(task.shape(task.outputs[i], inst)) + "\n";
            }
        } catch (const std::exception &e) {
            p.error_code = "bad_instance";
            p.error_message = "task " + task.id + ", instance " + inst.name + ": " + e.what();
            return p;
        }
        src += R"(    // @layer compute
    // The autoscheduler owns every layer (compute, loops, memory, vector): it decides what is
    // inlined or computed where, the tiling and parallelism, and the vectorization.
    // @layer loops
    Pipeline(k.outputs).auto_schedule(")" +
               std::string(s_.halide_name) + "\", target, MachineParams(" + std::to_string(m.parallelism) + ", " +
               std::to_string(m.llc_bytes) + ", " + std::to_string(k_balance) + R"());
    // @layer memory
    // @layer vector
    // @end
    return k;
}
)";
        p.ok = true;
        p.source = src;
        p.kernel_name = std::string("auto_") + s_.spec + ".cpp";
        return p;
    }

private:
    const Scheduler &s_;
};

}  // namespace

AutoscheduleMachine autoschedule_machine(const DeviceProfile &p) {
    AutoscheduleMachine m;
    if (p.backend.empty()) return m;
    m.source = "the device profile of backend " + p.backend;
    if (p.device_class == DeviceClass::cpu) {
        if (p.cores > 0) m.parallelism = p.cores;
        else m.source += "; its parallelism is Halide's generic one (no cores in the profile)";
        if (int64_t llc = p.last_level_cache_bytes(); llc > 0) m.llc_bytes = llc;
        else m.source += "; its cache size is Halide's generic one (the profile lists no cache)";
        return m;
    }
    if (p.compute_units > 0) m.parallelism = p.compute_units;
    else m.source += "; its parallelism is Halide's generic one (no compute units in the profile)";
    if (p.l2_bytes > 0) m.llc_bytes = p.l2_bytes;
    else m.source += "; the cache size is Halide's generic one (the profile has no GPU L2 size)";
    return m;
}

std::unique_ptr<Producer> make_autoschedule_producer(const std::string &name) {
    for (const Scheduler &s : k_schedulers) {
        if (name == s.spec) return std::make_unique<AutoscheduleProducer>(s);
    }
    throw std::invalid_argument("unknown autoscheduler 'auto:" + name + "' (known: auto:adams2019, auto:li2018, auto:mullapudi2016)");
}

}  // namespace ekb
