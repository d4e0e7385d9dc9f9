// bench/robustness: pushes a stream of crashing, hanging, malicious and wrong kernels (and a
// few good ones) through the evaluation engine with short limits (10 s compile, 5 s run),
// stores every record, and reports: kernels, recorded, lost, stray processes, the
// harness's peak RSS along the way, and wall time.
//
// usage: robustness [--kernels N] [--store FILE] [--out FILE.json]
#include <dirent.h>
#include <sys/resource.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "common/files.h"
#include "common/paths.h"
#include "common/subprocess.h"
#include "compile/toolchain.h"
#include "eval/evaluator.h"
#include "record/store.h"

using namespace ekb;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct Family {
    std::string name;
    fs::path file;
    int weight;  // relative share of the stream
    std::vector<std::pair<std::string, std::string>> subst = {};  // placeholders of the hostile_files kernels
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

}  // namespace

int main(int argc, char **argv) {
    int total = 300;
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
    fs::path k = ekb_home() / "tests" / "kernels";
    std::vector<Family> families = {
        {"syntax_error", k / "matmul" / "syntax_error.cpp", 3},       {"schedule_error", k / "matmul" / "schedule_error.cpp", 3},
        {"segfault_generate", k / "matmul" / "segfault_generate.cpp", 3}, {"hang_generate", k / "matmul" / "hang_generate.cpp", 1},
        {"fork_bomb", k / "exploits" / "fork_bomb.cpp", 1},           {"allocate_huge", k / "exploits" / "allocate_huge.cpp", 2},
        {"socket", k / "exploits" / "socket_at_compile.cpp", 2},      {"memoize", k / "matmul" / "memoize.cpp", 3},
        {"extern_stage", k / "exploits" / "extern_stage.cpp", 2},     {"raw_syscall", k / "exploits" / "syscall_extern.cpp", 2},
        {"segfault_run", k / "matmul" / "segfault_run.cpp", 3},       {"hang_run", k / "matmul" / "hang_run.cpp", 1},
        {"off_by_one", k / "matmul" / "off_by_one.cpp", 3},           {"skipped_tail", k / "matmul" / "skipped_tail.cpp", 3},
        {"all_zeros", k / "matmul" / "all_zeros.cpp", 3},             {"good", k / "matmul" / "rewrite_transpose.cpp", 2},
        // The trust rule (docs/evaluation.md): files planted in the work directory, invalid
        // UTF-8 at generate and run time, a hunt for ekb's environment.
        {"plant_symlink", k / "hostile_files" / "plant_at_generate.cpp", 1, {{"@KIND@", "symlink"}, {"@SECRET@", "/etc/shadow"}, {"@EXIT@", "0"}}},
        {"plant_fifo", k / "hostile_files" / "plant_at_generate.cpp", 1, {{"@KIND@", "fifo"}, {"@SECRET@", "/etc/shadow"}, {"@EXIT@", "0"}}},
        {"plant_hardlink", k / "hostile_files" / "plant_at_generate.cpp", 1, {{"@KIND@", "hardlink"}, {"@SECRET@", "/etc/shadow"}, {"@EXIT@", "0"}}},
        {"plant_bytes", k / "hostile_files" / "plant_at_generate.cpp", 1, {{"@KIND@", "bytes"}, {"@SECRET@", "/etc/shadow"}, {"@EXIT@", "2"}}},
        {"plant_pipeline_so", k / "hostile_files" / "plant_pipeline_so.cpp", 1, {{"@SECRET@", "/etc/shadow"}}},
        {"bytes_at_run", k / "hostile_files" / "bytes_at_run.cpp", 1},
        {"read_environ", k / "hostile_files" / "read_environ.cpp", 1, {{"@VAR@", "OPENAI_API_KEY"}}},
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
    Suite suite = Suite::load(ekb_home() / "suite");
    const Task *task = suite.find("matmul");
    Toolchain tc(cache_dir());
    Evaluator ev(suite, tc);
    fs::remove(store_path);
    ResultStore store(store_path);
    std::map<std::string, std::map<std::string, int>> outcomes;
    std::vector<long> rss_trace;
    long rss_start = current_rss_kb();
    double t0 = monotonic_seconds();
    int attempted = 0, harness_errors = 0;
    for (int i = 0; i < total; i++) {
        // A weighted round-robin over the families; each kernel is unique (new cache key).
        int slot = i % weight_sum, fi = 0;
        while (slot >= families[static_cast<size_t>(fi)].weight) slot -= families[static_cast<size_t>(fi++)].weight;
        const Family &f = families[static_cast<size_t>(fi)];
        EvalRequest req;
        req.task = task;
        req.backend = "cpu";
        req.kernel_source = sources[static_cast<size_t>(fi)] + "\n// robustness kernel " + std::to_string(i) + " " +
                            std::to_string(fresh_seed()) + "\n";
        req.kernel_name = f.name + "_" + std::to_string(i) + ".cpp";
        req.producer = "robustness";
        req.sample = i;
        req.timing.enabled = false;
        req.compile.compile_seconds = 10;
        req.compile.generate_seconds = 10;
        req.call_seconds = 5;
        req.start_seconds = 5;
        attempted++;
        try {
            ResultRecord r = ev.evaluate(req);
            store.put(r);
            outcomes[f.name][r.failure_stage.empty() ? std::string("correct") : r.failure_stage + "/" + r.failure_code]++;
        } catch (const std::exception &e) {
            harness_errors++;
            std::fprintf(stderr, "harness error on %s: %s\n", req.kernel_name.c_str(), e.what());
        }
        if ((i + 1) % 50 == 0) {
            rss_trace.push_back(current_rss_kb());
            std::fprintf(stderr, "  %d kernels, %.0f s, harness RSS %ld KiB\n", i + 1, monotonic_seconds() - t0,
                         rss_trace.back());
        }
    }
    double wall = monotonic_seconds() - t0;
    size_t recorded = store.all().size();
    for (int i = 0; i < 20 && stray_processes() > 0; i++) usleep(100000);
    int strays = stray_processes();
    json j = {{"kernels", attempted},        {"recorded", recorded},
              {"lost", attempted - static_cast<int>(recorded)}, {"harness_errors", harness_errors},
              {"stray_processes", strays},   {"harness_rss_start_kb", rss_start},
              {"harness_rss_every_50_kb", rss_trace}, {"harness_peak_rss_kb", rss_kb()},
              {"wall_s", wall},              {"limits", {{"compile_s", 10}, {"run_s", 5}}},
              {"outcomes", outcomes},        {"ekb_version", ekb_version()}, {"confinement", confinement_summary()}};
    std::printf("%s\n", j.dump(2).c_str());
    if (!out.empty()) write_file(out, j.dump(2) + "\n");
    return (recorded == static_cast<size_t>(attempted) && strays == 0 && harness_errors == 0) ? 0 : 1;
}
