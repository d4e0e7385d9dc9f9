#include "run/worker.h"
#include "run/device_probe.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string_view>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/backend_table.h"
#include "run/channel.h"
#include "run/host_scratch.h"
#include "run/layout.h"
#include "run/pipeline_library.h"
#include "run/shared_region.h"

namespace ekb {

namespace {

std::string g_error;  // the last message from the Halide runtime

extern "C" void capture_error(void *, const char *msg) {
    if (g_error.size() < 4000) g_error += msg;
}

// ---------------------------------------------------------------------------------------
// Profiling a pipeline built with the `profile` feature (a worker started with "profile").
// Per Func: the Halide profiler's own sampled state (halide_profiler_get_state). Per GPU
// kernel: a runner whose runtime has the `debug` feature synchronizes after every launch
// and prints "<API>: halide_<api>_run (..., entry: <name>, ...)", ..., "    Time: <ms> ms"
// (the last "Time:" before the next runtime call is the launch's, synchronized); the
// profiling worker's print handler totals them per entry instead of writing them.

struct KernelTotal {
    long calls = 0;
    double ms = 0;
};
std::map<std::string, KernelTotal> g_kernels;
std::string g_pending_entry;  // the launch being printed
double g_pending_ms = -1;     // its last "Time:" so far (kernel creation prints one first)

void commit_pending_kernel() {
    if (!g_pending_entry.empty() && g_pending_ms >= 0) {
        KernelTotal &k = g_kernels[g_pending_entry];
        k.calls++;
        k.ms += g_pending_ms;
    }
    g_pending_entry.clear();
    g_pending_ms = -1;
}

extern "C" void capture_profile_print(void *, const char *msg) {
    std::string_view m(msg);
    // A new runtime call ("CL: halide_...", "CUDA: halide_...", "halide_..." at the start;
    // indented lines are details of the current one): the launch before it is complete,
    // and its last "Time:" line was the synchronized kernel time.
    if (m.rfind("halide_", 0) == 0 || m.rfind("CL: halide_", 0) == 0 || m.rfind("CUDA: halide_", 0) == 0) {
        commit_pending_kernel();
        if (m.find("_run (") != std::string_view::npos) {
            size_t e = m.find("entry: ");
            if (e == std::string_view::npos) return;
            size_t end = m.find_first_of(",\n", e + 7);
            g_pending_entry = std::string(m.substr(e + 7, end == std::string_view::npos ? std::string_view::npos : end - e - 7));
        }
        return;
    }
    size_t t = m.rfind("Time: ");
    if (t != std::string_view::npos && !g_pending_entry.empty()) {
        g_pending_ms = std::atof(std::string(m.substr(t + 6)).c_str());
    }
}

template <typename F>
F runtime_fn(const char *name) {
    return reinterpret_cast<F>(::dlsym(RTLD_DEFAULT, name));
}

std::string profile_start() {
    auto reset = runtime_fn<void (*)()>("halide_profiler_reset");
    if (!reset || !runtime_fn<void *(*)()>("halide_profiler_get_state")) {
        return "err profile this runner's Halide runtime has no profiler";
    }
    reset();
    g_kernels.clear();
    g_pending_entry.clear();
    g_pending_ms = -1;
    return "ok";
}

std::string profile_report() {
    auto get_state = runtime_fn<halide_profiler_state *(*)()>("halide_profiler_get_state");
    auto lock = runtime_fn<void (*)(halide_mutex *)>("halide_mutex_lock");
    auto unlock = runtime_fn<void (*)(halide_mutex *)>("halide_mutex_unlock");
    if (!get_state || !lock || !unlock) return "err profile this runner's Halide runtime has no profiler";
    commit_pending_kernel();
    halide_profiler_state *s = get_state();
    nlohmann::json pipelines = nlohmann::json::array();
    lock(&s->lock);
    for (halide_profiler_pipeline_stats *p = s->pipelines; p; p = static_cast<halide_profiler_pipeline_stats *>(p->next)) {
        nlohmann::json funcs = nlohmann::json::array();
        for (int i = 0; i < p->num_funcs; i++) {
            const halide_profiler_func_stats &f = p->funcs[i];
            double threads = f.active_threads_denominator ? double(f.active_threads_numerator) / double(f.active_threads_denominator) : 0;
            funcs.push_back({{"name", f.name ? f.name : "?"}, {"time_ns", f.time}, {"active_threads", threads},
                             {"memory_peak_bytes", f.memory_peak}, {"allocations", f.num_allocs},
                             {"stack_peak_bytes", f.stack_peak}});
        }
        pipelines.push_back({{"name", p->name ? p->name : "?"}, {"time_ns", p->time}, {"runs", p->runs},
                             {"samples", p->samples}, {"funcs", funcs}});
    }
    unlock(&s->lock);
    nlohmann::json kernels = nlohmann::json::array();
    for (const auto &[name, k] : g_kernels) kernels.push_back({{"entry", name}, {"calls", k.calls}, {"total_ms", k.ms}});
    nlohmann::json out = {{"pipelines", pipelines}, {"kernels", kernels}};
    return "ok " + escape_line(out.dump());
}

// Halide 14 opens the unversioned libOpenCL.so / libcuda.so (from -dev packages); machines
// with only a driver have the .so.1 names, and a bundle may carry the OpenCL ICD loader
// beside the runner (open_driver_library).
extern "C" void *load_library_with_fallback(const char *name) {
    return open_driver_library(name, RTLD_LAZY | RTLD_GLOBAL);
}

const halide_device_interface_t *device_interface(const std::string &backend) {
    const Backend *b = find_backend(backend);
    if (!b || b->device_interface.empty()) return nullptr;
    auto fn = reinterpret_cast<const halide_device_interface_t *(*)()>(::dlsym(RTLD_DEFAULT, b->device_interface.c_str()));
    return fn ? fn() : nullptr;
}

class Worker {
public:
    Worker(const std::string &backend, bool profiling) : backend_(backend), profiling_(profiling), ch_(3, 4) {}

