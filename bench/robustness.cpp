// bench/robustness: pushes a stream of crashing, hanging, malicious, cheating and wrong
// kernels (and good ones) through the evaluation engine with short limits (10 s compile,
// 5 s run), stores every record, and reports per family what became of it, then the
// acceptance counts of the trust issue:
//   lost              kernels without a stored record
//   harness_errors    evaluations that threw (a crash of the harness, not of the kernel)
//   stray_processes   processes left behind at the end
//   escapes           a planted host secret, ekb's API key, a host marker file or an
//                     "ESCAPED" probe line found in what ekb kept (the store file, the records)
//   unearned          a cheat or a wrong kernel recorded correct (adversarial-input bugs,
//                     the skip-the-work timing cheats, all-zeros ...), or a timing cheat that
//                     passed with a speedup it did not earn
//   false_rejections  a good kernel (naive, expert, honest hand-made) recorded incorrect
//
// Two streams share the store: Halide C++ kernels through the evaluator (compile, checks,
// link, conductor) on cpu and opencl (PoCL), and hand-made pipeline objects straight to the
// conductor (past the object check: what a patched Halide or a crafted object could do in
// the worker). Every kernel source is unique (a new cache key).
//
// usage: robustness [--kernels N] [--store FILE] [--out FILE.json]
#include <dirent.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "common/files.h"
#include "common/paths.h"
#include "common/subprocess.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "eval/evaluator.h"
#include "record/store.h"
#include "verify/physical_bound.h"

using namespace ekb;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

enum class Expect {
    correct,    // a good kernel: incorrect is a false rejection
    incorrect,  // a wrong, cheating or malicious kernel: correct is unearned
    no_gain,    // may be correct (it does the work in the end), must not earn a speedup
};

enum class Stream { source, handmade };

struct Family {
    std::string name;
    Stream stream;
    fs::path file;
    int weight;  // relative share of the stream
    Expect expect;
    std::string task = "matmul";
    std::string backend = "cpu";
    bool timed = false;
    std::vector<std::pair<std::string, std::string>> subst = {};  // placeholders
};

long rss_kb() {
    struct rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

long current_rss_kb() {
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line)) {
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    }
    return 0;
}

// Processes left behind: ekb makes itself a child subreaper when it spawns, so any
// descendant that outlives its parent is reparented here. Strays are our children (other
// than zombies about to be reaped) and anything carrying the fork bomb's name.
int stray_processes() {
    int n = 0;
    pid_t self = getpid();
    DIR *d = opendir("/proc");
    while (dirent *e = d ? readdir(d) : nullptr) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        std::ifstream st(std::string("/proc/") + e->d_name + "/stat");
        std::string stat;
        std::getline(st, stat);
        size_t close = stat.rfind(')');
        if (close == std::string::npos) continue;
        char state = 0;
        int ppid = 0;
        if (sscanf(stat.c_str() + close + 1, " %c %d", &state, &ppid) == 2 && ppid == self && state != 'Z') {
            n++;
            std::fprintf(stderr, "stray: %s\n", stat.c_str());
        }
        std::ifstream comm(std::string("/proc/") + e->d_name + "/comm");
        std::string name;
        if (comm && std::getline(comm, name) && name == "ekbforkbomb") n++;
    }
    if (d) closedir(d);
    return n;
}

std::string hex_of(const std::string &bytes) {
    static const char *d = "0123456789abcdef";
    std::string hex;
    for (unsigned char c : bytes) {
        hex += d[c >> 4];
        hex += d[c & 15];
    }
    return hex;
}

// An unconfined step of the bench itself on trusted inputs (building the corpus, the probe).
void build(const std::vector<std::string> &argv, const fs::path &dir) {
    SpawnSpec s;
    s.argv = argv;
    s.env = base_env(dir);
    s.stderr_path = dir / "build.err";
    s.confine = false;
    s.limits.wall_seconds = 600;
    ExitInfo e = run_process(s);
    if (!e.ok()) throw std::runtime_error("building " + argv.back() + ": " + read_file_tail(s.stderr_path, 3000));
}

