// ekb suite calibrate: each task's cpu expert against its naive kernel (ekb's A/B protocol),
// against PyTorch eager on the same machine and thread count, and against a vendor library,
// so that Fast@1.0 is never measured against a weak baseline: the BLAS numpy uses (OpenBLAS)
// for GEMM-like tasks, oneDNN (ekb-vendor-dnnl, built where libdnnl-dev is installed) for the
// float32 convolutions a task's reference calls.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>
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

}  // namespace

int calibrate_suite(const Suite &suite, const Args &a) {
    auto tasks = suite.match(a.get_or("tasks", "*"));
    if (tasks.empty()) throw UsageError("no task matches --tasks " + a.get_or("tasks", "*"));
    int threads = static_cast<int>(a.number("threads", default_threads()));
    Toolchain tc(cache_dir());
    Evaluator ev(suite, tc);
    std::vector<Row> rows;
    std::vector<ExpertOverNaive> over_naive;
    json report = {{"backend", host_cpu_backend().name}, {"threads", threads}, {"ekb_version", ekb_version()}, {"date", utc_now()},
                   {"target", reference_target()}, {"tasks", json::array()}};
    std::string blas;
    // The oneDNN baseline's binary sits next to ekb; absent when the build had no oneDNN.
    fs::path dnnl_bin = libexec_dir() / "ekb-vendor-dnnl";
    bool have_dnnl = ::access(dnnl_bin.c_str(), X_OK) == 0;
    report["vendor_dnnl"] = have_dnnl ? json(dnnl_bin.string()) : json(nullptr);
    if (!have_dnnl) {
        std::cerr << "  note: no " << dnnl_bin.string()
                  << " (oneDNN missing at build time: install libdnnl-dev, rebuild): no vendor time for convolutions\n";
    }
    std::string dnnl_version;
    for (const Task *t : tasks) {
        std::cerr << "  calibrating " << t->id << "\n";
        // Naive against the expert, timed by ekb's protocol (A B B A): both medians per instance.
        EvalRequest req;
        req.task = t;
        req.backend = host_cpu_backend().name;
        req.kernel_source = read_file(t->naive_kernel());
        req.kernel_name = "naive.cpp";
        req.producer = "naive";
        req.naive_baseline = true;
        req.threads = threads;
        EvalPhases ph;
        ResultRecord r = ev.evaluate(req, &ph);
        if (!r.timed || std::isnan(r.speedup)) {
            throw std::runtime_error("task " + t->id + ": naive vs expert not timed: " + r.failure_message);
        }
        ExpertOverNaive eon{t->id, 1.0 / r.speedup, 1.0 / r.speedup_ci_hi, 1.0 / r.speedup_ci_lo};
        over_naive.push_back(eon);
        // PyTorch eager and the vendor library (OpenBLAS or oneDNN) on the same shapes.
        json spec = {{"gemm", is_gemm(*t)}, {"instances", json::array()}};
        for (const auto &inst : t->instances) {
            json ins = json::array();
            for (const auto &x : t->inputs) {
                ins.push_back({{"shape", t->shape(x, inst)}, {"dtype", dtype_name(x.dtype)}, {"lo", x.range_lo}, {"hi", x.range_hi}});
            }
            spec["instances"].push_back({{"name", inst.name}, {"inputs", ins}});
        }
        TempDir tmp("ekb-calibrate-");
        write_file(tmp.path() / "instances.json", spec.dump());
        std::vector<std::string> py_argv = {torch_python(), (ekb_home() / "src" / "suite" / "time_reference.py").string(),
                                            t->dir.string(), (tmp.path() / "instances.json").string(),
                                            std::to_string(threads)};
        if (have_dnnl) py_argv.push_back(dnnl_bin.string());
        json py = json::parse(run_trusted_tool(
            py_argv, tmp.path(), "timing PyTorch eager", 900,
            {"OMP_NUM_THREADS=" + std::to_string(threads), "OPENBLAS_NUM_THREADS=" + std::to_string(threads)}));
        for (const auto &b : py.value("blas", json::array())) {
            if (blas.find(b.get<std::string>()) == std::string::npos) blas += (blas.empty() ? "" : " ") + b.get<std::string>();
        }
        json ekb_insts = ph.conductor.at("instances");
        json tj = {{"task", t->id}, {"tier", t->tier}, {"domain", t->domain}, {"instances", json::array()},
                   {"expert_over_naive", eon.ratio}, {"expert_over_naive_ci", {eon.lo, eon.hi}}};
        for (const auto &pi : py.at("instances")) {
            Row row;
            row.task = t->id;
            row.instance = pi.at("name");
            row.eager = pi.at("eager_s");
            if (pi.contains("vendor_s")) row.vendor = pi.at("vendor_s");
            row.vendor_lib = pi.value("vendor_lib", "");
            row.vendor_impls = pi.value("vendor_impls", std::vector<std::string>{});
            if (lib_name(row.vendor_lib) == "oneDNN") dnnl_version = lib_version(row.vendor_lib);
            if (pi.contains("vendor_error")) {
                std::cerr << "  warning: " << t->id << " " << row.instance
                          << ": no oneDNN time: " << pi.at("vendor_error").get<std::string>() << "\n";
            }
            for (const auto &ei : ekb_insts) {
                if (ei.at("name") == row.instance) row.expert = ei.at("timing").at("expert").at("median_s");
            }
            rows.push_back(row);
            json ij = {{"name", row.instance}, {"expert_s", row.expert}, {"eager_s", row.eager},
                       {"vendor_s", std::isnan(row.vendor) ? json(nullptr) : json(row.vendor)},
                       {"vendor_lib", row.vendor_lib.empty() ? json(nullptr) : json(row.vendor_lib)}};
            if (pi.contains("vendor_convs")) ij["vendor_convs"] = pi.at("vendor_convs");
            if (pi.contains("vendor_error")) ij["vendor_error"] = pi.at("vendor_error");
            tj["instances"].push_back(ij);
        }
        report["tasks"].push_back(tj);
    }
    report["numpy_blas"] = blas;
    report["onednn"] = dnnl_version.empty() ? json(nullptr) : json(dnnl_version);

    // Per task: geomean over instances of eager / expert (> 1: the expert is faster).
    TextTable table({"task", "instances", "expert over naive", "95% CI", "expert (geomean)", "PyTorch eager",
                     "eager / expert", "vendor", "library", "vendor / expert"});
    std::vector<std::pair<double, std::string>> per_task;
    std::vector<double> all;
    std::ostringstream md;
    md << "# Expert calibration on cpu\n\n"
       << "`ekb suite calibrate` on " << utc_now() << ", " << threads << " threads, ekb " << ekb_version()
       << ", target `" << reference_target() << "`, numpy BLAS: " << (blas.empty() ? "unknown" : blas)
       << ", "
       << (!dnnl_version.empty() ? dnnl_version
           : have_dnnl           ? "oneDNN: no convolution timed"
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
       << "`-`: no vendor baseline for the task (int8 and other kernels, or oneDNN not built).\n\n"
       << "| task | instances | expert over naive | 95% CI | expert | PyTorch eager | eager / expert | vendor | library | vendor / expert |\n"
       << "|---|---|---|---|---|---|---|---|---|---|\n";
    int beat_naive = 0;
    for (size_t ti = 0; ti < tasks.size(); ti++) {
        const Task *t = tasks[ti];
        const ExpertOverNaive &eon = over_naive[ti];
        if (eon.ratio >= 1.05 && eon.lo > 1.0) beat_naive++;
        std::string ci = "[" + fmt_double(eon.lo, 2) + ", " + fmt_double(eon.hi, 2) + "]";
        std::vector<double> ex, eg, vd;
        std::vector<const Row *> trows;
        for (const auto &r : rows) {
            if (r.task != t->id) continue;
            trows.push_back(&r);
            ex.push_back(r.expert);
            eg.push_back(r.eager);
            if (!std::isnan(r.vendor)) vd.push_back(r.vendor);
        }
        double ratio = geomean(eg) / geomean(ex);
        double vratio = vd.size() == ex.size() && !vd.empty() ? geomean(vd) / geomean(ex) : NAN;
        per_task.push_back({ratio, t->id});
        all.push_back(ratio);
        bool vendor = !std::isnan(vratio);
        table.add({t->id, std::to_string(ex.size()), fmt_double(eon.ratio, 2), ci, fmt_seconds(geomean(ex)),
                   fmt_seconds(geomean(eg)), fmt_double(ratio, 2), vendor ? fmt_seconds(geomean(vd)) : "-",
                   vendor ? task_vendor(trows, false) : "-", vendor ? fmt_double(vratio, 2) : "-"});
        md << "| " << t->id << " | " << ex.size() << " | " << fmt_double(eon.ratio, 2) << " | " << ci << " | "
           << fmt_seconds(geomean(ex)) << " | " << fmt_seconds(geomean(eg)) << " | " << fmt_double(ratio, 2) << " | "
           << (vendor ? fmt_seconds(geomean(vd)) : "-") << " | " << (vendor ? task_vendor(trows, true) : "-") << " | "
           << (vendor ? fmt_double(vratio, 2) : "-") << " |\n";
    }
    std::sort(per_task.begin(), per_task.end());
    md << "\nExperts faster than naive (>= 1.05 with the CI's lower bound above 1): **" << beat_naive << " of "
       << tasks.size() << "**.\n\nGeomean eager / expert over " << all.size() << " tasks: **" << fmt_double(geomean(all), 2)
       << "**.\n\nWorst five against PyTorch eager:";
    for (size_t i = 0; i < per_task.size() && i < 5; i++) md << " " << per_task[i].second << " (" << fmt_double(per_task[i].first, 2) << ")";
    md << "\n";
    report["geomean_eager_over_expert"] = geomean(all);
    report["experts_beating_naive"] = beat_naive;
    std::cout << table.render() << "geomean PyTorch eager / expert over " << all.size() << " tasks: " << fmt_double(geomean(all), 2)
              << " (above 1: the experts are faster); experts faster than naive: " << beat_naive << " of " << tasks.size()
              << "\n";
    if (auto out = a.get("out")) {
        write_file(*out + ".json", report.dump(2) + "\n");
        write_file(*out + ".md", md.str());
        std::cout << "wrote " << *out << ".md and .json\n";
    }
    return 0;
}

}  // namespace ekb
