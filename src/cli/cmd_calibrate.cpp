// ekb suite calibrate: each task's cpu expert against its naive kernel (ekb's A/B protocol),
// against PyTorch eager on the same machine and thread count, and against a vendor library,
// so that Fast@1.0 is never measured against a weak baseline: the BLAS numpy uses (OpenBLAS)
// for GEMM-like tasks, oneDNN (ekb-vendor-dnnl, built where libdnnl-dev is installed) for the
// float32 convolutions a task's reference calls.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/python_tools.h"
#include "cli/table.h"
#include "common/paths.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "eval/evaluator.h"
#include "measure/stats.h"

namespace ekb {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct Row {
    std::string task, instance;
    double expert = NAN, eager = NAN, vendor = NAN;
    double task_flops = NAN, vendor_flops = NAN;  // the task's flops formula; what the vendor side computes
    std::string vendor_lib;                 // "OpenBLAS 0.3.21", "oneDNN 2.6.3 (<implementations>)"
    std::vector<std::string> vendor_impls;  // oneDNN: the implementations it picked
};

// "oneDNN 2.6.3 (a, b)" -> "oneDNN 2.6.3"; the short name is the first word.
std::string lib_version(const std::string &label) { return label.substr(0, label.find(" (")); }
std::string lib_name(const std::string &label) { return label.substr(0, label.find(' ')); }

// The vendor library of a task's rows: "OpenBLAS", "oneDNN"; with details, e.g.
// "oneDNN 2.6.3: brgconv:avx512_core +reorders, x64:gemm:jit".
std::string task_vendor(const std::vector<const Row *> &rows, bool details) {
    std::vector<std::string> libs, impls;
    auto add = [](std::vector<std::string> &v, const std::string &x) {
        if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
    };
    for (const Row *r : rows) {
        if (r->vendor_lib.empty()) continue;
        add(libs, details ? lib_version(r->vendor_lib) : lib_name(r->vendor_lib));
        for (const auto &i : r->vendor_impls) add(impls, i);
    }
    std::string out;
    for (const auto &l : libs) out += (out.empty() ? "" : " / ") + l;
    if (details && !impls.empty()) {
        out += ":";
        for (size_t i = 0; i < impls.size(); i++) out += (i ? ", " : " ") + impls[i];
    }
    return out.empty() ? "-" : out;
}

struct ExpertOverNaive {
    std::string task;
    double ratio, lo, hi;  // naive time / expert time, geomean over instances, with its 95% CI
};

bool is_gemm(const Task &t) {
    for (const auto &tag : t.tags) {
        if (tag == "gemm") return true;
    }
    return false;
}

// time_reference.py on the task's instance shapes: PyTorch eager and the vendor library timed, or
// (flops_only) only the arithmetic the vendor side would do.
json time_reference(const Task &t, int threads, const fs::path &dnnl_bin, bool have_dnnl, bool flops_only) {
    json spec = {{"gemm", is_gemm(t)}, {"instances", json::array()}};
    for (const auto &inst : t.instances) {
        json ins = json::array();
        for (const auto &x : t.inputs) {
            ins.push_back({{"shape", t.shape(x, inst)}, {"dtype", dtype_name(x.dtype)}, {"lo", x.range_lo}, {"hi", x.range_hi}});
        }
        spec["instances"].push_back({{"name", inst.name}, {"inputs", ins}});
    }
    TempDir tmp("ekb-calibrate-");
    write_file(tmp.path() / "instances.json", spec.dump());
    std::vector<std::string> py_argv = {torch_python(), (ekb_home() / "src" / "suite" / "time_reference.py").string()};
    if (flops_only) py_argv.push_back("--flops-only");
    for (const std::string &x : {t.dir.string(), (tmp.path() / "instances.json").string(), std::to_string(threads)}) py_argv.push_back(x);
    if (have_dnnl) py_argv.push_back(dnnl_bin.string());
    return json::parse(run_trusted_tool(
        py_argv, tmp.path(), flops_only ? "counting the vendor side's flops" : "timing PyTorch eager", 900,
        {"OMP_NUM_THREADS=" + std::to_string(threads), "OPENBLAS_NUM_THREADS=" + std::to_string(threads),
         // PyTorch eager and oneDNN keep freed memory as the kernels' runner does
         // (run/host_scratch.h): glibc neither trims its heap nor maps blocks below 32 MiB
         // afresh on every call, so neither side pays the host's page faults per call.
         "GLIBC_TUNABLES=glibc.malloc.trim_threshold=1073741824:glibc.malloc.mmap_threshold=33554432"}));
}

// Per instance: the task's flops and the vendor side's (absent before reports had them).
void set_flops(json &ij, const Task &t, const json &pi) {
    const Instance *inst = t.find_instance(ij.at("name"));
    ij["task_flops"] = inst && !t.flops_expr.empty() ? json(t.flops(*inst)) : json(nullptr);
    ij["vendor_flops"] = pi.contains("vendor_flops") ? pi.at("vendor_flops") : json(nullptr);
}

// A report's task entry from before the flops columns: completed without timing anything.
void complete_flops(json &tj, const Task &t, int threads, const fs::path &dnnl_bin, bool have_dnnl) {
    bool missing = false;
    for (const auto &ij : tj.at("instances")) missing = missing || !ij.contains("task_flops");
    if (!missing) return;
    std::cerr << "  counting the vendor side's flops of " << t.id << " (the report predates them)\n";
    json py = time_reference(t, threads, dnnl_bin, have_dnnl, true);
    for (auto &ij : tj["instances"]) {
        json pi = json::object();
        for (const auto &p : py.at("instances")) {
            if (p.at("name") == ij.at("name")) pi = p;
        }
        set_flops(ij, t, pi);
    }
}

// The machine's calibration lock (flock, released when the process ends however it ends); says
// so when another calibration holds it, then waits.
class MachineLock {
public:
    explicit MachineLock(const fs::path &path) {
        fs::create_directories(path.parent_path());
        fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);  // never through a link
        if (fd_ < 0) throw std::runtime_error("cannot open " + path.string() + ": " + std::strerror(errno));
        if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) return;
        std::cerr << "  waiting: another 'ekb suite calibrate' is timing on this machine (calibrations run one at a "
                     "time; " << path.string() << ")\n";
        while (::flock(fd_, LOCK_EX) != 0) {
            if (errno != EINTR) throw std::runtime_error("flock failed on " + path.string() + ": " + std::strerror(errno));
        }
    }
    ~MachineLock() { ::close(fd_); }
    MachineLock(const MachineLock &) = delete;
    MachineLock &operator=(const MachineLock &) = delete;