// A crafted pipeline object: the two entry points plus `extra` (C, built by clang).
std::string crafted_object_hex(const fs::path &dir, const std::string &name, const std::string &extra) {
    fs::path c = dir / (name + ".c"), o = dir / (name + ".o");
    write_file(c, "int ekb_pipeline(void *a) { return 0; }\nint ekb_pipeline_argv(void **a) { return 0; }\n"
                  "const void *ekb_pipeline_metadata(void) { return 0; }\n" + extra);
    build({"/usr/bin/clang", "-c", "-O1", "-fPIC", c.string(), "-o", o.string()}, dir);
    return hex_of(read_file(o));
}

// A hand-made pipeline (the matmul ABI of tests/kernels/handmade/) as a shared object,
// built in `dir` (which holds handmade/pipeline_abi.h and src/, so that the corpus's
// "../handmade/pipeline_abi.h" resolves).
fs::path build_handmade(const std::string &source, const fs::path &dir, const std::string &name) {
    fs::path cpp = dir / "src" / (name + ".cpp"), so = dir / (name + ".so");
    write_file(cpp, source);
    build({"/usr/bin/g++", "-std=c++17", "-O1", "-shared", "-fPIC", std::string("-I") + EKB_HALIDE_INCLUDE_DIR, cpp.string(),
           "-o", so.string()},
          dir);
    fs::remove(cpp);
    return so;
}

// Conducts a hand-made matmul pipeline with timing (no expert), as the evaluator's
// conductor would, and turns the conductor's report into a record.
ResultRecord conduct_handmade(Evaluator &ev, Toolchain &tc, const Task &task, const fs::path &so, const Family &f, int i,
                              const std::optional<PeakRates> &peaks, double *median_s) {
    TempDir tmp("ekb-robust-");
    ::chmod(tmp.path().c_str(), 0755);
    ConductSpec spec = conduct_spec_for(task, "cpu", fresh_seed(), 2, {"tokens16-512x512"});
    spec.candidate = so.string();
    spec.reference = ev.reference_artifact(task).artifact.string();
    spec.timing.cap_seconds = 0.3;
    spec.timing.min_samples = 6;
    if (peaks) {
        spec.peak_gflops = peaks->gflops;
        spec.peak_gbps = peaks->gbps;
    }
    spec.call_seconds = 5;
    spec.start_seconds = 5;
    spec.worker_memory_bytes = 1ull << 30;
    spec.workdir = tmp.path().string();
    write_file(tmp.path() / "spec.json", spec.to_json().dump());
    SpawnSpec s;
    s.argv = {tc.runner(backend_target("cpu")).string(), "conduct", (tmp.path() / "spec.json").string(),
              (tmp.path() / "result.json").string()};
    s.env = base_env(tmp.path());
    s.stderr_path = tmp.path() / "conductor.err";
    s.confine = false;
    s.limits.wall_seconds = 120;
    ExitInfo e = run_process(s);
    if (!e.ok()) throw std::runtime_error("the conductor " + e.describe() + ": " + read_file_tail(s.stderr_path, 2000));
    json r = json::parse(read_file(tmp.path() / "result.json"));
    ResultRecord rec;
    rec.task_id = task.id;
    rec.backend = "cpu";
    rec.producer = "robustness";
    rec.kernel_name = f.name + "_" + std::to_string(i) + ".so";
    rec.sample = i;
    rec.record_key = "robustness-handmade-" + std::to_string(i) + "-" + std::to_string(fresh_seed());
    rec.compiled = true;
    rec.correct = r.value("correct", false);
    rec.timed = r.value("timed", false);
    rec.status = rec.correct ? (rec.timed ? "timed" : "correct") : "incorrect";
    if (r.contains("suspect") && r["suspect"].is_string()) rec.suspect = r["suspect"].get<std::string>();
    const json &fail = r.at("candidate").at("failure");
    if (!fail.is_null()) {
        rec.failure_stage = "run";
        rec.failure_code = fail.value("code", "");
        rec.failure_message = fail.value("message", "");
    }
    *median_s = NAN;
    if (rec.timed && r.contains("instances") && !r["instances"].empty()) {
        *median_s = r["instances"][0]["timing"]["candidate"].value("median_s", NAN);
        rec.kernel_median_s = *median_s;
    }
    return rec;
}

}  // namespace