    int main_loop(int threads) {
        // Before anything allocates through the runtime: freed scratch is kept for the next
        // call (host_scratch.h), as GPU allocations are below.
        host_scratch_configure();
        halide_set_custom_malloc([](void *, size_t bytes) { return host_scratch_alloc(bytes); });
        halide_set_custom_free([](void *, void *p) { host_scratch_free(p); });
        halide_set_error_handler(capture_error);
        halide_set_num_threads(threads);
        // A profiling worker's prints are the debug runtime's (GPU): totalled, not written.
        if (profiling_) halide_set_custom_print(capture_profile_print);
        if (is_gpu_backend(backend_)) {
            halide_set_custom_load_library(load_library_with_fallback);
            iface_ = device_interface(backend_);
            if (!iface_) return hello_fail("the runner has no " + backend_ + " runtime");
            halide_reuse_device_allocations(nullptr, true);
        }
        std::string err = lib_.load("/proc/self/fd/5");
        if (!err.empty()) return hello_fail(err);
        try {
            shm_ = SharedRegion::map_fd(6);
        } catch (const std::exception &e) {
            return hello_fail(e.what());
        }
        ch_.send("ok");
        std::string line;
        bool timed_out;
        while (ch_.receive(line, -1, timed_out)) {
            std::istringstream in(line);
            std::string cmd;
            in >> cmd;
            std::string reply;
            if (cmd == "layout") reply = do_layout(line.substr(7));
            else if (cmd == "upload") reply = do_upload();
            else if (cmd == "run") {
                long first = 0, calls = 0;
                in >> first >> calls;
                reply = do_run(first, calls);
            } else if (cmd == "fetch" || cmd == "poison") {
                long set = 0;
                in >> set;
                reply = cmd == "fetch" ? do_fetch(set) : do_poison(set);
            } else if (cmd == "profile") {
                std::string what;
                in >> what;
                reply = what == "start" ? profile_start() : what == "report" ? profile_report()
                                                                             : fail("protocol", "profile start|report");
            } else if (cmd == "quit") {
                break;
            } else {
                reply = "err protocol unknown command";
            }
            if (!ch_.send(reply)) break;
        }
        release_device();
        std::fflush(nullptr);
        _exit(0);
    }

private:
    int hello_fail(const std::string &msg) {
        ch_.send("err load " + escape_line(msg));
        return 3;
    }

    std::string fail(const std::string &code, const std::string &msg) { return "err " + code + " " + escape_line(msg); }

    std::string runtime_error(int code) {
        std::string m = g_error.empty() ? "the pipeline returned error code " + std::to_string(code) : g_error;
        g_error.clear();
        return fail("runtime_error", m);
    }

    void release_device() {
        if (!iface_) return;
        for (auto &per_arg : buffers_) {
            for (auto &b : per_arg) {
                if (b->buf.device) halide_device_free(nullptr, &b->buf);
            }
        }
    }

    // Argument `arg` of set `set` (an input set for inputs, an output set for outputs).
    HostBuffer &buffer(size_t set, size_t arg) { return *buffers_[arg][set]; }