private:
    int fd_ = -1;
};

// One task's calibration: the report's "tasks" entry. Throws, naming the task, when a step fails.
json calibrate_task(const Task &t, Evaluator &ev, int threads, const fs::path &dnnl_bin, bool have_dnnl, std::string &blas) {
    // Naive against the expert, timed by ekb's protocol (A B B A): both medians per instance.
    EvalRequest req;
    req.task = &t;
    req.backend = host_cpu_backend().name;
    req.kernel_source = read_file(t.naive_kernel());
    req.kernel_name = "naive.cpp";
    req.producer = "naive";
    req.naive_baseline = true;
    req.threads = threads;
    EvalPhases ph;
    ResultRecord r = ev.evaluate(req, &ph);
    if (!r.timed || std::isnan(r.speedup)) {
        throw std::runtime_error("naive vs expert not timed: " +
                                 (r.failure_message.empty() ? "status " + r.status : r.failure_stage + ": " + r.failure_message));
    }
    ExpertOverNaive eon{t.id, 1.0 / r.speedup, 1.0 / r.speedup_ci_hi, 1.0 / r.speedup_ci_lo};
    // PyTorch eager and the vendor library (OpenBLAS or oneDNN) on the same shapes.
    json py = time_reference(t, threads, dnnl_bin, have_dnnl, false);
    for (const auto &b : py.value("blas", json::array())) {
        if (blas.find(b.get<std::string>()) == std::string::npos) blas += (blas.empty() ? "" : " ") + b.get<std::string>();
    }
    json ekb_insts = ph.conductor.at("instances");
    json tj = {{"task", t.id}, {"tier", t.tier}, {"domain", t.domain}, {"instances", json::array()},
               {"expert_over_naive", eon.ratio}, {"expert_over_naive_ci", {eon.lo, eon.hi}},
               {"ekb_version", ekb_version()}, {"date", utc_now()}};
    for (const auto &pi : py.at("instances")) {
        std::string name = pi.at("name");
        double expert = NAN;
        for (const auto &ei : ekb_insts) {
            if (ei.at("name") == name) expert = ei.at("timing").at("expert").at("median_s");
        }
        if (std::isnan(expert)) throw std::runtime_error("instance " + name + ": no expert time");
        if (pi.contains("vendor_error")) {
            std::cerr << "  warning: " << t.id << " " << name
                      << ": no oneDNN time: " << pi.at("vendor_error").get<std::string>() << "\n";
        }
        json ij = {{"name", name}, {"expert_s", expert}, {"eager_s", pi.at("eager_s")},
                   {"vendor_s", pi.contains("vendor_s") ? pi.at("vendor_s") : json(nullptr)},
                   {"vendor_lib", pi.value("vendor_lib", "").empty() ? json(nullptr) : pi.at("vendor_lib")},
                   {"vendor_impls", pi.value("vendor_impls", std::vector<std::string>{})}};
        set_flops(ij, t, pi);
        if (pi.contains("vendor_convs")) ij["vendor_convs"] = pi.at("vendor_convs");
        if (pi.contains("vendor_error")) ij["vendor_error"] = pi.at("vendor_error");
        tj["instances"].push_back(ij);
    }
    return tj;
}

