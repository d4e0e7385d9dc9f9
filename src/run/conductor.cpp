#include "run/conductor.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>

#include "common/backend_table.h"
#include "common/files.h"
#include "common/subprocess.h"
#include "common/untrusted_file.h"
#include "measure/stats.h"
#include "run/channel.h"
#include "run/device_probe.h"
#include "run/layout.h"
#include "run/pipeline_library.h"
#include "run/shared_region.h"
#include "verify/compare.h"
#include "verify/datagen.h"
#include "verify/physical_bound.h"
#include "verify/trivial_outputs.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

// ---------------------------------------------------------------------------------------
// Spec (de)serialization

json ConductSpec::to_json() const {
    auto tensors = [](const std::vector<ConductTensor> &v) {
        json a = json::array();
        for (const auto &t : v) {
            json adv = json::object();
            for (const auto &g : t.adversarial) adv[g.kind] = g.to_json();
            a.push_back({{"name", t.name}, {"dtype", dtype_name(t.dtype)}, {"lo", t.lo}, {"hi", t.hi},
                         {"atol", t.atol}, {"rtol", t.rtol}, {"adversarial", adv}});
        }
        return a;
    };
    json insts = json::array();
    for (const auto &i : instances) {
        insts.push_back({{"name", i.name}, {"heldout", i.heldout}, {"input_shapes", i.input_shapes},
                         {"output_shapes", i.output_shapes}, {"seed", i.seed}, {"flops", i.flops}, {"bytes", i.bytes}});
    }
    return {{"backend", backend}, {"threads", threads}, {"confine", confine}, {"candidate", candidate},
            {"expert", expert}, {"reference", reference}, {"inputs", tensors(inputs)}, {"outputs", tensors(outputs)},
            {"instances", insts},
            {"timing", {{"enabled", timing.enabled}, {"rotations", timing.rotations},
                        {"warmup_seconds", timing.warmup_seconds}, {"min_sample_seconds", timing.min_sample_seconds},
                        {"min_samples", timing.min_samples}, {"max_samples", timing.max_samples},
                        {"target_rse", timing.target_rse}, {"cap_seconds", timing.cap_seconds},
                        {"check_fraction", timing.check_fraction}, {"bootstrap_resamples", timing.bootstrap_resamples}}},
            {"min_exact_outputs", min_exact_outputs}, {"max_extra_rounds", max_extra_rounds},
            {"identical_floats", identical_floats}, {"peak_gflops", peak_gflops}, {"peak_gbps", peak_gbps},
            {"call_seconds", call_seconds}, {"start_seconds", start_seconds},
            {"worker_memory_bytes", worker_memory_bytes}, {"seed", seed}, {"workdir", workdir},
            {"profile_seconds", profile_seconds}};
}

ConductSpec ConductSpec::from_json(const json &j) {
    ConductSpec s;
    s.backend = j.at("backend");
    s.threads = j.at("threads");
    s.confine = j.value("confine", true);
    s.candidate = j.at("candidate");
    s.expert = j.value("expert", "");
    s.reference = j.at("reference");
    auto tensors = [](const json &a) {
        std::vector<ConductTensor> v;
        for (const auto &t : a) {
            ConductTensor c;
            c.name = t.at("name");
            auto d = parse_dtype(t.at("dtype").get<std::string>());
            if (!d) throw std::runtime_error("spec: bad dtype for " + c.name);
            c.dtype = *d;
            c.lo = t.value("lo", -1.0);
            c.hi = t.value("hi", 1.0);
            c.atol = t.value("atol", 0.0);
            c.rtol = t.value("rtol", 0.0);
            if (t.contains("adversarial")) {
                for (const auto &[kind, value] : t.at("adversarial").items()) {
                    AdversarialGen g;
                    std::string err = parse_adversarial(kind, value, c.dtype, c.lo, c.hi, g);
                    if (!err.empty()) throw std::runtime_error("spec: adversarial '" + kind + "' of " + c.name + ": " + err);
                    c.adversarial.push_back(g);
                }
            }
            v.push_back(c);
        }
        return v;
    };
    s.inputs = tensors(j.at("inputs"));
    s.outputs = tensors(j.at("outputs"));
    for (const auto &i : j.at("instances")) {
        ConductInstance ci;
        ci.name = i.at("name");
        ci.heldout = i.value("heldout", false);
        ci.input_shapes = i.at("input_shapes").get<std::vector<std::vector<int64_t>>>();
        ci.output_shapes = i.at("output_shapes").get<std::vector<std::vector<int64_t>>>();
        ci.seed = i.at("seed");
        ci.flops = i.value("flops", 0.0);
        ci.bytes = i.value("bytes", 0.0);
        s.instances.push_back(std::move(ci));
    }
    if (j.contains("timing")) {
        const auto &t = j.at("timing");
        s.timing.enabled = t.value("enabled", true);
        s.timing.rotations = t.value("rotations", 4);
        s.timing.warmup_seconds = t.value("warmup_seconds", 0.03);
        s.timing.min_sample_seconds = t.value("min_sample_seconds", 0.01);
        s.timing.min_samples = t.value("min_samples", 10);
        s.timing.max_samples = t.value("max_samples", 200);
        s.timing.target_rse = t.value("target_rse", 0.01);
        s.timing.cap_seconds = t.value("cap_seconds", 1.5);
        s.timing.check_fraction = t.value("check_fraction", 0.25);
        s.timing.bootstrap_resamples = t.value("bootstrap_resamples", 2000);
    }
    s.call_seconds = j.value("call_seconds", 10.0);
    s.start_seconds = j.value("start_seconds", 30.0);
    s.worker_memory_bytes = j.value("worker_memory_bytes", uint64_t(16) << 30);
    s.seed = j.value("seed", uint64_t(1));
    s.workdir = j.value("workdir", "");
    s.profile_seconds = j.value("profile_seconds", 0.0);
    s.min_exact_outputs = j.value("min_exact_outputs", 4096);
    s.max_extra_rounds = j.value("max_extra_rounds", 128);
    s.identical_floats = j.value("identical_floats", false);
    s.peak_gflops = j.value("peak_gflops", 0.0);
    s.peak_gbps = j.value("peak_gbps", 0.0);
    if (s.timing.rotations < 1) throw std::runtime_error("spec: timing.rotations must be >= 1");
    return s;
}

namespace {

std::string shape_desc(const std::vector<int64_t> &s) {
    std::string r = "[";
    for (size_t i = 0; i < s.size(); i++) r += (i ? ", " : "") + std::to_string(s[i]);
    return r + "]";
}

struct Failure {
    std::string stage;    // load | run | verify
    std::string code;     // load_error, signature, runtime_error, crash, timeout, mismatch, unwritten,
                          // guard_band, input_modified, timed_call_mismatch
    std::string message;
    std::string instance;
    bool heldout = false;
    json to_json() const {
        // The message may quote the worker (its replies, its stderr): always valid UTF-8.
        return {{"stage", stage}, {"code", code}, {"message", escape_invalid_utf8(message)}, {"instance", instance}, {"heldout", heldout}};
    }
};

// ---------------------------------------------------------------------------------------
// The message of the Halide runtime's last error in this process (the reference artifact's:
// ekb_capture_reference_error, conductor.h).
std::string g_reference_error;

}  // namespace

