// ekb run: the matrix tasks x backends x producers x models x samples into an experiment
// folder; the same command resumes after any interruption.
#include <unistd.h>

#include <iostream>
#include <optional>
#include <set>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/fabric_options.h"
#include "fabric/fabric_client.h"
#include "cli/table.h"
#include "common/paths.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "experiment/interrupt.h"
#include "experiment/run_loop.h"
#include "llm/model_spec.h"
#include "record/store.h"
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

namespace {

// Every model a producer of this run will call: its string parses, and an HTTP model has
// the key it needs (no request is sent). Found once, before anything is made.
void validate_models(const RunOptions &opts) {
    bool any_model = false;
    for (const auto &p : opts.producers) any_model |= make_producer(p, opts.producer)->uses_model();
    if (!any_model) return;
    std::optional<LlmConfig> config;
    for (const auto &m : opts.models) {
        try {
            ModelSpec spec = parse_model_spec(m);
            if (spec.provider == "builtin" || spec.replay) continue;
            if (!config) config = load_llm_config();
            (void)make_http_chat(spec, *config);
        } catch (const LlmError &e) {
            throw UsageError("--models " + m + ": " + e.what());
        }
    }
}

// An existing experiment's store must be sound (ResultStore checks it) before anything is
// written into the folder; one whose kernels exist but whose results.db is gone lost its
// records (deleted or moved): running would silently start the store over.
void check_existing_store(const std::filesystem::path &dir) {
    namespace fs = std::filesystem;
    if (!fs::exists(dir / "experiment.json")) return;
    if (fs::exists(dir / "results.db")) {
        (void)ResultStore(dir / "results.db", StoreMode::read_only);  // throws StoreError when damaged
        return;
    }
    size_t kernels = 0;
    std::error_code ec;
    if (fs::is_directory(dir / "kernels")) {
        for (auto it = fs::directory_iterator(dir / "kernels", ec); !ec && it != fs::directory_iterator(); ++it) kernels++;
    }
    if (kernels > 0) {
        throw StoreError("experiment " + dir.string() + " holds " + std::to_string(kernels) + " kernels but no results.db: "
                         "its results store was deleted or moved. Put it back (ekb does not make a new one over a lost one), "
                         "or start a new experiment");
    }
}

// The command that resumes this run, quoted for a POSIX shell.
std::string resume_command(const std::vector<std::string> &argv) {
    std::string s;
    for (const auto &w : argv) {
        bool plain = !w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,/:@+%") ==
                                       std::string::npos;
        std::string q = w;
        if (!plain) {
            q = "'";
            for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
            q += "'";
        }
        s += (s.empty() ? "" : " ") + q;
    }
    return s;
}

// Samples of the matrix whose stored record meets a --fail-on condition (or that could
// not be evaluated at all).
int failing_samples(const Experiment &exp, const std::vector<SampleId> &matrix, const std::set<std::string> &fail_on) {
    std::set<std::string> keys;
    for (const auto &id : matrix) keys.insert(id.key());
    int failed = 0, found = 0;
    for (const auto &r : ResultStore(exp.store_path(), StoreMode::read_only).all()) {
        if (!keys.count(r.record_key)) continue;
        found++;
        if (r.status == "not_supported") continue;
        if (fail_on.count("incorrect") && !r.correct) failed++;
        else if (fail_on.count("compile") && !r.compiled) failed++;
    }
    if (fail_on.count("harness")) failed += static_cast<int>(matrix.size()) - found;
    return failed;
}

}  // namespace

int cmd_run(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("run"));
    TextTable::set_wide(a.flag("wide"));
    if (!a.positional().empty()) throw UsageError("unexpected argument '" + a.positional()[0] + "'");
    RunOptions opts;
    Suite suite = Suite::load(a.get_or("suite", (ekb_home() / "suite").string()), a.get_or("private-instances", ""));
    std::string glob = a.get_or("tasks", "*");
    opts.tasks = suite.match(glob);
    if (opts.tasks.empty()) throw UsageError("--tasks " + glob + " matches no task (see 'ekb tasks list')");
    opts.backends = split_list(a.get_or("backends", host_cpu_backend().name));
    for (const auto &b : opts.backends) {
        if (!is_known_backend(b)) throw UsageError("--backends: unknown backend '" + b + "' (" + backend_names() + ")");
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
    std::vector<SampleId> matrix;
    try {
        matrix = expand_matrix(opts);  // validates producer specs before anything runs
    } catch (const std::invalid_argument &e) {
        throw UsageError(e.what());
    }
    validate_models(opts);  // model strings and API keys, before the experiment folder is made
    std::set<std::string> fail_on;
    for (const auto &w : split_list(a.get_or("fail-on", ""))) {
        if (w != "incorrect" && w != "compile" && w != "harness") {
            throw UsageError("--fail-on: '" + w + "' is not incorrect, compile or harness");
        }
        fail_on.insert(w);
    }

    ExperimentSettings settings;
    bool given = a.get("threads") || a.get("time-cap") || a.flag("no-timing") || a.flag("no-confine");
    settings.seed = a.get("seed") ? static_cast<uint64_t>(a.number("seed", 0)) : fresh_seed();
    settings.threads = static_cast<int>(a.number("threads", 0));
    // Through the fabric, 0: each device runs with its own online cores (recorded per sample).
    if (settings.threads <= 0 && !a.get("devices")) settings.threads = default_threads();
    settings.timing = !a.flag("no-timing");
    settings.time_cap_seconds = a.number("time-cap", settings.time_cap_seconds);
    settings.confine = !a.flag("no-confine");
    std::filesystem::path dir = experiment_dir(a.get_or("experiment", "default"));
    check_existing_store(dir);
    std::filesystem::create_directories(dir);
    ExperimentLock lock(dir);
    Experiment exp = Experiment::open_or_create(dir, settings, given);
    std::vector<std::string> full = {"ekb", "run"};
    full.insert(full.end(), argv.begin(), argv.end());
    exp.log_command(full);

    // Ctrl-C (or SIGTERM): say what is stored and the command that resumes.
    std::vector<std::string> again = full;
    again[0] = program_name();
    InterruptReport interrupt(exp.store_path(), resume_command(again));
    Toolchain tc(cache_dir());
    std::unique_ptr<RemoteConductor> remote = fabric_client_from(a, opts.backends);
    opts.remote = remote.get();
    RunSummary sum = run_experiment(exp, suite, tc, opts);
    interrupt.disarm();
    for (const auto &e : sum.errors) std::cerr << "harness error: " << e << "\n";
    if (auto *fc = dynamic_cast<FabricClient *>(remote.get())) {
        std::cout << "fabric: " << fc->sent() << " job(s) sent, " << fc->found_in_stream()
                  << " result(s) already in the results stream\n";
    }
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
    if (!fail_on.empty()) {
        int failed = failing_samples(exp, matrix, fail_on);
        if (failed > 0) {
            std::cout << "--fail-on " << a.get_or("fail-on", "") << ": " << failed << " of " << matrix.size()
                      << " samples fail it (exit " << k_exit_fail_on << ")\n";
            return k_exit_fail_on;
        }
    }
    return sum.harness_errors ? 1 : 0;
}

}  // namespace ekb
