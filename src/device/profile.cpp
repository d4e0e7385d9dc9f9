#include "device/profile.h"

#include <sys/stat.h>

#include <cmath>

#include "common/files.h"
#include "common/paths.h"
#include "common/subprocess.h"
#include "compile/backend.h"
#include "compile/compiler.h"
#include "compile/toolchain.h"
#include "eval/evaluator.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path peak_tasks_dir() { return ekb_home() / "src" / "device" / "peaks"; }

DeviceProfile local_device_profile(Toolchain &tc, const std::string &backend) {
    json probe;
    try {
        probe = probe_backend(tc, backend);
    } catch (const std::exception &e) {
        probe = {{"supported", false}, {"reason", e.what()}};
    }
    return profile_from_probe(backend, probe);
}

std::vector<PeakRun> peak_runs(Toolchain &tc, const std::string &backend, bool quick, double time_cap_seconds) {
    bool gpu = is_gpu_backend(backend);
    struct Want {
        const char *metric, *task, *instance;
    };
    std::vector<Want> wants = {
        {"gflops", "peak_fma", quick || !gpu ? "cpu-64k" : "gpu-4m"},
        {"gbps", "peak_triad", quick ? "small-4m" : "large-32m"},
    };
    std::vector<PeakRun> out;
    for (const auto &w : wants) {
        Task task = load_task(peak_tasks_dir() / w.task);
        const Instance *inst = nullptr;
        for (const auto &i : task.instances) {
            if (i.name == w.instance) inst = &i;
        }
        if (!inst) throw std::runtime_error(std::string("probe task ") + w.task + " has no instance " + w.instance);
        PeakRun r;
        r.metric = w.metric;
        r.task_id = w.task;
        r.instance = w.instance;
        r.work_per_call = r.metric == "gflops" ? task.flops(*inst) : task.bytes(*inst);
        r.target = backend_target(backend);
        CompileResult k = compile_kernel(tc, task, backend, r.target, read_file(task.expert_kernel(backend)));
        if (!k.ok) throw std::runtime_error(std::string("probe kernel ") + w.task + " for " + backend + ": [" + k.stage + "] " + k.message);
        CompileResult ref = compile_kernel(tc, task, backend_info(backend).reference, reference_target_for(backend),
                                           read_file(task.naive_kernel()));
        if (!ref.ok) throw std::runtime_error(std::string("probe reference ") + w.task + ": [" + ref.stage + "] " + ref.message);
        r.spec = conduct_spec_for(task, backend, 1, 0, {w.instance});
        r.spec.candidate = k.artifact.string();
        r.spec.reference = ref.artifact.string();
        r.spec.timing.cap_seconds = time_cap_seconds;
        r.spec.timing.rotations = 2;  // the streaming instance is large; 2 sets still alternate addresses
        r.spec.start_seconds = 60;
        out.push_back(std::move(r));
    }
    return out;
}


json device_profile_from_runs(const std::string &backend, const std::string &target, const json &probe, const std::vector<PeakRun> &runs,
                    const std::vector<json> &reports) {
    json dev = probe.value("device", json::object());
    json prof = {{"backend", backend}, {"target", target}, {"supported", probe.value("supported", false)},
                 {"device", dev}, {"gflops", nullptr}, {"gbps", nullptr}, {"peaks", json::object()}};
    if (!probe.value("supported", false)) prof["reason"] = probe.value("reason", "");
    json errors = json::array();
    for (size_t i = 0; i < runs.size() && i < reports.size(); i++) {
        const PeakRun &r = runs[i];
        const json &rep = reports[i];
        if (rep.is_null()) {
            errors.push_back(r.task_id + ": did not run");
            continue;
        }
        if (!rep.value("supported", false)) {
            errors.push_back(r.task_id + ": " + rep.value("reason", "not supported"));
            continue;
        }
        const json *timing = nullptr;
        for (const auto &inst : rep.at("instances")) {
            if (inst.value("name", "") == r.instance && inst.contains("timing")) timing = &inst.at("timing").at("candidate");
        }
        if (!rep.value("timed", false) || !timing) {
            std::string why = "not timed";
            if (rep.contains("candidate") && rep.at("candidate").is_object() && !rep.at("candidate").at("failure").is_null()) {
                why = rep.at("candidate").at("failure").value("code", "") + ": " + rep.at("candidate").at("failure").value("message", "");
            }
            errors.push_back(r.task_id + ": " + clip(why, 400));
            continue;
        }
        // A peak is what the device can do: the fastest decile of the samples (p10 time), not
        // the median, which other load on the machine only slows down. Both are recorded.
        double median = timing->at("median_s");
        double p10 = timing->contains("p10_s") && timing->at("p10_s").is_number() ? timing->at("p10_s").get<double>() : median;
        double rate = r.work_per_call / p10 / 1e9;
        prof[r.metric] = rate;
        prof["peaks"][r.metric] = {{"kernel", r.task_id}, {"instance", r.instance}, {"median_s", median},
                                   {"p10_s", p10}, {"p90_s", timing->value("p90_s", NAN)},
                                   {"rate_at_median", r.work_per_call / median / 1e9}, {"rate_from", "p10_s"},
                                   {"work_per_call", r.work_per_call}, {"threads", rep.value("threads", 0)}};
    }
    if (!errors.empty()) prof["errors"] = errors;
    DeviceProfile typed = profile_from_probe(backend, probe);
    if (!target.empty()) typed.target = target;
    if (prof["gflops"].is_number()) typed.gflops = prof["gflops"].get<double>();
    if (prof["gbps"].is_number()) typed.gbps = prof["gbps"].get<double>();
    prof["prompt"] = typed.to_json();
    return prof;
}

void write_peaks_file(const fs::path &file, const json &profile) {
    json j = json::object();
    if (fs::exists(file)) {
        try {
            j = json::parse(read_file(file));
        } catch (const json::exception &e) {
            throw std::runtime_error(file.string() + ": not JSON (" + e.what() + "); not overwriting it");
        }
        if (!j.is_object()) throw std::runtime_error(file.string() + ": not a peaks file ({\"<backend>\": {...}})");
    }
    if (!profile.at("gflops").is_number() || !profile.at("gbps").is_number()) {
        throw std::runtime_error("no peaks measured for " + profile.value("backend", std::string("?")) +
                                 " (not supported here, or a probe kernel failed): " + file.string() + " left as it was");
    }
    json dev = profile.value("device", json::object());
    std::string name = dev.contains("device") ? dev.at("device").get<std::string>() : dev.value("cpu_model", "");
    j[profile.at("backend").get<std::string>()] = {{"gflops", profile.at("gflops")}, {"gbps", profile.at("gbps")},
                                                   {"device", name}, {"target", profile.value("target", "")},
                                                   {"measured_at", profile.value("measured_at", "")}};
    write_file(file, j.dump(2) + "\n");
}

}  // namespace ekb