// The markdown report and the terminal table, from the report's JSON alone (a resumed run renders
// the tasks of earlier runs the same way).
void render(const json &report, std::ostream &md, std::ostream &out) {
    std::vector<Row> rows;
    std::vector<ExpertOverNaive> over_naive;
    std::string dnnl_version;
    std::set<std::string> versions;
    for (const auto &tj : report.at("tasks")) {
        auto ci = tj.at("expert_over_naive_ci");
        over_naive.push_back({tj.at("task"), tj.at("expert_over_naive"), ci.at(0), ci.at(1)});
        versions.insert(tj.value("ekb_version", report.value("ekb_version", "")));
        for (const auto &ij : tj.at("instances")) {
            Row row;
            row.task = tj.at("task");
            row.instance = ij.at("name");
            row.expert = ij.at("expert_s");
            row.eager = ij.at("eager_s");
            if (ij.contains("vendor_s") && !ij.at("vendor_s").is_null()) row.vendor = ij.at("vendor_s");
            if (ij.contains("vendor_lib") && !ij.at("vendor_lib").is_null()) row.vendor_lib = ij.at("vendor_lib");
            row.vendor_impls = ij.value("vendor_impls", std::vector<std::string>{});
            if (ij.contains("task_flops") && !ij.at("task_flops").is_null()) row.task_flops = ij.at("task_flops");
            if (ij.contains("vendor_flops") && !ij.at("vendor_flops").is_null()) row.vendor_flops = ij.at("vendor_flops");
            if (lib_name(row.vendor_lib) == "oneDNN") dnnl_version = lib_version(row.vendor_lib);
            rows.push_back(row);
        }
    }
    std::string blas = report.value("numpy_blas", "");
    int threads = report.at("threads");
    TextTable table({"task", "instances", "expert over naive", "95% CI", "expert (geomean)", "PyTorch eager",
                     "eager / expert", "vendor", "library", "vendor covers", "vendor / expert"});
    // Tasks with a vendor time: the ratio, and whether the vendor side does at least half of the
    // task's arithmetic (only then is "vendor / expert" a like-for-like bar).
    std::vector<std::pair<double, std::string>> per_task, per_task_vendor, per_task_vendor_partial;
    std::vector<double> all;
    std::string version_list;
    for (const auto &v : versions) version_list += (version_list.empty() ? "" : ", ") + v;
    md << "# Expert calibration on cpu\n\n"
       << "`ekb suite calibrate` from " << report.value("date", "?") << " to " << report.value("updated", report.value("date", "?"))
       << ", " << threads << " threads, ekb " << version_list << ", target `" << report.value("target", "?")
       << "`, numpy BLAS: " << (blas.empty() ? "unknown" : blas) << ", "
       << (!dnnl_version.empty()                 ? dnnl_version
           : !report.value("vendor_dnnl", json(nullptr)).is_null() ? "oneDNN: no convolution timed"
                                                                   : "oneDNN: not built (libdnnl-dev missing at build time)")
       << ".\n\nAll ratios are other time / expert time (geomean over instances): above 1 the expert is "
       << "faster. Expert over naive comes from ekb's A/B timing with its bootstrap 95 % CI.\n\n"
       << "Vendor: for GEMM-like tasks (two 2-D inputs) `numpy.matmul` on the BLAS numpy loads "
       << "(OpenBLAS). For tasks whose PyTorch reference calls float32 convolutions (`F.conv1d`, `F.conv2d`, "
       << "`F.conv_transpose1d`, `F.conv_transpose2d`, captured in one untimed eager run) the sum of those "
       << "convolutions timed with oneDNN (`ekb-vendor-dnnl`, forward inference, bias included): input and "
       << "output in NCHW like the task, per convolution the faster of oneDNN on NCHW directly and oneDNN's "
       << "blocked layout with the reorders from and to NCHW timed in (\"+reorders\"); weights pre-packed "
       << "once, outside the timing, as a deployed model would. **The oneDNN time covers the convolutions "
       << "only**: padding done outside them (`F.pad`), activations and clamps, residual adds and other "
       << "epilogues are not in it, so for fused tasks it is a lower bound on a oneDNN implementation, "
       << "not a like-for-like time. The library column names the implementations oneDNN picked. "
       << "`-`: no vendor baseline for the task (int8 and other kernels, or oneDNN not built). "
       << "\"Vendor covers\": the arithmetic the vendor side does (2 per multiply-add of its GEMM or "
       << "convolutions) over the task's `flops` formula, summed over instances: near or above 100 % the "
       << "vendor time is a like-for-like bar for the expert; far below, the expert does work (a k-NN "
       << "search, a recurrence, a softmax) that the vendor time leaves out, and the ratio says little.\n\n"
       << "| task | instances | expert over naive | 95% CI | expert | PyTorch eager | eager / expert | vendor | library | vendor covers | vendor / expert |\n"
       << "|---|---|---|---|---|---|---|---|---|---|---|\n";
    int beat_naive = 0;
    for (const auto &eon : over_naive) {
        if (eon.ratio >= 1.05 && eon.lo > 1.0) beat_naive++;
        std::string ci = "[" + fmt_double(eon.lo, 2) + ", " + fmt_double(eon.hi, 2) + "]";
        std::vector<double> ex, eg, vd;
        std::vector<const Row *> trows;
        double task_flops = 0, vendor_flops = 0;
        bool flops_known = true;
        for (const auto &r : rows) {
            if (r.task != eon.task) continue;
            trows.push_back(&r);
            ex.push_back(r.expert);
            eg.push_back(r.eager);
            if (!std::isnan(r.vendor)) vd.push_back(r.vendor);
            flops_known = flops_known && !std::isnan(r.task_flops) && !std::isnan(r.vendor_flops) && r.task_flops > 0;
            if (flops_known) {
                task_flops += r.task_flops;
                vendor_flops += r.vendor_flops;
            }
        }
        double covers = flops_known && task_flops > 0 ? vendor_flops / task_flops : NAN;
        std::string covers_s = std::isnan(covers) ? "?" : fmt_double(100.0 * covers, 0) + " %";
        double ratio = geomean(eg) / geomean(ex);
        double vratio = vd.size() == ex.size() && !vd.empty() ? geomean(vd) / geomean(ex) : NAN;
        per_task.push_back({ratio, eon.task});
        all.push_back(ratio);
        bool vendor = !std::isnan(vratio);
        if (vendor) (covers >= 0.5 ? per_task_vendor : per_task_vendor_partial).push_back({vratio, eon.task});
        table.add({eon.task, std::to_string(ex.size()), fmt_double(eon.ratio, 2), ci, fmt_seconds(geomean(ex)),
                   fmt_seconds(geomean(eg)), fmt_double(ratio, 2), vendor ? fmt_seconds(geomean(vd)) : "-",
                   vendor ? task_vendor(trows, false) : "-", vendor ? covers_s : "-", vendor ? fmt_double(vratio, 2) : "-"});
        md << "| " << eon.task << " | " << ex.size() << " | " << fmt_double(eon.ratio, 2) << " | " << ci << " | "
           << fmt_seconds(geomean(ex)) << " | " << fmt_seconds(geomean(eg)) << " | " << fmt_double(ratio, 2) << " | "
           << (vendor ? fmt_seconds(geomean(vd)) : "-") << " | " << (vendor ? task_vendor(trows, true) : "-") << " | "
           << (vendor ? covers_s : "-") << " | " << (vendor ? fmt_double(vratio, 2) : "-") << " |\n";
    }
    std::sort(per_task.begin(), per_task.end());
    std::sort(per_task_vendor.begin(), per_task_vendor.end());
    std::sort(per_task_vendor_partial.begin(), per_task_vendor_partial.end());
    size_t n = over_naive.size();
    md << "\nExperts faster than naive (>= 1.05 with the CI's lower bound above 1): **" << beat_naive << " of " << n
       << "**.\n\nGeomean eager / expert over " << all.size() << " tasks: **" << fmt_double(geomean(all), 2)
       << "**.\n\nWorst five against PyTorch eager:";
    for (size_t i = 0; i < per_task.size() && i < 5; i++) md << " " << per_task[i].second << " (" << fmt_double(per_task[i].first, 2) << ")";
    md << "\n";
    auto worst_vendor = [&](const std::vector<std::pair<double, std::string>> &v, const char *what) {
        if (v.empty()) return;
        int below = 0;
        for (const auto &x : v) below += x.first < 0.8;
        md << "\nAgainst the vendor library, " << what << ": " << v.size() << " tasks, " << below
           << " below 0.8; worst five:";
        for (size_t i = 0; i < v.size() && i < 5; i++) md << " " << v[i].second << " (" << fmt_double(v[i].first, 2) << ")";
        md << "\n";
    };
    worst_vendor(per_task_vendor, "where it covers at least half of the task's flops");
    worst_vendor(per_task_vendor_partial, "where it covers less than half (or the flops are unknown; a lower bound)");
    const json &failed = report.at("failed");
    if (!failed.empty()) {
        md << "\n**Not calibrated** (" << failed.size() << "):\n\n";
        for (const auto &f : failed) md << "- " << f.at("task").get<std::string>() << ": " << f.at("error").get<std::string>() << "\n";
    }
    out << table.render() << "geomean PyTorch eager / expert over " << all.size() << " tasks: " << fmt_double(geomean(all), 2)
        << " (above 1: the experts are faster); experts faster than naive: " << beat_naive << " of " << n << "\n";
}