extern "C" void ekb_capture_reference_error(void *, const char *msg) {
    if (g_reference_error.size() < 4000) g_reference_error += msg;
}

namespace {

// Loads the reference artifact.
void load_reference(PipelineLibrary &ref, const std::string &path) {
    if (std::string e = ref.load(path); !e.empty()) throw std::runtime_error("reference artifact: " + e);
}

// Instance data: inputs and reference outputs, kept privately by the conductor.

// One input set with its reference outputs. `kind` is "" for uniform random inputs, else
// the adversarial kind (datagen.h) its inputs were made with.
struct SetData {
    std::string kind;
    std::vector<std::vector<uint8_t>> inputs;  // [input]
    std::vector<std::vector<uint8_t>> refs;    // [output]
};

// An instance's layout and one round of input sets (as many as the layout's input sets).
// Round 0 holds the random rotation sets, which are also the timed ones.
struct InstanceData {
    Layout layout;
    std::vector<SetData> sets;
};

std::vector<ArgLayout> arg_layouts(const ConductSpec &spec, const ConductInstance &inst) {
    std::vector<ArgLayout> args;
    for (size_t i = 0; i < spec.inputs.size(); i++) {
        args.push_back({spec.inputs[i].name, false, spec.inputs[i].dtype, inst.input_shapes.at(i), {}});
    }
    for (size_t i = 0; i < spec.outputs.size(); i++) {
        args.push_back({spec.outputs[i].name, true, spec.outputs[i].dtype, inst.output_shapes.at(i), {}});
    }
    return args;
}

// Inputs from `set_seed` (adversarial `kind` for the inputs that list it) and their
// reference outputs.
SetData make_set(const ConductSpec &spec, const ConductInstance &inst, const Layout &layout, PipelineLibrary &ref,
                 uint64_t set_seed, const std::string &kind) {
    SetData d;
    d.kind = kind;
    size_t nin = spec.inputs.size();
    std::vector<std::unique_ptr<HostBuffer>> bufs;
    std::vector<void *> argv;
    for (size_t i = 0; i < layout.args.size(); i++) {
        const ArgLayout &a = layout.args[i];
        std::vector<uint8_t> mem(a.bytes() + 64);
        if (!a.output) {
            const ConductTensor &t = spec.inputs[i];
            const AdversarialGen *g = nullptr;
            for (const auto &x : t.adversarial) {
                if (x.kind == kind) g = &x;
            }
            if (g) generate_adversarial(mem.data(), a.dtype, a.elements(), *g, t.lo, t.hi, set_seed, i);
            else generate_tensor(mem.data(), a.dtype, a.elements(), t.lo, t.hi, set_seed, i);
            d.inputs.push_back(std::move(mem));
        } else {
            fill_poison(mem.data(), a.dtype, a.elements());
            d.refs.push_back(std::move(mem));
        }
    }
    for (size_t i = 0; i < layout.args.size(); i++) {
        const ArgLayout &a = layout.args[i];
        auto b = std::make_unique<HostBuffer>();
        b->init(a.output ? d.refs[i - nin].data() : d.inputs[i].data(), a.dtype, a.shape);
        argv.push_back(&b->buf);
        bufs.push_back(std::move(b));
    }
    g_reference_error.clear();
    int r = ref.call(argv.data());
    if (r != 0) {
        std::string said = g_reference_error;
        while (!said.empty() && (said.back() == '\n' || said.back() == ' ')) said.pop_back();
        throw std::runtime_error("the reference artifact failed on instance '" + inst.name + "'" +
                                 (kind.empty() ? "" : " (adversarial input set '" + kind + "')") + " (error " +
                                 std::to_string(r) + (said.empty() ? "" : ": " + said) +
                                 "): this is a bug in the task, not in the kernel");
    }
    return d;
}

// Input sets and output sets of an instance: `sets` input sets, one more output set when
// there is more than one (so that consecutive uses of an output set see different inputs).
Layout plan_layout(const ConductSpec &spec, const ConductInstance &inst, int sets) {
    return Layout::plan(arg_layouts(spec, inst), sets, sets > 1 ? sets + 1 : 1);
}

// Round 0: the random rotation sets (set s from stream s of the instance seed).
InstanceData prepare_instance(const ConductSpec &spec, const ConductInstance &inst, PipelineLibrary &ref, int sets) {
    InstanceData d;
    d.layout = plan_layout(spec, inst, sets);
    for (int s = 0; s < sets; s++) {
        d.sets.push_back(make_set(spec, inst, d.layout, ref, mix_seed(inst.seed, static_cast<uint64_t>(s)), ""));
    }
    return d;
}

// The adversarial kinds any input of the spec lists, in adversarial_kinds() order.
std::vector<std::string> spec_adversarial_kinds(const ConductSpec &spec) {
    std::vector<std::string> out;
    for (const auto &k : adversarial_kinds()) {
        for (const auto &t : spec.inputs) {
            bool has = false;
            for (const auto &g : t.adversarial) has = has || g.kind == k;
            if (has) {
                out.push_back(k);
                break;
            }
        }
    }
    return out;
}

// Verification round r >= 1 of an instance: the adversarial sets first (one per kind,
// `sets` per round), then random sets from fresh streams of the instance seed.
std::vector<SetData> make_round(const ConductSpec &spec, const ConductInstance &inst, const Layout &layout,
                                PipelineLibrary &ref, int round, const std::vector<std::string> &kinds) {
    std::vector<SetData> out;
    for (int s = 0; s < layout.sets; s++) {
        size_t slot = static_cast<size_t>((round - 1) * layout.sets + s);
        std::string kind = slot < kinds.size() ? kinds[slot] : "";
        uint64_t stream = 0x100000ull + slot;
        out.push_back(make_set(spec, inst, layout, ref, mix_seed(inst.seed, stream), kind));
    }
    return out;
}

// Exactly compared (integer) output elements of one set of an instance.
size_t exact_outputs_per_set(const ConductSpec &spec, const ConductInstance &inst) {
    size_t n = 0;
    for (size_t o = 0; o < spec.outputs.size(); o++) {
        if (dtype_info(spec.outputs[o].dtype).is_float) continue;
        size_t e = 1;
        for (int64_t x : inst.output_shapes.at(o)) e *= static_cast<size_t>(x);
        n += e;
    }
    return n;
}

// ---------------------------------------------------------------------------------------
// A worker and everything the conductor knows about it.

class Side {
public:
    std::string role;
    bool gpu = false;  // outputs live on a device: fetch and poison go through the worker
    bool alive = false;
    std::optional<Failure> failure;
    double cold_start = -1;
    long peak_rss_kb = 0;
    double timed_seconds = 0;  // inside timed batches (warm-up and calibration included)
    SharedRegion shm;