int main(int argc, char **argv) {
    int total = 1000;
    std::string store_path = "robustness-results.db", out;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--kernels" && i + 1 < argc) total = std::atoi(argv[++i]);
        else if (a == "--store" && i + 1 < argc) store_path = argv[++i];
        else if (a == "--out" && i + 1 < argc) out = argv[++i];
        else {
            std::fprintf(stderr, "usage: robustness [--kernels N] [--store FILE] [--out FILE.json]\n");
            return 2;
        }
    }
    // The secrets a kernel must never get into what ekb keeps: a root-only host file and
    // an API key in ekb's own environment.
    TempDir secret_dir("ekb-robust-secret-", "/tmp");
    ::chmod(secret_dir.path().c_str(), 0700);
    const std::string file_token = "EKB_ROBUST_FILE_SECRET_" + std::to_string(fresh_seed());
    const std::string key_token = "sk-ekb-robust-" + std::to_string(fresh_seed());
    fs::path secret = secret_dir.path() / "secret.txt";
    write_file(secret, file_token + "\n");
    ::chmod(secret.c_str(), 0600);
    ::setenv("OPENAI_API_KEY", key_token.c_str(), 1);
    const fs::path marker_tmp = "/tmp/ekb-robust-escape-marker", marker_cache = cache_dir() / "ekb-robust-escape-marker";
    fs::remove(marker_tmp);
    fs::remove(marker_cache);

    Suite suite = Suite::load(ekb_home() / "suite");
    fs::path k = ekb_home() / "tests" / "kernels";
    auto task_dir = [&](const std::string &id) { return suite.find(id)->dir; };
    TempDir work("ekb-robust-build-");
    fs::create_directories(work.path() / "handmade");
    fs::create_directories(work.path() / "src");
    // The corpus includes "pipeline_abi.h" (handmade/) or "../handmade/pipeline_abi.h".
    fs::copy_file(k / "handmade" / "pipeline_abi.h", work.path() / "handmade" / "pipeline_abi.h");
    fs::copy_file(k / "handmade" / "pipeline_abi.h", work.path() / "src" / "pipeline_abi.h");
    const std::string S = secret.string();
    using E = Expect;
    using St = Stream;
    std::vector<Family> families = {
        // Compile- and run-time failures of generated code.
        {"syntax_error", St::source, k / "matmul" / "syntax_error.cpp", 3, E::incorrect},
        {"schedule_error", St::source, k / "matmul" / "schedule_error.cpp", 3, E::incorrect},
        {"segfault_generate", St::source, k / "matmul" / "segfault_generate.cpp", 2, E::incorrect},
        {"hang_generate", St::source, k / "matmul" / "hang_generate.cpp", 1, E::incorrect},
        {"segfault_run", St::source, k / "matmul" / "segfault_run.cpp", 2, E::incorrect},
        {"hang_run", St::source, k / "matmul" / "hang_run.cpp", 1, E::incorrect},
        {"off_by_one", St::source, k / "matmul" / "off_by_one.cpp", 2, E::incorrect},
        {"skipped_tail", St::source, k / "matmul" / "skipped_tail.cpp", 2, E::incorrect},
        {"all_zeros", St::source, k / "matmul" / "all_zeros.cpp", 2, E::incorrect},
        {"copy_input", St::source, k / "matmul" / "copy_input.cpp", 1, E::incorrect},
        {"visible_only", St::source, k / "matmul" / "visible_only.cpp", 1, E::incorrect},
        // The sandbox: resources, network, the host's files, extern code.
        {"fork_bomb", St::source, k / "exploits" / "fork_bomb.cpp", 1, E::incorrect},
        {"allocate_huge", St::source, k / "exploits" / "allocate_huge.cpp", 1, E::incorrect},
        {"socket", St::source, k / "exploits" / "socket_at_compile.cpp", 1, E::incorrect},
        {"memoize", St::source, k / "matmul" / "memoize.cpp", 2, E::incorrect},
        {"extern_stage", St::source, k / "exploits" / "extern_stage.cpp", 1, E::incorrect},
        {"raw_syscall", St::source, k / "exploits" / "syscall_extern.cpp", 1, E::incorrect},
        // A device's words from a kernel on a working device: its own failure, stored.
        {"fake_device_error", St::source, k / "exploits" / "fake_device_error.cpp", 1, E::incorrect},
        {"fake_device_error_timed", St::source, k / "exploits" / "fake_device_error.cpp", 1, E::incorrect, "matmul", "cpu", true},
        {"read_suite", St::source, k / "exploits" / "read_suite.cpp", 1, E::incorrect, "matmul", "cpu", false,
         {{"@TASK_JSON@", fs::canonical(task_dir("matmul") / "task.json").string()}}},
        {"write_outside", St::source, k / "exploits" / "write_outside.cpp", 1, E::incorrect, "matmul", "cpu", false,
         {{"@MARKER_TMP@", marker_tmp.string()}, {"@MARKER_CACHE@", marker_cache.string()}}},
        // The trust rule: files planted in the work directory, invalid UTF-8 at generate and
        // run time, a hunt for ekb's environment, crafted objects patched in after Halide.
        {"plant_symlink", St::source, k / "hostile_files" / "plant_at_generate.cpp", 1, E::incorrect, "matmul", "cpu", false,
         {{"@KIND@", "symlink"}, {"@SECRET@", S}, {"@EXIT@", "0"}}},
        {"plant_fifo", St::source, k / "hostile_files" / "plant_at_generate.cpp", 1, E::incorrect, "matmul", "cpu", false,
         {{"@KIND@", "fifo"}, {"@SECRET@", S}, {"@EXIT@", "0"}}},
        {"plant_hardlink", St::source, k / "hostile_files" / "plant_at_generate.cpp", 1, E::incorrect, "matmul", "cpu", false,
         {{"@KIND@", "hardlink"}, {"@SECRET@", S}, {"@EXIT@", "0"}}},
        {"plant_bytes", St::source, k / "hostile_files" / "plant_at_generate.cpp", 1, E::incorrect, "matmul", "cpu", false,
         {{"@KIND@", "bytes"}, {"@SECRET@", S}, {"@EXIT@", "2"}}},
        // An honest matmul that plants pipeline.so as a link to the secret: correct is right,
        // a secret written through (checked at the end) or kept is an escape.
        {"plant_pipeline_so", St::source, k / "hostile_files" / "plant_pipeline_so.cpp", 1, E::no_gain, "matmul", "cpu", false,
         {{"@SECRET@", S}}},
        {"bytes_at_run", St::source, k / "hostile_files" / "bytes_at_run.cpp", 1, E::incorrect},
        {"read_environ", St::source, k / "hostile_files" / "read_environ.cpp", 1, E::no_gain, "matmul", "cpu", false,
         {{"@VAR@", "OPENAI_API_KEY"}}},
        {"patch_deplibs", St::source, k / "exploits" / "patch_object.cpp", 1, E::incorrect, "matmul", "cpu", false,
         {{"@OBJECT_HEX@", crafted_object_hex(work.path(), "deplibs", "#pragma comment(lib, \"" + S + "\")\n")}}},
        {"patch_syscall", St::source, k / "exploits" / "patch_object.cpp", 1, E::incorrect, "matmul", "cpu", false,
         {{"@OBJECT_HEX@",
           crafted_object_hex(work.path(), "syscall", "int ekb_pipeline_raw(void) { __asm__ volatile(\"syscall\"); return 0; }\n")}}},
        {"patch_constructor", St::source, k / "exploits" / "patch_object.cpp", 1, E::incorrect, "matmul", "cpu", false,
         {{"@OBJECT_HEX@", crafted_object_hex(work.path(), "ctor",
                                              "volatile int ekb_pipeline_flag;\n__attribute__((constructor)) static void evil(void) "
                                              "{ ekb_pipeline_flag = 1; }\n")}}},
        {"patch_extern", St::source, k / "exploits" / "patch_object.cpp", 1, E::incorrect, "matmul", "cpu", false,
         {{"@OBJECT_HEX@", crafted_object_hex(work.path(), "extern",
                                              "extern int ekb_evil_extern(int);\nint ekb_pipeline_x(int v) { return ekb_evil_extern(v); }\n")}}},
        // Verification: bugs that only adversarial input sets expose.
        {"softmax_no_max", St::source, k / "adversarial" / "softmax_no_max.cpp", 2, E::incorrect, "softmax"},
        {"argmax_last_index", St::source, k / "adversarial" / "argmax_last_index.cpp", 2, E::incorrect, "argmax_rows"},
        {"quantize_half_up", St::source, k / "adversarial" / "quantize_round_half_up.cpp", 2, E::incorrect, "quantize_int8"},
        {"histogram_racy", St::source, k / "adversarial" / "histogram_racy.cpp", 2, E::incorrect, "histogram_u8"},
        // The GPU rule on opencl (PoCL): host-side work is not a GPU kernel.
        {"gpu_no_schedule", St::source, k / "gpu_rule" / "no_gpu_schedule.cpp", 1, E::incorrect, "matmul", "opencl"},
        {"gpu_host_intermediate", St::source, k / "gpu_rule" / "host_intermediate.cpp", 1, E::incorrect, "matmul", "opencl"},
        {"gpu_host_update", St::source, k / "gpu_rule" / "host_update.cpp", 1, E::incorrect, "matmul", "opencl"},
        {"gpu_small_host_table", St::source, k / "gpu_rule" / "small_host_table.cpp", 1, E::correct, "matmul", "opencl"},
        // Timing: the skip-the-work cheat in pure Halide, timed against the expert.
        {"cheat_poison_cpu", St::source, k / "timing_cheats" / "skip_unless_poison_halide.cpp", 2, E::no_gain, "matmul", "cpu", true},
        {"cheat_poison_opencl", St::source, k / "timing_cheats" / "skip_unless_poison_halide.cpp", 1, E::no_gain, "matmul", "opencl", true},
        // Good kernels: none may be rejected.
        {"good_rewrite", St::source, k / "matmul" / "rewrite_transpose.cpp", 2, E::correct},
        {"good_expert_timed", St::source, task_dir("matmul") / "kernels" / "expert_cpu.cpp", 1, E::correct, "matmul", "cpu", true},
        {"good_naive_softmax", St::source, task_dir("softmax") / "kernels" / "naive.cpp", 1, E::correct, "softmax"},
        {"good_expert_argmax", St::source, task_dir("argmax_rows") / "kernels" / "expert_cpu.cpp", 1, E::correct, "argmax_rows"},
        {"good_expert_quantize", St::source, task_dir("quantize_int8") / "kernels" / "expert_cpu.cpp", 1, E::correct, "quantize_int8"},
        {"good_expert_histogram", St::source, task_dir("histogram_u8") / "kernels" / "expert_cpu.cpp", 1, E::correct, "histogram_u8"},
        {"good_expert_opencl", St::source, task_dir("matmul") / "kernels" / "expert_opencl.cpp", 1, E::correct, "matmul", "opencl"},
        // Hand-made pipelines in the worker, timed: what no Halide schedule can express.
        {"hm_honest", St::handmade, k / "handmade" / "honest.cpp", 2, E::correct},
        {"hm_skip_unless_poison", St::handmade, k / "timing_cheats" / "skip_unless_poison.cpp", 2, E::no_gain},
        {"hm_sentinel", St::handmade, k / "timing_cheats" / "sentinel_matches_input.cpp", 1, E::no_gain},
        {"hm_replay", St::handmade, k / "timing_cheats" / "replay_by_content.cpp", 1, E::no_gain},
        {"hm_address_dependent", St::handmade, k / "timing_cheats" / "address_dependent.cpp", 1, E::incorrect},
        {"hm_skip_seen_buffers", St::handmade, k / "handmade" / "skip_seen_buffers.cpp", 1, E::no_gain},
        {"hm_leave_work_running", St::handmade, k / "handmade" / "leave_work_running.cpp", 1, E::incorrect},
        {"hm_alias_input", St::handmade, k / "handmade" / "alias_input.cpp", 1, E::incorrect},
        {"hm_modify_input", St::handmade, k / "handmade" / "modify_input.cpp", 1, E::incorrect},
        {"hm_write_past_output", St::handmade, k / "handmade" / "write_past_output.cpp", 1, E::incorrect},
        {"hm_inject_nan", St::handmade, k / "handmade" / "inject_nan.cpp", 1, E::incorrect},
        {"hm_zeros", St::handmade, k / "handmade" / "zeros.cpp", 1, E::incorrect},
        {"hm_crash", St::handmade, k / "handmade" / "crash.cpp", 1, E::incorrect},
        {"hm_spin", St::handmade, k / "handmade" / "spin.cpp", 1, E::incorrect},
        {"hm_exhaust_memory", St::handmade, k / "handmade" / "exhaust_memory.cpp", 1, E::incorrect},
        {"hm_plants_stderr_symlink", St::handmade, k / "hostile_files" / "worker_plants_stderr.cpp", 1, E::incorrect, "matmul",
         "cpu", false, {{"@KIND@", "symlink"}, {"@SECRET@", S}}},
        {"hm_plants_stderr_fifo", St::handmade, k / "hostile_files" / "worker_plants_stderr.cpp", 1, E::incorrect, "matmul",
         "cpu", false, {{"@KIND@", "fifo"}, {"@SECRET@", S}}},
    };
    std::vector<std::string> sources;
    int weight_sum = 0;
    for (const auto &f : families) {
        std::string src = read_file(f.file);
        for (const auto &[from, to] : f.subst) {
            for (size_t p; (p = src.find(from)) != std::string::npos;) src.replace(p, from.size(), to);
        }
        sources.push_back(src);
        weight_sum += f.weight;
    }
    // The physical bound (a replayed answer is faster than the work allows) needs this
    // machine's peaks, as `ekb device probe` measures them; measured once if missing.
    std::optional<PeakRates> peaks = peaks_for_backend("cpu");
    if (!peaks) {
        std::fprintf(stderr, "no cpu peaks in %s: measuring them (ekb device probe --backend cpu)\n",
                     default_peaks_file().c_str());
        build({(libexec_dir() / "ekb").string(), "device", "probe", "--backend", "cpu"}, work.path());
        peaks = peaks_for_backend("cpu");
    }
    Toolchain tc(cache_dir());
    Evaluator ev(suite, tc);
    fs::remove(store_path);
    std::map<std::string, std::map<std::string, int>> outcomes;
    std::map<std::string, std::vector<std::string>> violations;  // kind -> "family #i: what"
    std::vector<double> honest_medians;
    std::vector<std::pair<std::string, double>> cheat_medians;  // hand-made no_gain: (label, median)
    std::vector<long> rss_trace;
    long rss_start = current_rss_kb();
    double t0 = monotonic_seconds();
    int attempted = 0, harness_errors = 0;
    {
        ResultStore store(store_path);
        for (int i = 0; i < total; i++) {
            // A weighted round-robin over the families; each kernel is unique (new cache key).
            int slot = i % weight_sum, fi = 0;
            while (slot >= families[static_cast<size_t>(fi)].weight) slot -= families[static_cast<size_t>(fi++)].weight;
            const Family &f = families[static_cast<size_t>(fi)];
            const std::string unique = "\n// robustness kernel " + std::to_string(i) + " " + std::to_string(fresh_seed()) + "\n";
            const std::string label = f.name + " #" + std::to_string(i);
            attempted++;
            try {
                ResultRecord r;
                if (f.stream == Stream::source) {
                    EvalRequest req;
                    req.task = suite.find(f.task);
                    req.backend = f.backend;
                    req.kernel_source = sources[static_cast<size_t>(fi)] + unique;
                    req.kernel_name = f.name + "_" + std::to_string(i) + ".cpp";
                    req.producer = "robustness";
                    req.sample = i;
                    req.timing.enabled = f.timed;
                    req.timing.cap_seconds = 0.3;
                    req.timing.min_samples = 6;
                    req.compare_with_expert = f.timed;
                    req.compile.compile_seconds = 10;
                    req.compile.generate_seconds = 10;
                    req.call_seconds = 5;
                    req.start_seconds = 10;
                    r = ev.evaluate(req);
                } else {
                    fs::path so = build_handmade(sources[static_cast<size_t>(fi)] + unique, work.path(),
                                                 f.name + "_" + std::to_string(i));
                    double median = NAN;
                    r = conduct_handmade(ev, tc, *suite.find("matmul"), so, f, i, peaks, &median);
                    fs::remove(so);
                    if (f.name == "hm_honest" && r.timed) honest_medians.push_back(median);
                    if (f.expect == Expect::no_gain && r.correct && r.timed && r.suspect.empty())
                        cheat_medians.emplace_back(label, median);
                }
                store.put(r);
                outcomes[f.name][r.failure_stage.empty() ? std::string(r.timed ? "timed" : "correct")
                                                         : r.failure_stage + "/" + r.failure_code]++;
                if (f.expect == Expect::correct && !r.correct)
                    violations["false_rejections"].push_back(label + ": " + r.failure_stage + "/" + r.failure_code + " " +
                                                             r.failure_message.substr(0, 200));
                if (f.expect == Expect::incorrect && r.correct) violations["unearned"].push_back(label + ": recorded correct");
                // Against the expert (Halide stream): a cheat that passed may not be faster
                // than the expert by more than the A/A noise allows.
                if (f.expect == Expect::no_gain && f.stream == Stream::source && r.correct && r.timed && r.suspect.empty() &&
                    r.speedup > 1.5)
                    violations["unearned"].push_back(label + ": speedup " + std::to_string(r.speedup) + " over the expert");
            } catch (const std::exception &e) {
                harness_errors++;
                std::fprintf(stderr, "harness error on %s: %s\n", label.c_str(), e.what());
            }
            if ((i + 1) % 50 == 0) {
                rss_trace.push_back(current_rss_kb());
                std::fprintf(stderr, "  %d kernels, %.0f s, harness RSS %ld KiB\n", i + 1, monotonic_seconds() - t0,
                             rss_trace.back());
            }
        }
    }
    double wall = monotonic_seconds() - t0;
    // Hand-made cheats that passed: not faster than half the honest pipeline's median.
    if (!honest_medians.empty()) {
        std::sort(honest_medians.begin(), honest_medians.end());
        double honest = honest_medians[honest_medians.size() / 2];
        for (const auto &[label, m] : cheat_medians) {
            if (m < 0.5 * honest)
                violations["unearned"].push_back(label + ": " + std::to_string(m) + " s vs the honest " + std::to_string(honest) +
                                                 " s");
        }
    }
    ResultStore store(store_path);
    std::vector<ResultRecord> recs = store.all();
    size_t recorded = recs.size();
    // Escapes: the secrets or a probe's success line in anything ekb kept.
    std::string kept = read_file(store_path);
    for (const auto &r : recs) kept += r.to_json().dump();
    for (const std::string &needle : {file_token, key_token, std::string("ESCAPED")}) {
        for (size_t p = kept.find(needle); p != std::string::npos; p = kept.find(needle, p + 1))
            violations["escapes"].push_back("'" + needle.substr(0, 24) + "' in what ekb kept");
    }
    if (read_file(secret) != file_token + "\n") violations["escapes"].push_back(secret.string() + " was written through");
    for (const fs::path &m : {marker_tmp, marker_cache, fs::path("/usr/ekb-escape-marker"), fs::path("/etc/ekb-escape-marker")}) {
        if (fs::exists(m)) violations["escapes"].push_back(m.string() + " written on the host");
    }
    for (int i = 0; i < 20 && stray_processes() > 0; i++) usleep(100000);
    int strays = stray_processes();
    auto count = [&](const char *kind) { return static_cast<int>(violations[kind].size()); };
    json j = {{"kernels", attempted},
              {"families", families.size()},
              {"recorded", recorded},
              {"lost", attempted - static_cast<int>(recorded)},
              {"harness_errors", harness_errors},
              {"stray_processes", strays},
              {"escapes", count("escapes")},
              {"unearned", count("unearned")},
              {"false_rejections", count("false_rejections")},
              {"violations", violations},
              {"honest_handmade_median_s", honest_medians.empty() ? json() : json(honest_medians[honest_medians.size() / 2])},
              {"peaks", peaks ? json{{"gflops", peaks->gflops}, {"gbps", peaks->gbps}} : json()},
              {"harness_rss_start_kb", rss_start},
              {"harness_rss_every_50_kb", rss_trace},
              {"harness_peak_rss_kb", rss_kb()},
              {"wall_s", wall},
              {"limits", {{"compile_s", 10}, {"run_s", 5}}},
              {"outcomes", outcomes},
              {"ekb_version", ekb_version()},
              {"confinement", confinement_summary()}};
    std::printf("%s\n", j.dump(2).c_str());
    if (!out.empty()) write_file(out, j.dump(2) + "\n");
    bool ok = recorded == static_cast<size_t>(attempted) && strays == 0 && harness_errors == 0 && violations["escapes"].empty() &&
              violations["unearned"].empty() && violations["false_rejections"].empty();
    return ok ? 0 : 1;
}