// The report a resumed run continues: PREFIX.json when it exists and was measured the same way.
json load_previous(const std::string &path, int threads) {
    json prev;
    try {
        prev = json::parse(read_file(path));
    } catch (const std::exception &e) {
        throw UsageError("--resume: " + path + " is not a calibration report: " + e.what());
    }
    if (!prev.is_object() || !prev.contains("tasks") || !prev.at("tasks").is_array()) {
        throw UsageError("--resume: " + path + " has no 'tasks' array (not a calibration report)");
    }
    auto differs = [&](const char *field, const json &now) {
        if (prev.value(field, json(nullptr)) != now) {
            throw UsageError("--resume: " + path + " field '" + field + "' is " + prev.value(field, json(nullptr)).dump() +
                             ", this run's is " + now.dump() + ": timings from both would not compare; use another --out");
        }
    };
    differs("backend", host_cpu_backend().name);
    differs("threads", threads);
    differs("target", reference_target());
    if (!prev.contains("failed")) prev["failed"] = json::array();
    return prev;
}

}  // namespace

int calibrate_suite(const Suite &suite, const Args &a) {
    auto tasks = suite.match(a.get_or("tasks", "*"));
    if (tasks.empty()) throw UsageError("no task matches --tasks " + a.get_or("tasks", "*"));
    int threads = static_cast<int>(a.number("threads", default_threads()));
    auto out = a.get("out");
    if (a.flag("resume") && !out) throw UsageError("--resume needs --out PREFIX (the report to continue)");
    // Calibrations on one machine time one at a time: two at once slow each other's timings
    // (and the ratios of both) by an amount neither can see.
    MachineLock one_at_a_time(cache_dir() / "calibrate.lock");
    Toolchain tc(cache_dir());
    Evaluator ev(suite, tc);
    // The oneDNN baseline's binary sits next to ekb; absent when the build had no oneDNN.
    fs::path dnnl_bin = libexec_dir() / "ekb-vendor-dnnl";
    bool have_dnnl = ::access(dnnl_bin.c_str(), X_OK) == 0;
    if (!have_dnnl) {
        std::cerr << "  note: no " << dnnl_bin.string()
                  << " (oneDNN missing at build time: install libdnnl-dev, rebuild): no vendor time for convolutions\n";
    }
    json report = {{"backend", host_cpu_backend().name}, {"threads", threads}, {"ekb_version", ekb_version()},
                   {"date", utc_now()}, {"target", reference_target()}, {"tasks", json::array()},
                   {"failed", json::array()}, {"numpy_blas", ""}};
    if (out && a.flag("resume") && fs::exists(*out + ".json")) report = load_previous(*out + ".json", threads);
    report["vendor_dnnl"] = have_dnnl ? json(dnnl_bin.string()) : json(nullptr);
    std::string blas = report.value("numpy_blas", "");
    auto done = [&](const std::string &id) {
        for (const auto &tj : report["tasks"]) {
            if (tj.at("task") == id) return true;
        }
        return false;
    };
    // Written after every task (atomically), so a stopped or failing run keeps what it measured.
    auto save = [&] {
        report["numpy_blas"] = blas;
        report["updated"] = utc_now();
        std::vector<double> ratios;
        for (const auto &tj : report["tasks"]) {
            std::vector<double> ex, eg;
            for (const auto &ij : tj.at("instances")) {
                ex.push_back(ij.at("expert_s"));
                eg.push_back(ij.at("eager_s"));
            }
            ratios.push_back(geomean(eg) / geomean(ex));
        }
        report["geomean_eager_over_expert"] = ratios.empty() ? json(nullptr) : json(geomean(ratios));
        int beat = 0;
        for (const auto &tj : report["tasks"]) {
            if (tj.at("expert_over_naive").get<double>() >= 1.05 && tj.at("expert_over_naive_ci").at(0).get<double>() > 1.0) beat++;
        }
        report["experts_beating_naive"] = beat;
        if (!out) return;
        std::ostringstream md, ignored;
        render(report, md, ignored);
        write_file(*out + ".json", report.dump(2) + "\n");
        write_file(*out + ".md", md.str());
    };
    int kept = 0;
    for (const Task *t : tasks) {
        if (done(t->id)) {
            kept++;
            for (auto &tj : report["tasks"]) {
                if (tj.at("task") != t->id) continue;
                try {
                    complete_flops(tj, *t, threads, dnnl_bin, have_dnnl);
                } catch (const std::exception &e) {
                    std::cerr << "  warning: task " << t->id << ": vendor flops not counted: " << e.what() << "\n";
                }
            }
            continue;
        }
        std::cerr << "  calibrating " << t->id << "\n";
        json &failed = report["failed"];
        for (size_t i = 0; i < failed.size(); i++) {
            if (failed[i].at("task") == t->id) failed.erase(i--);
        }
        try {
            report["tasks"].push_back(calibrate_task(*t, ev, threads, dnnl_bin, have_dnnl, blas));
        } catch (const std::exception &e) {
            // One task's failure is a row of the report, not the end of the run.
            std::cerr << "  error: task " << t->id << ": " << e.what() << "\n";
            failed.push_back({{"task", t->id}, {"error", e.what()}, {"date", utc_now()}});
        }
        save();
    }
    save();
    if (kept) std::cerr << "  kept " << kept << " task(s) already in " << *out << ".json (--resume)\n";
    std::ostringstream ignored;
    render(report, ignored, std::cout);
    if (out) std::cout << "wrote " << *out << ".md and .json\n";
    if (!report["failed"].empty()) {
        std::cerr << "ekb: " << report["failed"].size() << " task(s) not calibrated:";
        for (const auto &f : report["failed"]) std::cerr << " " << f.at("task").get<std::string>();
        std::cerr << " (errors in the report)\n";
        return 1;
    }
    return 0;
}

}  // namespace ekb
