// ekb run: the matrix tasks x backends x producers x models x samples into an experiment
// folder; the same command resumes after any interruption.
#include <unistd.h>

#include <iostream>
#include <optional>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/paths.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "experiment/run_loop.h"
#include "produce/leka/leka.h"
#include "report/report.h"

namespace ekb {

std::vector<std::string> split_list(const std::string &s) {
    std::vector<std::string> out;
    size_t p = 0;
    while (p <= s.size()) {
        size_t e = s.find(',', p);
        if (e == std::string::npos) e = s.size();
        if (e > p) out.push_back(s.substr(p, e - p));
        p = e + 1;
    }
    return out;
}

int cmd_run(const std::vector<std::string> &argv) {
    Args a(argv, {"no-timing", "no-confine", "plain", "no-report"},
           {"experiment", "tasks", "backends", "producers", "models", "samples", "jobs", "seed", "threads", "time-cap",
            "call-timeout", "compile-timeout", "suite", "private-instances", "temperature", "max-tokens", "turns",
            "budget", "cache", "llm-cache", "external-command", "external-timeout", "external-ro", "ablate", "seed-from"});
    if (!a.positional().empty()) throw UsageError("unexpected argument '" + a.positional()[0] + "'");
    RunOptions opts;
    Suite suite = Suite::load(a.get_or("suite", (ekb_home() / "suite").string()), a.get_or("private-instances", ""));
    std::string glob = a.get_or("tasks", "*");
    opts.tasks = suite.match(glob);
    if (opts.tasks.empty()) throw UsageError("--tasks " + glob + " matches no task (see 'ekb tasks list')");
    opts.backends = split_list(a.get_or("backends", "cpu"));
    for (const auto &b : opts.backends) {
        if (!is_known_backend(b)) throw UsageError("--backends: unknown backend '" + b + "' (cpu, opencl, cuda)");
    }
    opts.producers = split_list(a.get_or("producers", "expert"));
    // --ablate L1,L2 and --seed-from B rewrite the leka producers: leka -> leka-no-L1-no-L2,
    // and with a seed both it (the source) and its -from-B twin run.
    if (a.get("ablate") || a.get("seed-from")) {
        std::vector<std::string> rewritten;
        bool any = false;
        for (const auto &p : opts.producers) {
            std::optional<LekaSpec> spec;
            try {
                spec = parse_leka_spec(p);
            } catch (const std::invalid_argument &e) {
                throw UsageError(e.what());
            }
            if (!spec) {
                rewritten.push_back(p);
                continue;
            }
            any = true;
            std::string base = spec->base_name();
            for (const auto &l : split_list(a.get_or("ablate", ""))) {
                if (!spec->ablate.count(l)) base += "-no-" + l;
            }
            std::string from = a.get_or("seed-from", spec->seed_from);
            try {
                std::string name = parse_leka_spec(base)->name;  // validates and orders the layers
                rewritten.push_back(name);
                if (!from.empty()) rewritten.push_back(parse_leka_spec(name + "-from-" + from)->name);
            } catch (const std::invalid_argument &e) {
                throw UsageError(std::string("--ablate/--seed-from: ") + e.what());
            }
        }
        if (!any) throw UsageError("--ablate and --seed-from apply to leka producers, and --producers has none");
        opts.producers = rewritten;
    }
    opts.models = split_list(a.get_or("models", "builtin"));
    opts.samples = static_cast<int>(a.number("samples", 1));
    if (opts.samples < 1) throw UsageError("--samples must be >= 1");
    opts.jobs = static_cast<int>(a.number("jobs", 0));
    opts.call_seconds = a.number("call-timeout", opts.call_seconds);
    opts.compile_seconds = a.number("compile-timeout", opts.compile_seconds);
    opts.progress_bar = !a.flag("plain") && ::isatty(2);
    opts.producer.temperature = a.number("temperature", opts.producer.temperature);
    opts.producer.max_tokens = static_cast<int>(a.number("max-tokens", opts.producer.max_tokens));
    opts.producer.turns = static_cast<int>(a.number("turns", opts.producer.turns));
    opts.producer.external_command = a.get_or("external-command", "");
    opts.producer.external_seconds = a.number("external-timeout", opts.producer.external_seconds);
    for (const auto &p : split_list(a.get_or("external-ro", ""))) {
        if (!std::filesystem::exists(p)) throw UsageError("--external-ro: no such path " + p);
        opts.producer.external_read_only.push_back(std::filesystem::absolute(p).string());
    }
    try {
        opts.budget = BudgetCaps::parse(a.get_or("budget", ""));
        opts.cache_mode = parse_cache_mode(a.get_or("cache", "readwrite"));
    } catch (const std::invalid_argument &e) {
        throw UsageError(e.what());
    }
    opts.llm_cache_dir = a.get_or("llm-cache", "");
    try {
        (void)expand_matrix(opts);  // validates producer specs and models before anything runs
    } catch (const std::invalid_argument &e) {
        throw UsageError(e.what());
    }

    ExperimentSettings settings;
    bool given = a.get("threads") || a.get("time-cap") || a.flag("no-timing") || a.flag("no-confine");
    settings.seed = a.get("seed") ? static_cast<uint64_t>(a.number("seed", 0)) : fresh_seed();
    settings.threads = static_cast<int>(a.number("threads", 0));
    if (settings.threads <= 0) settings.threads = default_threads();
    settings.timing = !a.flag("no-timing");
    settings.time_cap_seconds = a.number("time-cap", settings.time_cap_seconds);
    settings.confine = !a.flag("no-confine");
    std::filesystem::path dir = experiment_dir(a.get_or("experiment", "default"));
    std::filesystem::create_directories(dir);
    ExperimentLock lock(dir);
    Experiment exp = Experiment::open_or_create(dir, settings, given);
    std::vector<std::string> full = {"ekb", "run"};
    full.insert(full.end(), argv.begin(), argv.end());
    exp.log_command(full);

    Toolchain tc(cache_dir());
    RunSummary sum = run_experiment(exp, suite, tc, opts);
    for (const auto &e : sum.errors) std::cerr << "harness error: " << e << "\n";
    if (!a.flag("no-report")) {
        ReportData d = load_report_data(dir, &suite, 1);
        std::cout << render_terminal(d);
    }
    if (sum.http_calls > 0 || !sum.aborted.empty()) std::cout << "LLM requests sent: " << sum.http_calls << "\n";
    if (!sum.aborted.empty()) std::cout << "stopped early: " << sum.aborted << "\n";
    std::cout << "experiment " << dir.string() << ": " << sum.already_stored + sum.evaluated << "/" << sum.total
              << " samples stored" << (sum.harness_errors ? " (" + std::to_string(sum.harness_errors) +
                                                             " could not be evaluated; run the same command to retry)"
                                                          : "")
              << "\n";
    if (sum.transient_failures > 0) {
        std::cout << sum.transient_failures << " sample" << (sum.transient_failures == 1 ? "" : "s")
                  << " not stored: the model could not be reached (network, timeout, 429 or 5xx after retries); "
                     "they are not results. Resume with the same command: ekb run";
        for (size_t i = 2; i < full.size(); i++) {
            const std::string &w = full[i];
            bool plain = !w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                                           "-_=.,:/@+%") == std::string::npos;
            if (plain) {
                std::cout << " " << w;
            } else {
                std::string q;
                for (char ch : w) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
                std::cout << " '" << q << "'";
            }
        }
        std::cout << "\n";
    }
    return sum.harness_errors ? 1 : 0;
}

}  // namespace ekb