    std::string do_layout(const std::string &json_text) {
        release_device();
        buffers_.clear();
        try {
            layout_ = Layout::from_json(nlohmann::json::parse(json_text));
        } catch (const std::exception &e) {
            return fail("protocol", std::string("bad layout: ") + e.what());
        }
        if (layout_.total_bytes > shm_.size()) return fail("protocol", "layout exceeds the shared region");
        std::string sig = lib_.check_signature(layout_.args);
        if (!sig.empty()) return fail("signature", sig);
        for (const auto &a : layout_.args) {
            if (a.offsets.size() != static_cast<size_t>(a.output ? layout_.out_sets : layout_.sets)) {
                return fail("protocol", "bad layout: offsets of '" + a.name + "'");
            }
            buffers_.emplace_back();
            for (size_t off : a.offsets) {
                if (off + a.bytes() > shm_.size()) return fail("protocol", "layout exceeds the shared region");
                auto b = std::make_unique<HostBuffer>();
                b->init(shm_.data() + off, a.dtype, a.shape);
                buffers_.back().push_back(std::move(b));
            }
        }
        argv_.assign(layout_.args.size(), nullptr);
        return "ok";
    }

    // GPU: every input and every output to the device, outputs included: the host outputs
    // hold the conductor's poison, and a reused device allocation must not keep an answer
    // of an earlier call (or instance) for the kernel to find.
    std::string do_upload() {
        if (!iface_) return "ok";
        for (auto &per_arg : buffers_) {
            for (auto &hb : per_arg) {
                halide_buffer_t &b = hb->buf;
                b.flags &= ~uint64_t(halide_buffer_flag_device_dirty);
                b.flags |= halide_buffer_flag_host_dirty;
                int r = halide_copy_to_device(nullptr, &b, iface_);
                if (r != 0) return runtime_error(r);
            }
        }
        return "ok";
    }

    std::string do_run(long first, long calls) {
        if (buffers_.empty()) return fail("protocol", "run before layout");
        if (first < 0 || calls < 1) return fail("protocol", "bad run");
        size_t nargs = layout_.args.size();
        // Call number i reads input set i % sets and writes output set i % out_sets.
        for (long i = first; i < first + calls; i++) {
            for (size_t a = 0; a < nargs; a++) {
                int set = layout_.args[a].output ? layout_.output_set(i) : layout_.input_set(i);
                argv_[a] = &buffer(static_cast<size_t>(set), a).buf;
            }
            int r = lib_.call(argv_.data());
            if (r != 0) return runtime_error(r);
        }
        if (iface_) {
            // The reply means the work is done: synchronize the device first.
            for (size_t a = 0; a < nargs; a++) {
                if (!layout_.args[a].output) continue;
                int r = halide_device_sync(nullptr, static_cast<halide_buffer_t *>(argv_[a]));
                if (r != 0) return runtime_error(r);
            }
        }
        return "ok";
    }

    std::string do_fetch(long set) {
        if (set < 0 || set >= layout_.out_sets) return fail("protocol", "bad output set");
        if (!iface_) return "ok";
        for (size_t a = 0; a < layout_.args.size(); a++) {
            if (!layout_.args[a].output) continue;
            halide_buffer_t &b = buffer(static_cast<size_t>(set), a).buf;
            int r = halide_copy_to_host(nullptr, &b);
            if (r != 0) return runtime_error(r);
        }
        return "ok";
    }

    // GPU: the output set's device memory <- its host memory, which the conductor has just
    // poisoned (CPU: the conductor poisons the shared memory itself).
    std::string do_poison(long set) {
        if (set < 0 || set >= layout_.out_sets) return fail("protocol", "bad output set");
        if (!iface_) return "ok";
        for (size_t a = 0; a < layout_.args.size(); a++) {
            if (!layout_.args[a].output) continue;
            halide_buffer_t &b = buffer(static_cast<size_t>(set), a).buf;
            b.flags &= ~uint64_t(halide_buffer_flag_device_dirty);
            b.flags |= halide_buffer_flag_host_dirty;
            int r = halide_copy_to_device(nullptr, &b, iface_);
            if (r != 0) return runtime_error(r);
        }
        return "ok";
    }

    std::string backend_;
    bool profiling_ = false;
    Channel ch_;
    PipelineLibrary lib_;
    SharedRegion shm_;
    Layout layout_;
    std::vector<std::vector<std::unique_ptr<HostBuffer>>> buffers_;  // [arg][set]
    std::vector<void *> argv_;
    const halide_device_interface_t *iface_ = nullptr;
};

}  // namespace

int worker_main(const std::string &backend, int threads, bool profiling) {
    Worker w(backend, profiling);
    return w.main_loop(threads);
}

}  // namespace ekb
