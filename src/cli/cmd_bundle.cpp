// ekb bundle, ekb ingest, ekb device probe: portable bundles and device profiles
// (docs/bundles.md).
#include <iostream>
#include <nlohmann/json.hpp>

#include "bundle/bundle.h"
#include "bundle/worker_bundle.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/table.h"
#include "common/subprocess.h"
#include "common/files.h"
#include "common/paths.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "device/profile.h"
#include "verify/physical_bound.h"
#include "eval/evaluator.h"
#include "experiment/experiment.h"
#include "experiment/from_bundle.h"
#include "record/store.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string human_bytes(uint64_t b) {
    char buf[32];
    if (b >= (1ull << 20)) snprintf(buf, sizeof(buf), "%.1f MiB", double(b) / (1 << 20));
    else snprintf(buf, sizeof(buf), "%.1f KiB", double(b) / 1024);
    return buf;
}

}  // namespace

int cmd_bundle(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("bundle"));
    if (!a.positional().empty()) throw UsageError("unexpected argument '" + a.positional()[0] + "'");
    BundleOptions o;
    auto out = a.get("out");
    if (!out) throw UsageError("--out <dir> is required");
    o.out = *out;
    if (a.flag("worker")) {
        // A self-contained fabric worker directory for one backend (docs/fabric.md).
        auto backends = split_list(a.get_or("backends", host_cpu_backend().name));
        if (backends.size() != 1 || !is_known_backend(backends[0])) {
            throw UsageError("--worker needs exactly one backend: --backends " + backend_names("|"));
        }
        Toolchain tc(cache_dir());
        uint64_t bytes = build_worker_bundle(tc, backends[0], o.out);
        std::cout << "worker " << o.out.string() << " for " << backends[0] << ": " << human_bytes(bytes)
                  << "; on the device: " << o.out.string() << "/worker --nats nats://HOST:PORT\n";
        return 0;
    }
    o.tasks = a.get_or("tasks", "*");
    o.backends = split_list(a.get_or("backends", host_cpu_backend().name));
    for (const auto &b : o.backends) {
        if (!is_known_backend(b)) throw UsageError("--backends: '" + b + "' is not a backend (" + backend_names() + ")");
    }
    o.kernels = split_list(a.get_or("kernels", "expert,naive"));
    o.time_cap_seconds = a.number("time-cap", o.time_cap_seconds);
    if (o.time_cap_seconds <= 0) throw UsageError("--time-cap must be > 0");
    o.min_sample_seconds = a.number("min-sample", o.min_sample_seconds);
    if (o.min_sample_seconds <= 0) throw UsageError("--min-sample must be > 0");
    if (a.get("seed")) o.seed = static_cast<uint64_t>(a.number("seed", 0));
    o.jobs = static_cast<int>(a.number("jobs", o.jobs));
    o.probe = !a.flag("no-probe");
    o.quick_probe = a.flag("quick-probe");
    o.pytorch = a.flag("pytorch");
    Suite suite = Suite::load(a.get_or("suite", (ekb_home() / "suite").string()), a.get_or("private-instances", ""));
    Toolchain tc(cache_dir());
    BundleSummary s = build_bundle(suite, tc, o);
    std::cout << "bundle " << o.out.string() << ": " << s.entries << " entries (" << s.specs << " conduct specs), "
              << s.artifacts << " artifacts, " << s.runners << " runners, " << human_bytes(s.bytes) << "\n";
    for (const auto &f : s.compile_failures) std::cout << "  not runnable (recorded as is): " << f << "\n";
    std::cout << "on the device: " << o.out.string() << "/run [--out DIR]; then here: ekb ingest DIR\n";
    return 0;
}