    void start(const ConductSpec &spec, const std::string &artifact, size_t shm_bytes, const fs::path &work,
               const std::string &self_exe, const std::string &current_instance) {
        workdir_ = work / role;
        gpu = is_gpu_backend(spec.backend);
        fs::create_directories(workdir_ / "pocl");
        call_seconds_ = spec.call_seconds;
        shm = SharedRegion::create(shm_bytes, ("ekb-" + role).c_str());
        std::string bytes;
        try {
            bytes = read_file(artifact);
        } catch (const std::exception &e) {
            set_failure("load", "load_error", e.what(), current_instance, false);
            return;
        }
        int art = ::memfd_create("ekb-artifact", MFD_CLOEXEC);
        if (art < 0 || ::write(art, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size())) {
            throw std::runtime_error("cannot stage the artifact in memory");
        }
        int cmd[2], rep[2];
        if (::pipe2(cmd, O_CLOEXEC) != 0 || ::pipe2(rep, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
        SpawnSpec s;
        s.argv = {self_exe, "worker", spec.backend, std::to_string(spec.threads)};
        // A runner for another CPU runs under its emulator here, and so do its workers.
        if (const char *emu = std::getenv("EKB_RUNNER_EMULATOR"); emu && *emu) s.argv.insert(s.argv.begin(), emu);
        if (spec.profile_seconds > 0 && role == "candidate") s.argv.push_back("profile");
        s.env = base_env(workdir_);
        s.env.push_back("POCL_CACHE_DIR=" + (workdir_ / "pocl").string());
        s.env.push_back("CUDA_CACHE_PATH=" + (workdir_ / "cuda-cache").string());
        for (auto &e : driver_env()) s.env.push_back(e);
        s.cwd = workdir_;
        s.owned_dirs = {workdir_ / "pocl"};
        s.stdout_path = workdir_ / "stdout.txt";
        s.stderr_path = workdir_ / "stderr.txt";
        s.pass_fds = {cmd[0], rep[1], art, shm.fd()};
        s.confine = spec.confine;
        // Sees the system and the runner read-only, its own directory read-write; GPU
        // device nodes only for GPU backends.
        s.sandbox = SandboxMounts{{fs::path(self_exe).parent_path()}, {}, gpu};
        s.limits.wall_seconds = 1e9;  // the conductor enforces deadlines per command
        // GPU drivers reserve huge address ranges: only CPU workers get an address-space cap.
        s.limits.address_space_bytes = gpu ? 0 : spec.worker_memory_bytes;
        s.limits.file_size_bytes = 256ull << 20;
        proc_ = Process::spawn(s);
        ::close(cmd[0]);
        ::close(rep[1]);
        ::close(art);
        ch_ = Channel(rep[0], cmd[1]);
        std::string hello;
        bool timed_out = false;
        if (!ch_.receive(hello, spec.start_seconds, timed_out)) {
            died(timed_out, spec.start_seconds, "load", current_instance, false);
            return;
        }
        if (hello != "ok") {
            std::string msg = escape_invalid_utf8(hello.rfind("err load ", 0) == 0 ? unescape_line(hello.substr(9)) : hello);
            set_failure("load", "load_error", msg, current_instance, false);
            stop();
            return;
        }
        alive = true;
    }

    // Sends a command; on a dead/hung worker records the failure and returns nullopt.
    // `limit` overrides the per-call limit (the first call also builds GPU programs).
    std::optional<Reply> request(const std::string &cmd, const std::string &instance, bool heldout, double limit = 0) {
        if (!alive) return std::nullopt;
        if (limit <= 0) limit = call_seconds_;
        Reply r = ch_.request(cmd, limit);
        if (r.kind == Reply::dead || r.kind == Reply::timeout) {
            died(r.kind == Reply::timeout, limit, "run", instance, heldout);
            return std::nullopt;
        }
        return r;
    }

    void set_failure(const std::string &stage, const std::string &code, const std::string &msg,
                     const std::string &instance, bool heldout) {
        if (!failure) failure = Failure{stage, code, msg, instance, heldout};
    }

    void stop() {
        if (proc_.running()) {
            ch_.send("quit");
            ExitInfo e = proc_.wait(2);
            peak_rss_kb = std::max(peak_rss_kb, e.max_rss_kb);
        }
        ch_.close_all();
        alive = false;
    }

    // The worker's own directory: read through the audited reader (trust rule).
    std::string stderr_tail() const { return read_untrusted_text(workdir_ / "stderr.txt", 1500, ReadEnd::tail); }

private:
    void died(bool timed_out, double limit, const std::string &stage, const std::string &instance, bool heldout) {
        alive = false;
        ExitInfo e;
        if (timed_out) {
            proc_.kill_group();
            e = proc_.wait(5);
        } else {
            e = proc_.wait(5);
        }
        peak_rss_kb = std::max(peak_rss_kb, e.max_rss_kb);
        std::string tail = stderr_tail();
        if (timed_out) {
            char buf[128];
            snprintf(buf, sizeof(buf), "the kernel did not return within %.1f s (wall-clock limit); killed", limit);
            set_failure(stage, "timeout", buf, instance, heldout);
        } else {
            set_failure(stage, "crash", "the kernel's process " + e.describe() + (tail.empty() ? "" : "\n" + clip(tail, 1200)),
                        instance, heldout);
        }
        ch_.close_all();
    }

    Process proc_;
    Channel ch_;
    fs::path workdir_;
    double call_seconds_ = 10;
};

// ---------------------------------------------------------------------------------------
// Verification helpers.

void write_inputs(Side &side, const Layout &layout, const std::vector<SetData> &sets) {
    for (int s = 0; s < layout.sets; s++) {
        size_t in = 0;
        for (const auto &a : layout.args) {
            if (a.output) continue;
            std::memcpy(side.shm.data() + a.offsets[static_cast<size_t>(s)], sets[static_cast<size_t>(s)].inputs[in].data(),
                        a.bytes());
            in++;
        }
    }
}

void poison_outputs_host(Side &side, const Layout &layout, int set) {
    for (const auto &a : layout.args) {
        if (!a.output) continue;
        uint8_t *p = side.shm.data() + a.offsets[static_cast<size_t>(set)];
        std::memset(p - k_guard_bytes, k_guard_byte, k_guard_bytes);
        std::memset(p + a.bytes(), k_guard_byte, k_guard_bytes);
        fill_poison(p, a.dtype, a.elements());
    }
}

// Poisons one output set where the kernel will write it: the shared memory, and on GPUs
// the device copy too. False when the worker failed.
bool poison_output_set(Side &side, const Layout &layout, int set, const ConductInstance &inst) {
    poison_outputs_host(side, layout, set);
    if (!side.gpu) return true;
    auto r = side.request("poison " + std::to_string(set), inst.name, inst.heldout);
    if (!r) return false;
    if (r->kind == Reply::error) {
        side.set_failure("run", "runtime_error", r->text.substr(r->text.find(' ') + 1), inst.name, inst.heldout);
        return false;
    }
    return true;
}

// Writes a round's inputs, poisons every output set and sends it all to the device (GPU).
bool load_round(Side &side, const Layout &layout, const std::vector<SetData> &sets, const ConductInstance &inst) {
    write_inputs(side, layout, sets);
    for (int s = 0; s < layout.out_sets; s++) poison_outputs_host(side, layout, s);
    auto r = side.request("upload", inst.name, inst.heldout);
    if (!r) return false;
    if (r->kind == Reply::error) {
        side.set_failure("run", "runtime_error", r->text.substr(r->text.find(' ') + 1), inst.name, inst.heldout);
        return false;
    }
    return true;
}

// Loads an instance (its round 0) into a worker. Returns false when the worker failed.
bool load_instance(Side &side, const InstanceData &d, const ConductInstance &inst) {
    auto r = side.request("layout " + d.layout.to_json().dump(), inst.name, inst.heldout);
    if (!r) return false;
    if (r->kind == Reply::error) {
        std::string code = r->text.substr(0, r->text.find(' '));
        side.set_failure("load", code == "signature" ? "signature" : "load_error", r->text.substr(r->text.find(' ') + 1),
                         inst.name, inst.heldout);
        return false;
    }
    return load_round(side, d.layout, d.sets, inst);
}

std::string set_label(const SetData &set) {
    return set.kind.empty() ? "" : " on the adversarial input set '" + set.kind + "'";
}

// Compares output set `out_set` (after fetch) and its guard bands with the reference of
// input set `set`; returns a failure if wrong.
std::optional<Failure> check_set(Side &side, const Layout &layout, const SetData &set, const ConductSpec &spec,
                                 const ConductInstance &inst, int out_set, json *max_err) {
    if (side.gpu) {
        auto r = side.request("fetch " + std::to_string(out_set), inst.name, inst.heldout);
        if (!r) return side.failure;
        if (r->kind == Reply::error) {
            return Failure{"run", "runtime_error", r->text.substr(r->text.find(' ') + 1), inst.name, inst.heldout};
        }
    }
    size_t out = 0;
    for (const auto &a : layout.args) {
        if (!a.output) continue;
        const uint8_t *p = side.shm.data() + a.offsets[static_cast<size_t>(out_set)];
        size_t g1 = find_not_byte(p - k_guard_bytes, k_guard_bytes, k_guard_byte);
        size_t g2 = find_not_byte(p + a.bytes(), k_guard_bytes, k_guard_byte);
        if (g1 != k_guard_bytes || g2 != k_guard_bytes) {
            std::string where = g1 != k_guard_bytes ? std::to_string(k_guard_bytes - g1) + " bytes before"
                                                    : std::to_string(g2) + " bytes after";
            return Failure{"verify", "guard_band",
                           "output '" + a.name + "' was written outside its bounds (" + where + " the buffer)", inst.name,
                           inst.heldout};
        }
        const ConductTensor &t = spec.outputs[out];
        CompareResult c = compare_output(p, set.refs[out].data(), a.dtype, a.elements(), t.atol, t.rtol);
        if (max_err) {
            double prev = max_err->value(a.name, 0.0);
            (*max_err)[a.name] = std::max(prev, c.max_abs_err);
        }
        if (!c.ok) {
            std::string code = c.unwritten > 0 ? "unwritten" : "mismatch";
            std::string tol = dtype_info(a.dtype).is_float
                                  ? " (tolerance atol " + std::to_string(t.atol) + " + rtol " + std::to_string(t.rtol) + ")"
                                  : " (integers compare exactly)";
            return Failure{"verify", code,
                           "output '" + a.name + "' " + shape_desc(a.shape) + set_label(set) + ": " + c.describe(a.shape) + tol,
                           inst.name, inst.heldout};
        }
        out++;
    }
    return std::nullopt;
}

std::optional<Failure> check_inputs(Side &side, const Layout &layout, const std::vector<SetData> &sets,
                                    const ConductInstance &inst) {
    for (int s = 0; s < layout.sets; s++) {
        size_t in = 0;
        for (const auto &a : layout.args) {
            if (a.output) continue;
            if (std::memcmp(side.shm.data() + a.offsets[static_cast<size_t>(s)], sets[static_cast<size_t>(s)].inputs[in].data(),
                            a.bytes()) != 0) {
                return Failure{"verify", "input_modified", "input '" + a.name + "' was modified by the kernel", inst.name,
                               inst.heldout};
            }
            in++;
        }
    }
    return std::nullopt;
}

std::optional<Failure> run_calls(Side &side, long first, long calls, const ConductInstance &inst, double limit = 0) {
    auto r = side.request("run " + std::to_string(first) + " " + std::to_string(calls), inst.name, inst.heldout, limit);
    if (!r) return side.failure;
    if (r->kind == Reply::error) {
        return Failure{"run", "runtime_error", r->text.substr(r->text.find(' ') + 1), inst.name, inst.heldout};
    }
    return std::nullopt;
}

// Output bytes of one output set, copied out of the shared region.
std::vector<std::vector<uint8_t>> copy_outputs(const Side &side, const Layout &layout, int out_set) {
    std::vector<std::vector<uint8_t>> v;
    for (const auto &a : layout.args) {
        if (!a.output) continue;
        const uint8_t *p = side.shm.data() + a.offsets[static_cast<size_t>(out_set)];
        v.emplace_back(p, p + a.bytes());
    }
    return v;
}

// Verifies one side on one round of input sets (loaded already). Every set runs twice:
// first call i reads input set i and writes output set i; then, with every output
// poisoned again, call sets + j reads input set j and writes another output set (at
// another address). Both results must match the reference, and must be bit-identical
// where the spec requires it (integer outputs always; float outputs when
// identical_floats): a race or an address-dependent result shows up as a difference.
std::optional<Failure> verify_round(Side &side, const Layout &layout, const std::vector<SetData> &sets,
                                    const ConductSpec &spec, const ConductInstance &inst, json *max_err) {
    int n = layout.sets;
    bool first = side.cold_start < 0;
    if (first) {
        auto t0 = monotonic_seconds();
        if (auto f = run_calls(side, 0, 1, inst, spec.start_seconds + spec.call_seconds)) return f;
        side.cold_start = monotonic_seconds() - t0;
        if (n > 1) {
            if (auto f = run_calls(side, 1, n - 1, inst)) return f;
        }
    } else if (auto f = run_calls(side, 0, n, inst)) {
        return f;
    }
    std::vector<std::vector<std::vector<uint8_t>>> first_run;
    for (int s = 0; s < n; s++) {
        if (auto f = check_set(side, layout, sets[static_cast<size_t>(s)], spec, inst, layout.output_set(s), max_err)) return f;
        first_run.push_back(copy_outputs(side, layout, layout.output_set(s)));
    }
    if (auto f = check_inputs(side, layout, sets, inst)) return f;
    for (int o = 0; o < layout.out_sets; o++) {
        if (!poison_output_set(side, layout, o, inst)) return side.failure;
    }
    if (auto f = run_calls(side, n, n, inst)) return f;
    for (int j = 0; j < n; j++) {
        int o = layout.output_set(n + j);
        if (auto f = check_set(side, layout, sets[static_cast<size_t>(j)], spec, inst, o, max_err)) return f;
        size_t k = 0;
        for (const auto &a : layout.args) {
            if (!a.output) continue;
            const auto &before = first_run[static_cast<size_t>(j)][k++];
            if (dtype_info(a.dtype).is_float && !spec.identical_floats) continue;
            const uint8_t *p = side.shm.data() + a.offsets[static_cast<size_t>(o)];
            if (std::memcmp(p, before.data(), a.bytes()) == 0) continue;
            size_t eb = static_cast<size_t>(dtype_bytes(a.dtype)), i = 0;
            while (i < a.elements() && std::memcmp(p + i * eb, before.data() + i * eb, eb) == 0) i++;
            char vals[160];
            snprintf(vals, sizeof(vals), "%.9g, then %.9g", read_element(before.data(), a.dtype, i),
                     read_element(p, a.dtype, i));
            return Failure{"verify", "nondeterministic",
                           "output '" + a.name + "' " + shape_desc(a.shape) + set_label(sets[static_cast<size_t>(j)]) +
                               ": two runs on the same inputs (at different output addresses) differ at " +
                               coordinate_string(i, a.shape) + ": " + vals +
                               " (a race, uninitialized memory, or a result that depends on an address)",
                           inst.name, inst.heldout};
        }
    }
    return check_inputs(side, layout, sets, inst);
}

// Verifies one side on an instance's round 0 (loading the instance).
std::optional<Failure> verify_side(Side &side, const InstanceData &d, const ConductSpec &spec, const ConductInstance &inst,
                                   json *max_err) {
    if (!load_instance(side, d, inst)) return side.failure;
    return verify_round(side, d.layout, d.sets, spec, inst, max_err);
}

// A failure that may be the device's rather than the kernel's: the kernel did not load, the
// runtime returned an error (no OpenCL platform, a lost context) or the process died.
// Wrong answers are never the device's.
bool device_suspect(const std::optional<Failure> &f) {
    return f && (f->stage == "load" || f->stage == "run") &&
           (f->code == "load_error" || f->code == "runtime_error" || f->code == "crash");
}

// Whether the candidate is the expert itself (`ekb eval --expert`, an expert-vs-expert
// sample): then the expert cannot vouch for the device, and a failure is the expert's own
// (on the H200 three cuda experts fail cuLaunchKernel with CUDA_ERROR_INVALID_VALUE).
// Both are read through the safe-open helper (the candidate's bytes came from a confined
// link); anything it refuses or truncates counts as "not the expert".
bool candidate_is_expert(const ConductSpec &spec) {
    if (spec.candidate == spec.expert) return true;
    constexpr size_t cap = size_t(256) << 20;
    const UntrustedRead c = read_untrusted(spec.candidate, cap), e = read_untrusted(spec.expert, cap);
    return c.ok() && e.ok() && !c.truncated && !e.truncated && c.bytes == e.bytes;
}

// Whether the device can run the task's expert, a kernel known to be correct: in a fresh
// process of its own, on the first instance's random sets. Returns why not, or nothing.
std::optional<std::string> expert_cannot_run(const ConductSpec &spec, const InstanceData &d, size_t shm_bytes,
                                             const fs::path &work, const std::string &self) {
    Side probe;
    probe.role = "device_check";
    const ConductInstance &inst = spec.instances[0];
    probe.start(spec, spec.expert, shm_bytes, work, self, inst.name);
    std::optional<Failure> f = probe.failure;
    if (!f && probe.alive) f = verify_side(probe, d, spec, inst, nullptr);
    probe.stop();
    if (!device_suspect(f)) return std::nullopt;  // it ran (even a wrong answer means the device runs kernels)
    return f->code + ": " + f->message;
}

// ---------------------------------------------------------------------------------------
// Timing (A B A B).

struct Timed {
    std::vector<double> per_call;  // seconds per call, one per sample
    long calls_per_sample = 1;
    long cursor = 0;               // the next call's number (input set cursor % sets, output set cursor % out_sets)
    double spent = 0;
};

json stats_json(const Timed &t) {
    SampleStats s = summarize(t.per_call);
    return {{"median_s", s.median}, {"p10_s", s.p10}, {"p90_s", s.p90}, {"mean_s", s.mean}, {"stddev_s", s.stddev},
            {"cv", s.cv}, {"rse", s.rse}, {"n", s.n}, {"calls_per_sample", t.calls_per_sample}, {"samples_s", t.per_call}};
}

// One timed batch; returns seconds or nullopt (failure recorded on the side).
std::optional<double> timed_batch(Side &side, Timed &t, long calls, const ConductInstance &inst) {
    auto r = side.request("run " + std::to_string(t.cursor) + " " + std::to_string(calls), inst.name, inst.heldout);
    if (!r) return std::nullopt;
    if (r->kind == Reply::error) {
        side.set_failure("run", "runtime_error", r->text.substr(r->text.find(' ') + 1), inst.name, inst.heldout);
        return std::nullopt;
    }
    t.cursor += calls;
    t.spent += r->seconds;
    side.timed_seconds += r->seconds;
    return r->seconds;
}

// After a timed batch of calls [first, first + calls): the output of the last call that
// wrote each output set, against the reference of the input set that call read.
std::optional<Failure> check_batch(Side &side, const InstanceData &d, const ConductSpec &spec, const ConductInstance &inst,
                                   long first, long calls) {
    const Layout &l = d.layout;
    for (long j = std::max(first, first + calls - l.out_sets); j < first + calls; j++) {
        auto f = check_set(side, l, d.sets[static_cast<size_t>(l.input_set(j))], spec, inst, l.output_set(j), nullptr);
        if (f) return f;
    }
    return std::nullopt;
}

// Phase 3: runs a verified candidate (built with the profile feature) on the last instance
// for `profile_seconds` and returns the worker's profiler report, with what was run.
json profile_candidate(Side &cand, const ConductSpec &spec, const InstanceData &d, const ConductInstance &inst, int sets) {
    if (!load_instance(cand, d, inst)) return {{"error", "the instance could not be loaded"}};
    Timed t;
    if (!timed_batch(cand, t, 1, inst)) return {{"error", "the warm-up call failed"}};  // GPU program builds
    auto r = cand.request("profile start", inst.name, inst.heldout);
    if (!r) return {{"error", "the kernel's process failed"}};
    if (r->kind == Reply::error) return {{"error", r->text}};
    long calls = 0, batch = 1;
    double start = monotonic_seconds();
    while (monotonic_seconds() - start < spec.profile_seconds) {
        auto s = timed_batch(cand, t, batch, inst);
        if (!s) return {{"error", "a profiled call failed"}};
        calls += batch;
        if (*s < spec.profile_seconds / 20) batch *= 2;
    }
    double seconds = monotonic_seconds() - start;
    r = cand.request("profile report", inst.name, inst.heldout);
    if (!r) return {{"error", "the kernel's process failed"}};
    if (r->kind == Reply::error) return {{"error", r->text}};
    json p = json::parse(r->text, nullptr, false);
    if (p.is_discarded() || !p.is_object()) return {{"error", "the worker's profile is not JSON"}};
    p["instance"] = inst.name;
    p["calls"] = calls;
    p["seconds"] = seconds;
    return p;
}

}  // namespace

json conduct(const ConductSpec &spec) {
    json out;
    double t_begin = monotonic_seconds();
    json phases;
    DeviceInfo dev = probe_device(spec.backend);
    phases["probe_s"] = monotonic_seconds() - t_begin;
    out["supported"] = dev.supported;
    out["device"] = dev.details;
    out["backend"] = spec.backend;
    out["threads"] = spec.threads;
    // Under a user-mode emulator (a runner for another CPU): timings are the emulator's.
    if (const char *emu = std::getenv("EKB_RUNNER_EMULATOR"); emu && *emu) out["emulated"] = fs::path(emu).filename().string();
    // GPU workers' seccomp filter lets the driver make a listening Unix socket (sandbox.h).
    out["confinement"] = !spec.confine ? "none (confinement disabled)"
                         : !is_gpu_backend(spec.backend) ? confinement_summary()
                                                         : confinement_summary() + " gpu-seccomp=unix-socket+bind+listen";
    if (!dev.supported) {
        out["reason"] = dev.reason;
        return out;
    }
    // float16 tensors on a device without float16 kernels (an OpenCL device without
    // cl_khr_fp16): the backend cannot run this task here, which is a status, not a failure.
    bool float16 = false;
    for (const auto *set : {&spec.inputs, &spec.outputs}) {
        for (const auto &t : *set) float16 = float16 || t.dtype == DType::f16;
    }
    if (float16 && !dev.float16) {
        out["supported"] = false;
        out["reason"] = "the device cannot run float16 kernels (an OpenCL device without the cl_khr_fp16 extension)";
        return out;
    }

    PipelineLibrary ref;
    load_reference(ref, spec.reference);
    if (spec.instances.empty()) throw std::runtime_error("spec has no instances");

    int sets = std::max(1, spec.timing.rotations);
    size_t shm_bytes = 0;
    for (const auto &inst : spec.instances) {
        shm_bytes = std::max(shm_bytes, plan_layout(spec, inst, sets).total_bytes);
    }
    char self[4096];
    ssize_t n = ::readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (n <= 0) throw std::runtime_error("cannot find the runner executable");
    self[n] = 0;
    fs::path work = spec.workdir.empty() ? fs::temp_directory_path() : fs::path(spec.workdir);
    TempDir workdir("ekb-conduct-", work);
    ::chmod(workdir.path().c_str(), 0711);  // workers reach their own directories, list nothing

    double t_start = monotonic_seconds();
    Side cand, expert;
    cand.role = "candidate";
    expert.role = "expert";
    cand.start(spec, spec.candidate, shm_bytes, workdir.path(), self, spec.instances[0].name);
    bool with_expert = !spec.expert.empty() && spec.timing.enabled;
    if (with_expert) expert.start(spec, spec.expert, shm_bytes, workdir.path(), self, spec.instances[0].name);

    phases["start_s"] = monotonic_seconds() - t_start;
    // Phase 1: verification of every instance, candidate and expert.
    double t_verify = monotonic_seconds(), reference_s = 0;
    std::vector<InstanceData> data;
    json instances = json::array();
    bool cand_correct = cand.alive;
    bool expert_correct = with_expert && expert.alive;
    // Verification-only rounds: the adversarial sets (one per kind), then random sets until
    // the evaluation compares at least min_exact_outputs integer outputs exactly (each
    // set's outputs count once, though every set runs twice), on the instance whose inputs
    // are the smallest per exactly compared output (the cheapest to add).
    std::vector<std::string> kinds = spec_adversarial_kinds(spec);
    int adversarial_rounds = static_cast<int>((kinds.size() + size_t(sets) - 1) / size_t(sets));
    std::vector<int> rounds(spec.instances.size(), 1 + adversarial_rounds);
    {
        size_t exact = 0;
        std::vector<std::pair<double, size_t>> by_cost;  // (input elements per exact output, instance)
        for (size_t i = 0; i < spec.instances.size(); i++) {
            size_t per_set = exact_outputs_per_set(spec, spec.instances[i]);
            exact += per_set * size_t(sets) * size_t(rounds[i]);
            double in_elems = 0;
            for (const auto &shape : spec.instances[i].input_shapes) {
                double e = 1;
                for (int64_t x : shape) e *= double(x);
                in_elems += e;
            }
            if (per_set > 0) by_cost.push_back({in_elems / double(per_set), i});
        }
        // The cheapest instance first; one that reaches max_extra_rounds (a tiny instance
        // has few outputs a round) hands over to the next cheapest.
        std::stable_sort(by_cost.begin(), by_cost.end());
        for (const auto &[cost, i] : by_cost) {
            size_t per_round = exact_outputs_per_set(spec, spec.instances[i]) * size_t(sets);
            for (int added = 0; exact < size_t(spec.min_exact_outputs) && added < spec.max_extra_rounds; added++) {
                rounds[i]++;
                exact += per_round;
            }
        }
        out["verification"] = {{"adversarial_kinds", kinds}, {"rounds", rounds}, {"exact_outputs", exact},
                               {"runs_per_set", 2}, {"identical_floats", spec.identical_floats}};
    }
    for (size_t ii = 0; ii < spec.instances.size(); ii++) {
        const auto &inst = spec.instances[ii];
        double t_ref = monotonic_seconds();
        data.push_back(prepare_instance(spec, inst, ref, sets));
        reference_s += monotonic_seconds() - t_ref;
        json ij = {{"name", inst.name}, {"heldout", inst.heldout}, {"seed", inst.seed},
                   {"input_shapes", inst.input_shapes}, {"output_shapes", inst.output_shapes}};
        json max_err = json::object();
        std::optional<Failure> f;
        if (cand.alive) {
            f = verify_side(cand, data.back(), spec, inst, &max_err);
        } else {
            f = Failure{"run", "not_run", "not run: the kernel's process had already failed", inst.name, inst.heldout};
        }
        bool expert_ok = with_expert && expert.alive && !expert.failure;
        if (expert_ok) {
            if (auto ef = verify_side(expert, data.back(), spec, inst, nullptr)) {
                expert_ok = false;
                expert.set_failure(ef->stage, ef->code, ef->message, inst.name, inst.heldout);
            }
        }
        for (int r = 1; r < rounds[ii] && ((!f && cand.alive) || expert_ok); r++) {
            t_ref = monotonic_seconds();
            std::vector<SetData> round = make_round(spec, inst, data.back().layout, ref, r, kinds);
            reference_s += monotonic_seconds() - t_ref;
            if (!f && cand.alive) {
                if (!load_round(cand, data.back().layout, round, inst)) f = cand.failure;
                else f = verify_round(cand, data.back().layout, round, spec, inst, &max_err);
            }
            if (expert_ok) {
                std::optional<Failure> ef = load_round(expert, data.back().layout, round, inst)
                                                ? verify_round(expert, data.back().layout, round, spec, inst, nullptr)
                                                : expert.failure;
                if (ef) {
                    expert_ok = false;
                    expert.set_failure(ef->stage, ef->code, ef->message, inst.name, inst.heldout);
                }
            }
        }
        ij["correct"] = !f.has_value();
        ij["failure"] = f ? f->to_json() : json(nullptr);
        ij["max_abs_err"] = max_err;
        if (f) {
            cand_correct = false;
            cand.set_failure(f->stage, f->code, f->message, inst.name, inst.heldout);
        }
        if (with_expert && !expert_ok) expert_correct = false;
        instances.push_back(ij);
    }
    if (with_expert && !expert.alive) expert_correct = false;

    phases["reference_s"] = reference_s;
    phases["verify_s"] = monotonic_seconds() - t_verify - reference_s;
    // Phase 2: timing, only for a candidate correct on every instance.
    double t_time = monotonic_seconds();
    bool timed = spec.timing.enabled && cand_correct && cand.alive;
    // The caller may watch this file to know that timed samples are running now.
    if (timed && !spec.workdir.empty()) write_file(fs::path(spec.workdir) / "phase", "timing\n");
    bool compare = timed && with_expert && expert_correct;
    std::mt19937_64 rng(spec.seed);
    std::vector<std::vector<double>> all_cand, all_expert;
    std::vector<double> speedups;
    std::vector<std::string> suspect;  // instances timed below the physical bound
    for (size_t ii = 0; timed && ii < spec.instances.size(); ii++) {
        const auto &inst = spec.instances[ii];
        const InstanceData &d = data[ii];
        std::vector<Side *> sides = {&cand};
        if (compare) sides.push_back(&expert);
        std::vector<Timed> t(sides.size());
        for (auto *s : sides) {
            if (!load_instance(*s, d, inst)) break;
        }
        auto all_alive = [&] {
            for (auto *s : sides) {
                if (!s->alive || s->failure) return false;
            }
            return true;
        };
        if (!all_alive()) break;
        // Warm-up by time, then grow the calls per sample until a sample lasts long enough.
        for (size_t k = 0; k < sides.size() && all_alive(); k++) {
            double spent = 0;
            int calls = 0;
            while (spent < spec.timing.warmup_seconds && calls < 100000) {
                auto s = timed_batch(*sides[k], t[k], 1, inst);
                if (!s) break;
                spent += *s;
                calls++;
            }
            long n_calls = 1;
            while (all_alive()) {
                auto s = timed_batch(*sides[k], t[k], n_calls, inst);
                if (!s) break;
                if (*s >= spec.timing.min_sample_seconds || n_calls >= (1L << 30)) break;
                double grow = std::clamp(spec.timing.min_sample_seconds * 1.25 / std::max(*s, 1e-9), 2.0, 10.0);
                n_calls = static_cast<long>(std::ceil(double(n_calls) * grow));
            }
            t[k].calls_per_sample = n_calls;
        }
        if (!all_alive()) break;
        double start = monotonic_seconds();
        int sample = 0;
        std::uniform_real_distribution<double> coin(0, 1);
        while (all_alive()) {
            bool check = sample == 0 || coin(rng) < spec.timing.check_fraction;  // extra poison
            // A B, then B A: neither side always runs right after the other.
            for (size_t step = 0; step < sides.size() && all_alive(); step++) {
                size_t k = (sample % 2 == 1) ? sides.size() - 1 - step : step;
                Side &s = *sides[k];
                long calls = t[k].calls_per_sample;
                // Sometimes (always the first time) poison one output set the batch will write.
                if (check) {
                    long pick = t[k].cursor + static_cast<long>(rng() % static_cast<uint64_t>(std::min<long>(calls, d.layout.out_sets)));
                    if (!poison_output_set(s, d.layout, d.layout.output_set(pick), inst)) break;
                }
                long first = t[k].cursor;
                auto sec = timed_batch(s, t[k], calls, inst);
                if (!sec) break;
                t[k].per_call.push_back(*sec / double(calls));
                // Every batch: the final output of every output set it wrote.
                if (auto f = check_batch(s, d, spec, inst, first, calls)) {
                    if (f->stage == "verify") {
                        f->code = "timed_call_mismatch";
                        f->message = "a timed call's output was wrong: " + f->message;
                    }
                    s.set_failure(f->stage, f->code, f->message, f->instance, f->heldout);
                }
            }
            sample++;
            if (!all_alive()) break;
            bool enough = sample >= spec.timing.min_samples;
            bool precise = true;
            for (auto &tk : t) precise = precise && summarize(tk.per_call).rse <= spec.timing.target_rse;
            double elapsed = monotonic_seconds() - start;
            if ((enough && precise) || sample >= spec.timing.max_samples ||
                (enough && elapsed >= spec.timing.cap_seconds)) {
                break;
            }
        }
        for (auto *s : sides) {
            if (s->alive && !s->failure) {
                auto f = check_inputs(*s, d.layout, d.sets, inst);
                if (f) s->set_failure(f->stage, f->code, f->message, f->instance, f->heldout);
            }
        }
        if (cand.failure) {
            cand_correct = false;
            instances[ii]["correct"] = false;
            instances[ii]["failure"] = cand.failure->to_json();
            break;
        }
        if (compare && expert.failure) {
            compare = false;
            expert_correct = false;
        }
        json tj = {{"candidate", stats_json(t[0])}};
        // The physical check: faster than the device can move the bytes or do the FLOPs.
        json bound = check_physical_bound(inst.flops, inst.bytes, median(t[0].per_call), {spec.peak_gflops, spec.peak_gbps});
        if (bound.value("suspect", false)) suspect.push_back("instance " + inst.name + ": " + bound.value("reason", ""));
        tj["physical_bound"] = bound;
        all_cand.push_back(t[0].per_call);
        if (compare) {
            tj["expert"] = stats_json(t[1]);
            double sp = median(t[1].per_call) / median(t[0].per_call);
            Interval ci = bootstrap_speedup_ci(t[1].per_call, t[0].per_call, spec.timing.bootstrap_resamples, 0.95,
                                               spec.seed + ii);
            tj["speedup"] = sp;
            tj["speedup_ci"] = {ci.lo, ci.hi};
            speedups.push_back(sp);
            all_expert.push_back(t[1].per_call);
        }
        instances[ii]["timing"] = tj;
    }
    timed = timed && cand_correct && all_cand.size() == spec.instances.size();
    phases["time_s"] = monotonic_seconds() - t_time;
    // A kernel that could not run, on a device where the expert in the same run could not
    // either (or ran no expert): the device may be what failed (no OpenCL platform inside the
    // confinement, a GPU lost), which says nothing of the kernel. The expert alone, in a fresh
    // process, decides: when it cannot run either, the report says device_unavailable and no
    // caller stores the kernel's failure (a harness error, retried when the run resumes). The
    // kernel's process has ended by then, so it cannot hold the device (its memory, a queue)
    // against the check; a kernel that leaves the device itself broken makes every later run
    // fail too, which is what the operator must see.
    if (!cand_correct && device_suspect(cand.failure) && !spec.expert.empty() && !candidate_is_expert(spec) &&
        (!with_expert || device_suspect(expert.failure))) {
        double t_check = monotonic_seconds();
        cand.stop();
        expert.stop();
        if (auto why = expert_cannot_run(spec, data.front(), shm_bytes, workdir.path(), self)) {
            out["device_unavailable"] = "the expert could not run on this device either (" + *why + ")";
        }
        phases["device_check_s"] = monotonic_seconds() - t_check;
    }
    if (spec.profile_seconds > 0 && cand_correct && cand.alive && !cand.failure) {
        double t_profile = monotonic_seconds();
        out["profile"] = profile_candidate(cand, spec, data.back(), spec.instances.back(), sets);
        phases["profile_s"] = monotonic_seconds() - t_profile;
    }
    phases["timed_runs_s"] = cand.timed_seconds + expert.timed_seconds;
    double t_stop = monotonic_seconds();
    cand.stop();
    expert.stop();
    phases["stop_s"] = monotonic_seconds() - t_stop;
    phases["total_s"] = monotonic_seconds() - t_begin;
    out["phases"] = phases;

    auto side_json = [&](const Side &s, bool used) {
        if (!used) return json(nullptr);
        return json{{"failure", s.failure ? s.failure->to_json() : json(nullptr)},
                    {"cold_start_s", s.cold_start},
                    {"peak_rss_kb", s.peak_rss_kb}};
    };
    out["candidate"] = side_json(cand, true);
    out["expert"] = side_json(expert, with_expert);
    out["instances"] = instances;
    out["correct"] = cand_correct;
    out["timed"] = timed;
    if (timed && !suspect.empty()) {
        std::string why;
        for (const auto &x : suspect) why += (why.empty() ? "" : "; ") + x;
        out["suspect"] = why;
    } else {
        out["suspect"] = nullptr;
    }
    if (timed && compare && speedups.size() == spec.instances.size()) {
        out["speedup"] = geomean(speedups);
        Interval ci = bootstrap_geomean_speedup_ci(all_expert, all_cand, spec.timing.bootstrap_resamples, 0.95, spec.seed);
        out["speedup_ci"] = {ci.lo, ci.hi};
    } else {
        out["speedup"] = nullptr;
        out["speedup_ci"] = nullptr;
        if (timed && with_expert && expert.failure) out["speedup_unavailable"] = "the expert failed: " + expert.failure->message;
    }
    return out;
}

void dump_reference(const ConductSpec &spec, const std::string &out_dir) {
    PipelineLibrary ref;
    load_reference(ref, spec.reference);
    json manifest = json::array();
    std::vector<std::string> kinds = spec_adversarial_kinds(spec);
    size_t entry = 0;
    for (size_t k = 0; k < spec.instances.size(); k++) {
        const auto &inst = spec.instances[k];
        InstanceData d = prepare_instance(spec, inst, ref, 1);
        // Set 0 of the random rotation sets, then one set per adversarial kind: PyTorch
        // checks the reference on the adversarial sets too, so they are known-correct.
        std::vector<SetData> sets = {d.sets[0]};
        for (size_t a = 0; a < kinds.size(); a++) {
            sets.push_back(make_round(spec, inst, d.layout, ref, static_cast<int>(a) + 1, kinds)[0]);
        }
        for (const SetData &set : sets) {
            fs::path dir = fs::path(out_dir) / std::to_string(entry);
            fs::create_directories(dir);
            json tensors = json::array();
            size_t in = 0, outn = 0;
            for (const auto &a : d.layout.args) {
                const auto &bytes = a.output ? set.refs[outn++] : set.inputs[in++];
                write_file(dir / (a.name + ".bin"), std::string_view(reinterpret_cast<const char *>(bytes.data()), a.bytes()));
                tensors.push_back({{"name", a.name}, {"output", a.output}, {"dtype", dtype_name(a.dtype)}, {"shape", a.shape},
                                   {"file", std::to_string(entry) + "/" + a.name + ".bin"}});
            }
            // Informative outputs (random inputs only): no trivial output may pass.
            json trivial = json::array();
            if (set.kind.empty()) {
                std::vector<TrivialInput> trivial_inputs;
                size_t ti = 0;
                for (const auto &a : d.layout.args) {
                    if (a.output) continue;
                    trivial_inputs.push_back({a.name, a.dtype, set.inputs[ti++].data(), a.elements()});
                }
                size_t to = 0;
                for (const auto &a : d.layout.args) {
                    if (!a.output) continue;
                    const ConductTensor &t = spec.outputs[to];
                    for (const auto &c : check_trivial_outputs(set.refs[to].data(), a.dtype, a.elements(), t.atol, t.rtol,
                                                               trivial_inputs)) {
                        trivial.push_back({{"output", a.name}, {"kind", c.kind}, {"passes", c.passes}, {"detail", c.detail}});
                    }
                    to++;
                }
            }
            manifest.push_back({{"instance", inst.name}, {"seed", inst.seed}, {"set", set.kind.empty() ? "random" : set.kind},
                                {"tensors", tensors}, {"trivial", trivial}});
            entry++;
        }
    }
    write_file(fs::path(out_dir) / "manifest.json", manifest.dump(1));
}

}  // namespace ekb