int cmd_ingest(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("ingest"));
    if (a.positional().size() != 1) throw UsageError("give one results file or directory (ekb ingest <results>)");
    if (a.get("store") && a.get("experiment")) throw UsageError("give --store or --experiment, not both");
    // Everything is read and validated before any store is opened for writing.
    IngestBatch b = load_results(a.positional()[0]);
    fs::path store_path;
    if (auto e = a.get("experiment")) {
        // Into an experiment: made from the bundle's manifest when new; refused when its
        // settings, machine or suite differ from the experiment's (experiment/from_bundle.h).
        fs::path dir = experiment_dir(*e);
        (void)settings_of_batch(b);  // records that disagree among themselves: refused before the folder is made
        fs::create_directories(dir);
        ExperimentLock lock(dir);
        std::vector<std::string> full = {"ekb", "ingest"};
        full.insert(full.end(), argv.begin(), argv.end());
        store_path = ingest_into_experiment(dir, b, full).store_path();
    } else {
        const char *env = std::getenv("EKB_RESULTS");
        store_path = a.get_or("store", env && *env ? env : "ekb-results.db");
        ResultStore store(store_path);
        store.put_all(b.records);
    }
    std::map<std::string, int> by_status;
    for (const auto &r : b.records) by_status[r.status]++;
    std::cout << "ingested " << b.records.size() << " records from " << b.source << " into " << store_path.string() << " (";
    bool first = true;
    for (const auto &[s, n] : by_status) {
        std::cout << (first ? "" : ", ") << n << " " << s;
        first = false;
    }
    std::cout << ")\n";
    for (const auto &n : b.not_run) std::cout << "  not run: " << n << "\n";
    for (const auto &p : b.profiles) {
        std::cout << "  device " << p.value("backend", "") << ": " << p.at("device").value("device", p.at("device").value("cpu_model", ""))
                  << ", " << (p.at("gflops").is_number() ? std::to_string(int(p.at("gflops").get<double>())) : "?") << " GFLOP/s, "
                  << (p.at("gbps").is_number() ? std::to_string(int(p.at("gbps").get<double>())) : "?") << " GB/s\n";
    }
    if (auto pk = a.get("peaks")) {
        for (const auto &p : b.profiles) {
            try {
                write_peaks_file(*pk, p);
            } catch (const std::exception &e) {
                std::cout << "  " << e.what() << "\n";
            }
        }
    }
    if (auto sm = a.get("summary")) {
        write_file(*sm, bundle_summary_markdown(b));
        std::cout << "  summary: " << *sm << "\n";
    }
    if (a.flag("json")) std::cout << json({{"profiles", b.profiles}, {"not_run", b.not_run}}).dump(2) << "\n";
    return 0;
}

int cmd_device(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("device"));
    if (a.positional().size() != 1 || a.positional()[0] != "probe") throw UsageError("expected 'device probe'");
    std::string backend = a.get_or("backend", host_cpu_backend().name);
    if (!is_known_backend(backend)) throw UsageError("--backend must be one of " + backend_names() + ", not '" + backend + "'");
    Toolchain tc(cache_dir());
    json probe = probe_backend(tc, backend);
    std::string target = backend_target(backend);
    std::vector<PeakRun> runs;
    std::vector<json> reports;
    // Progress on stderr (the profile itself is the JSON on stdout).
    std::cerr << "ekb device probe: " << backend << ": " << (probe.value("supported", false) ? "supported" : "not supported")
              << " (target " << target << ")\n";
    if (probe.value("supported", false) && !a.flag("no-peaks")) {
        std::cerr << "  compiling the peak kernels (peak_fma, peak_triad)...\n";
        runs = peak_runs(tc, backend, a.flag("quick"), a.number("time-cap", 1.0));
        fs::path runner = tc.runner(target, backend_info(backend).runner_recipe);
        for (const auto &r : runs) {
            std::cerr << "  measuring " << (r.metric == "gflops" ? "GFLOP/s" : "GB/s") << " with " << r.task_id << " on "
                      << r.instance << "..." << std::flush;
            double t0 = monotonic_seconds();
            reports.push_back(run_conductor(runner, r.spec, 600));
            json one = device_profile_from_runs(backend, target, probe, {r}, {reports.back()});
            if (one[r.metric].is_number()) std::cerr << " " << fmt_double(one[r.metric].get<double>(), 1);
            else std::cerr << " failed";
            std::cerr << " (" << fmt_seconds(monotonic_seconds() - t0) << ")\n";
        }
    }
    json prof = device_profile_from_runs(backend, target, probe, runs, reports);
    prof["measured_at"] = utc_now();
    if (auto pk = a.get("peaks")) write_peaks_file(*pk, prof);
    // Full (not --quick) peaks also go to the cache, where evaluations find them for the
    // physical-bound check (verify/physical_bound.h).
    else if (!a.flag("quick") && prof.value("gbps", json()).is_number()) write_peaks_file(default_peaks_file(), prof);
    std::cout << prof.dump(2) << "\n";
    return 0;
}

}  // namespace ekb
