#include "cli/command_table.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "cli/commands.h"
#include "common/backend_table.h"
#include "common/paths.h"

namespace ekb {

namespace {

// Options several commands share, spelled once.
OptionSpec opt_suite() { return {"suite", "DIR", "the suite folder (default: the suite shipped with ekb)", "dir"}; }
OptionSpec opt_private() {
    return {"private-instances", "FILE",
            "a local, never committed JSON file of private held-out instances {\"<task>\": [{\"name\", \"dims\"}]} "
            "(or EKB_PRIVATE_INSTANCES)",
            "file"};
}
OptionSpec opt_store() { return {"store", "FILE", "the SQLite results store (default: EKB_RESULTS, else ekb-results.db)", "file"}; }
OptionSpec opt_wide() { return {"wide", "", "print every table column, however wide (default: fit the terminal, 80 columns when not a terminal)", ""}; }
// The backends, from the backend table: what completion offers and what help lists.
std::string backends_choice() { return backend_names("|"); }
std::string backend_help() {
    return "the backend: " + backend_names() + " (default " + host_cpu_backend().name + "; docs/backends.md)";
}
std::string backends_help() {
    return "backends, comma-separated: " + backend_names() + " (default " + host_cpu_backend().name + ")";
}

// The device fabric's connection options (docs/fabric.md), shared by eval, run, worker and
// devices. Secrets may come from the environment instead (EKB_NATS_*), out of `ps`.
std::vector<OptionSpec> fabric_option_specs() {
    return {{"user", "U", "fabric: NATS user (or EKB_NATS_USER)", ""},
            {"password", "P", "fabric: NATS password (or EKB_NATS_PASSWORD)", ""},
            {"creds", "FILE", "fabric: NATS credentials file (or EKB_NATS_CREDS)", "file"},
            {"token", "T", "fabric: NATS token (or EKB_NATS_TOKEN)", ""},
            {"tls", "", "fabric: connect with TLS", ""},
            {"tls-ca", "FILE", "fabric: CA certificate", "file"},
            {"tls-cert", "FILE", "fabric: client certificate", "file"},
            {"tls-key", "FILE", "fabric: client key", "file"},
            {"ack-wait", "S", "fabric: seconds before an unacknowledged job is redelivered (30)", ""},
            {"max-runs", "N", "fabric: deliveries of a job before it is a worker_lost result (3)", ""},
            {"worker-wait", "S", "fabric: seconds to wait for the first worker of each backend (30)", ""},
            {"no-worker-timeout", "S", "fabric: seconds without any worker before the run gives up (120)", ""}};
}

// `opts` followed by `more`.
std::vector<OptionSpec> with(std::vector<OptionSpec> opts, const std::vector<OptionSpec> &more) {
    opts.insert(opts.end(), more.begin(), more.end());
    return opts;
}

std::vector<CommandSpec> make_table() {
    return {
        {"tasks", "list | show <id>", "the tasks of the suite; what a prompt would contain",
         "'ekb tasks list' lists the suite's tasks (tier, domain, dtypes, visible and held-out instance counts). "
         "'ekb tasks show <id>' prints what a prompt would contain: inputs, outputs, tolerances, the visible "
         "instances only, the PyTorch reference and the Halide reference algorithm.",
         {"list", "show"},
         {{"tier", "T", "only tasks of this tier (L1, L2, L3)", "L1|L2|L3"},
          {"domain", "D", "only tasks of this edge domain", ""},
          {"tag", "G", "only tasks with this tag", ""},
          {"json", "", "JSON instead of a table", ""},
          opt_suite(),
          opt_wide()},
         cmd_tasks},
        {"eval", "", "compile, verify and time one kernel; store its record",
         "Compiles the kernel through Halide for the backend in a confined child, runs it in its own process, "
         "verifies it on every instance (visible and held-out) with fresh seeds, times it against the task's "
         "expert (A B A B, bootstrap confidence interval), prints the result and stores one record. A kernel's "
         "failure is data in the record, never a crash of ekb: the exit status is 0 unless --fail-on-incorrect "
         "is given.",
         {},
         with({{"task", "ID", "the task (required; see 'ekb tasks list')", "task"},
          {"backend", "B", backend_help(), backends_choice()},
          {"kernel", "FILE", "the kernel file to evaluate", "file"},
          {"expert", "", "evaluate the task's expert kernel for the backend", ""},
          {"naive", "", "evaluate the task's naive kernel", ""},
          {"json", "", "print the record as JSON", ""},
          opt_store(),
          {"no-store", "", "do not store the record", ""},
          {"seed", "N", "evaluation seed (reproduces an evaluation)", ""},
          {"threads", "N", "threads the kernel runs with (default: EKB_THREADS, else online cores)", ""},
          {"no-timing", "", "verify only; no timing", ""},
          {"time-cap", "S", "timing cap per instance, seconds", ""},
          {"call-timeout", "S", "wall-clock limit of one kernel call, seconds", ""},
          {"compile-timeout", "S", "wall-clock limit of the compile and generate steps, seconds", ""},
          {"instances", "A,B", "only these instances", ""},
          {"no-confine", "", "run children without the sandbox (trusted kernels only)", ""},
          {"profile", "", "then per-Func times (Halide profiler) and, on GPUs, per-kernel times on the largest instance", ""},
          {"profile-seconds", "S", "how long the profile runs (implies --profile)", ""},
          {"fail-on-incorrect", "", "exit 3 when the kernel does not compile or is not correct (for CI)", ""},
          opt_wide(),
          opt_suite(),
          opt_private(),
          {"devices", "URL", "evaluate on a device of the fabric (nats://HOST:PORT) instead of here (docs/fabric.md)", ""}},
              fabric_option_specs()),
         cmd_eval},
        {"run", "", "the matrix tasks x backends x producers x models x samples into an experiment",
         "Evaluates every sample of the matrix that the experiment does not hold yet, into experiments/NAME "
         "(experiment.json, results.db, kernels/). The same command resumes after any interruption (Ctrl-C or "
         "kill -9). Producers: expert, naive, dir:PATH, direct, iterative, external, leka, leka-no-<layer>, "
         "leka-from-<backend>, auto:adams2019, auto:li2018, auto:mullapudi2016. Models: builtin, "
         "openai:M[@URL], anthropic:M[@URL], replay:M. Model names and API keys are checked before the "
         "experiment folder is made.",
         {},
         with({{"experiment", "NAME|DIR", "the experiment (a name under ./experiments, or a path; default 'default')", "experiment"},
          {"tasks", "GLOB", "tasks to run, comma-separated globs (default '*')", "task"},
          {"backends", "LIST", backends_help(), backends_choice()},
          {"producers", "LIST", "producers, comma-separated (default expert)", "expert|naive|direct|iterative|leka|external"},
          {"models", "LIST", "models for producers that use one (default builtin)", "builtin"},
          {"samples", "N", "samples per (task, backend, producer, model) (default 1)", ""},
          {"jobs", "N", "parallel producer and compile workers (default: online cores)", ""},
          {"seed", "N", "the experiment's master seed (when it is made)", ""},
          {"threads", "N", "threads kernels run with", ""},
          {"time-cap", "S", "timing cap per instance, seconds", ""},
          {"no-timing", "", "verify only; no timing", ""},
          {"call-timeout", "S", "wall-clock limit of one kernel call, seconds", ""},
          {"compile-timeout", "S", "wall-clock limit of one compile, seconds", ""},
          {"no-confine", "", "run children without the sandbox (trusted kernels only)", ""},
          {"plain", "", "one line per finished sample instead of a progress bar", ""},
          {"no-report", "", "do not print the summary table at the end", ""},
          {"temperature", "T", "LLM sampling temperature", ""},
          {"max-tokens", "N", "LLM max output tokens per call", ""},
          {"turns", "N", "turns of the iterative agent", ""},
          {"budget", "SPEC", "per-sample caps: calls=N,tokens=N,cost=USD,compiles=N,device_s=S,wall_s=S", ""},
          {"cache", "MODE", "the LLM reply cache: off, read, write, readwrite (default)", "off|read|write|readwrite"},
          {"llm-cache", "DIR", "the LLM reply cache folder", "dir"},
          {"external-command", "CMD", "the external agent's command (producer external)", ""},
          {"external-timeout", "S", "wall-clock limit of the external agent", ""},
          {"external-ro", "PATHS", "paths the external agent may read, comma-separated", "file"},
          {"ablate", "LAYERS", "leka producers without these layers (compute,loops,memory,vector)", "compute|loops|memory|vector"},
          {"seed-from", "BACKEND", "leka producers also start from this backend's result", backends_choice()},
          {"fail-on", "WHAT", "exit 3 when any sample of this run is: incorrect (did not compile or is not correct), "
                              "compile (did not compile), harness (could not be evaluated); comma-separated", "incorrect|compile|harness"},
          opt_wide(),
          opt_suite(),
          opt_private(),
          {"devices", "URL", "evaluate on devices of the fabric (nats://HOST:PORT) instead of here (docs/fabric.md)", ""}},
              fabric_option_specs()),
         cmd_run},
        {"experiments", "", "the experiments under ./experiments with their counts and dates",
         "Lists the experiment folders under ./experiments (or --dir): records stored, correct and timed "
         "samples, producers and backends, when each was made and last run.",
         {},
         {{"dir", "DIR", "the folder holding experiments (default ./experiments)", "dir"},
          {"json", "", "JSON instead of a table", ""},
          opt_wide()},
         cmd_experiments},
        {"report", "<experiment>", "tables; report.md and report.html (SVG charts)",
         "Computes Compile@k, Correct@k and Fast@p (unbiased pass@k), the geomean speedup over the expert with "
         "its confidence interval and % of roofline, prints the summary and writes report.md and a "
         "self-contained report.html into the experiment folder (or --out).",
         {},
         {{"compare", "OTHER", "compare with another experiment, side by side", "experiment"},
          {"k", "N", "k of Compile@k, Correct@k, Fast@p (default 1)", ""},
          {"peaks", "FILE", "the device peaks for % of roofline (default: peaks.json in the experiment)", "file"},
          {"out", "DIR", "where the files go (default: the experiment folder)", "dir"},
          {"no-files", "", "print only; write no files", ""},
          {"paper", "", "the reference design's tables: Compile@1 / Correct@1 / Fast@1.0 per model x backend, and the "
                        "agents at equal budget", ""},
          {"json", "", "the report's data as JSON", ""},
          {"calibration", "FILE", "calibration data (ekb suite calibrate --out) for speedup vs PyTorch eager", "file"},
          opt_wide(),
          opt_suite()},
         cmd_report},
        {"results", "", "the records of a results store",
         "Prints a results store's records as a table, as JSON lines (nested JSON fields as objects) or as CSV "
         "(one line per record). The record's JSON Schema is docs/record.schema.json.",
         {},
         {opt_store(),
          {"experiment", "NAME", "the results store of this experiment", "experiment"},
          {"jsonl", "", "one JSON object per line", ""},
          {"csv", "", "CSV with a header line", ""},
          {"schema", "", "print the record's JSON Schema (docs/record.schema.json) and exit", ""},
          opt_wide()},
         cmd_results},
        {"suite", "verify | stats | calibrate | fuzz-shapes | check",
         "check the suite: PyTorch agreement, statistics, expert calibration, shape fuzz, format rules",
         "'ekb suite verify' runs each task's PyTorch reference against its Halide reference on the same inputs "
         "(and checks that no trivial output passes); 'ekb suite stats' counts patterns and instances per tier, "
         "domain, dtype and backend; 'ekb suite calibrate' times the cpu experts against PyTorch eager and vendor "
         "libraries; 'ekb suite fuzz-shapes' makes extra legal instances (size 1, primes, around every split "
         "factor), verifies a sample against PyTorch and runs every naive and expert kernel on all of them; "
         "'ekb suite check' checks the task-format rules (a held-out instance below 8 on every dimension).",
         {"verify", "stats", "calibrate", "fuzz-shapes", "check"},
         {{"tasks", "GLOB", "tasks, comma-separated globs (default '*')", "task"},
          {"seeds", "N", "verify: seeds per instance (default 3)", ""},
          {"seed", "N", "verify: the first seed", ""},
          {"threads", "N", "threads", ""},
          {"out", "PREFIX", "calibrate: write PREFIX.md and PREFIX.json (after every task); fuzz-shapes: write PREFIX as JSON", "file"},
          {"resume", "", "calibrate: keep the tasks already in PREFIX.json (same target and threads) and calibrate the rest", ""},
          {"backends", "LIST", "fuzz-shapes: backends, comma-separated (default: those that run on this machine's CPU natively; a GPU backend "
           "without its device compiles only)", backends_choice()},
          {"verify-sample", "N", "fuzz-shapes: instances per task verified against PyTorch (default 3)", ""},
          {"max-elements", "N", "fuzz-shapes: skip instances with more elements than N (default 4000000)", ""},
          opt_wide(),
          opt_suite(),
          opt_private()},
         cmd_suite},
        {"bundle", "", "a self-contained directory that evaluates kernels on a device with no compiler",
         "Builds a directory (runners, artifacts, conduct specs, a POSIX sh 'run' script) that evaluates the "
         "kernels on a machine with nothing but a driver; 'ekb ingest' stores its results (docs/bundles.md).",
         {},
         {{"tasks", "GLOB", "tasks (default '*')", "task"},
          {"backends", "LIST", backends_help(), backends_choice()},
          {"kernels", "LIST", "expert, naive and/or folders of kernels (default expert,naive)", "dir"},
          {"out", "DIR", "the bundle folder (required)", "dir"},
          {"time-cap", "S", "timing cap per instance, seconds", ""},
          {"min-sample", "S", "minimum duration of a timed sample, seconds", ""},
          {"jobs", "N", "parallel compiles", ""},
          {"seed", "N", "the bundle's master seed", ""},
          {"pytorch", "", "also time PyTorch eager on the device (when it has torch)", ""},
          {"no-probe", "", "do not measure the device's peaks", ""},
          {"quick-probe", "", "measure the peaks on small instances", ""},
          {"worker", "", "a self-contained fabric worker instead: DIR/worker --nats URL (docs/fabric.md)", ""},
          opt_suite(),
          opt_private()},
         cmd_bundle,
         true},
        {"ingest", "<results dir | records.jsonl>", "validate a bundle's results, then store them at once",
         "Reads and validates every record of a bundle's results before storing any, in one transaction. "
         "--experiment NAME stores them in that experiment, and makes it (settings from the bundle's manifest) "
         "when it does not exist; results from another machine or with other settings than the experiment's "
         "are refused.",
         {},
         {opt_store(),
          {"experiment", "NAME", "store into this experiment (made from the bundle's manifest if new)", "experiment"},
          {"peaks", "FILE", "merge the device's measured peaks into this peaks.json", "file"},
          {"summary", "FILE", "write a Markdown summary", "file"},
          {"json", "", "print the device profiles as JSON", ""}},
         cmd_ingest,
         true},
        {"device", "probe", "device profile: measured GFLOP/s and GB/s, cores, SIMD, caches",
         "'ekb device probe' measures the backend's roofline peaks with Halide kernels timed by the runner (an "
         "FMA kernel and a STREAM triad) and prints what prompts use about the device.",
         {"probe"},
         {{"backend", "B", backend_help(), backends_choice()},
          {"peaks", "FILE", "merge the measured peaks into this peaks.json", "file"},
          {"quick", "", "small instances (tests, slow machines)", ""},
          {"no-peaks", "", "only the device facts; measure nothing", ""},
          {"time-cap", "S", "timing cap per peak kernel, seconds (default 1)", ""}},
         cmd_device},
        {"worker", "", "serve evaluation jobs of the device fabric on this device",
         "Connects to a NATS JetStream server, registers this device's probed profile and runs the evaluation "
         "jobs of its device class with the local runner, under the same confinement as a local evaluation "
         "(docs/fabric.md).",
         {},
         with({{"nats", "URL", "the fabric's NATS server (nats://HOST:PORT or tls://HOST:PORT; required)", ""},
               {"backend", "B", "the backend this worker serves (required)", backends_choice()},
               {"device", "N", "the device index on this machine (default 0)", ""},
               {"name", "NAME", "this worker's name in records and 'ekb devices' (default host-backend-device)", ""},
               {"allow-unconfined", "", "run jobs even where the confinement is not available", ""},
               {"max-jobs", "N", "exit after N jobs (tests, draining)", ""},
               {"idle-exit", "S", "exit after S seconds without a job", ""},
               {"max-job-seconds", "S", "wall-clock limit of one job, seconds", ""}},
              fabric_option_specs()),
         cmd_worker},
        {"devices", "", "the workers connected to a fabric",
         "Lists the workers registered in the fabric's KV bucket: name, backend, device class, device and its "
         "probed peaks (docs/fabric.md).",
         {},
         with({{"nats", "URL", "the fabric's NATS server (required)", ""}, {"json", "", "JSON instead of a table", ""}},
              fabric_option_specs()),
         cmd_devices},
        {"probe", "", "the device a backend runs on here", "Prints what the runner finds for the backend: the device, its driver, or why it cannot run.",
         {},
         {{"backend", "B", backend_help(), backends_choice()}},
         cmd_probe},
        {"check", "[kernel.cpp]", "inside an external agent's workspace: compile, verify and time a kernel",
         "Used by external coding agents (producer 'external'): compiles, verifies and times a kernel on the "
         "visible instances through the ekb process that started the agent.",
         {},
         {},
         cmd_check,
         true},
        {"help", "[command]", "help on a command", "'ekb help <command>' is 'ekb <command> --help'.", {}, {}, cmd_help},
        {"version", "", "the version of ekb", "Prints ekb's version and commit ('ekb --version' too).", {}, {}, cmd_version},
        {"completion", "bash", "the bash completion script",
         "Prints a bash completion script generated from the option tables; 'make install' installs it. "
         "Try: source <(ekb completion bash)",
         {"bash"},
         {},
         cmd_completion},
        {"man", "", "the man page (roff)", "Prints ekb(1), generated from the option tables; 'make install' installs it.", {}, {},
         cmd_man},
    };
}

std::string wrap(const std::string &text, size_t indent, size_t width) {
    std::string out, line;
    size_t p = 0;
    while (p < text.size()) {
        size_t e = text.find(' ', p);
        if (e == std::string::npos) e = text.size();
        std::string word = text.substr(p, e - p);
        p = e + 1;
        if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
            out += std::string(indent, ' ') + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) out += std::string(indent, ' ') + line + "\n";
    return out;
}

std::string option_label(const OptionSpec &o) { return "--" + o.name + (o.value.empty() ? "" : " " + o.value); }

std::string roff_escape(const std::string &s) {
    std::string o;
    for (size_t i = 0; i < s.size(); i++) {
        char c = s[i];
        if (c == '\\') o += "\\e";
        else if (c == '-') o += "\\-";
        else if ((c == '.' || c == '\'') && (i == 0 || s[i - 1] == '\n')) o += "\\&" + std::string(1, c);
        else o += c;
    }
    return o;
}

}  // namespace

const std::vector<CommandSpec> &command_table() {
    static const std::vector<CommandSpec> table = make_table();
    return table;
}

const CommandSpec *find_command(const std::string &name) {
    for (const auto &c : command_table()) {
        if (c.name == name) return &c;
    }
    return nullptr;
}

const CommandSpec &command_spec(const std::string &name) {
    const CommandSpec *c = find_command(name);
    if (!c) {
        std::fprintf(stderr, "ekb: internal error: no command '%s' in the command table (%s:%d)\n", name.c_str(), __FILE__, __LINE__);
        std::abort();
    }
    return *c;
}

std::string usage_text() {
    std::string s = "ekb — EdgeKernelBench: are LLM-written kernels correct AND fast on edge backends?\n\n"
                    "usage: ekb <command> [options]     ekb <command> --help     ekb --version\n\ncommands:\n";
    for (const auto &c : command_table()) {
        std::string head = "  " + c.name;
        head += std::string(head.size() < 15 ? 15 - head.size() : 1, ' ');
        s += head + c.summary + "\n";
    }
    s += "\nEnvironment: EKB_CACHE_DIR (cache), EKB_THREADS (threads), EKB_RESULTS (default store),\n"
         "EKB_PRIVATE_INSTANCES (private held-out instances), EKB_HOME (the ekb source tree).\n"
         "Documentation: README.md and docs/ in the ekb source tree; man ekb.\n";
    return s;
}

std::string command_help(const CommandSpec &c) {
    std::string s = "usage: ekb " + c.name + (c.synopsis.empty() ? "" : " " + c.synopsis) + (c.options.empty() ? "" : " [options]") + "\n\n";
    s += wrap(c.summary + ".", 2, 80) + "\n" + wrap(c.description, 2, 80);
    if (!c.options.empty()) {
        s += "\noptions:\n";
        size_t w = 0;
        for (const auto &o : c.options) w = std::max(w, option_label(o).size());
        w = std::min<size_t>(w, 26);
        for (const auto &o : c.options) {
            std::string label = "  " + option_label(o);
            std::string body = wrap(o.help, 4 + w, 80);
            body = body.substr(std::min(body.size(), 4 + w));  // the first line goes beside the label
            if (label.size() + 2 > 4 + w) s += label + "\n" + std::string(4 + w, ' ') + body;
            else s += label + std::string(4 + w - label.size(), ' ') + body;
        }
    }
    s += "\n  -h, --help  this help\n";
    return s;
}

// Completion: the command word, then per command its actions, its options and, for an
// option that takes a value, what the table says the value is.
std::string bash_completion() {
    std::string names;
    for (const auto &c : command_table()) names += (names.empty() ? "" : " ") + c.name;
    std::string s =
        "# bash completion for ekb, generated by 'ekb completion bash' from ekb's option tables.\n"
        "_ekb_tasks() { local d=\"${EKB_HOME:-" + ekb_home().string() + "}/suite/tasks\"; [ -d \"$d\" ] && ls \"$d\" 2>/dev/null; }\n"
        "_ekb_experiments() { [ -d experiments ] && ls experiments 2>/dev/null; }\n"
        "_ekb() {\n"
        "    local cur prev cmd i\n"
        "    COMPREPLY=()\n"
        "    cur=\"${COMP_WORDS[COMP_CWORD]}\"\n"
        "    prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
        "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
        "        COMPREPLY=($(compgen -W \"" + names + " --help --version\" -- \"$cur\"))\n"
        "        return 0\n"
        "    fi\n"
        "    cmd=\"${COMP_WORDS[1]}\"\n"
        "    case \"$cmd\" in\n";
    for (const auto &c : command_table()) {
        std::string opts = "--help";
        for (const auto &o : c.options) opts += " --" + o.name;
        std::string values;
        for (const auto &o : c.options) {
            if (o.value.empty()) continue;
            std::string action;
            if (o.complete == "file") action = "COMPREPLY=($(compgen -f -- \"$cur\"))";
            else if (o.complete == "dir") action = "COMPREPLY=($(compgen -d -- \"$cur\"))";
            else if (o.complete == "task") action = "COMPREPLY=($(compgen -W \"$(_ekb_tasks)\" -- \"$cur\"))";
            else if (o.complete == "experiment") action = "COMPREPLY=($(compgen -W \"$(_ekb_experiments)\" -- \"$cur\"))";
            else if (!o.complete.empty()) {
                std::string words = o.complete;
                for (char &ch : words) {
                    if (ch == '|') ch = ' ';
                }
                action = "COMPREPLY=($(compgen -W \"" + words + "\" -- \"$cur\"))";
            } else action = ":";
            values += "                --" + o.name + ") " + action + "; return 0 ;;\n";
        }
        std::string actions;
        for (const auto &a : c.actions) actions += (actions.empty() ? "" : " ") + a;
        s += "        " + c.name + ")\n";
        if (!values.empty()) s += "            case \"$prev\" in\n" + values + "            esac\n";
        if (c.name == "help") {
            s += "            [ \"$COMP_CWORD\" -eq 2 ] && COMPREPLY=($(compgen -W \"" + names + "\" -- \"$cur\"))\n            return 0 ;;\n";
            continue;
        }
        if (!actions.empty()) {
            s += "            if [ \"$COMP_CWORD\" -eq 2 ]; then COMPREPLY=($(compgen -W \"" + actions + "\" -- \"$cur\")); return 0; fi\n";
        }
        s += "            if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"" + opts + "\" -- \"$cur\"));\n";
        s += c.takes_files ? "            else COMPREPLY=($(compgen -f -- \"$cur\")); fi\n" : "            fi\n";
        s += "            return 0 ;;\n";
    }
    s += "    esac\n"
         "}\n"
         "complete -F _ekb ekb\n";
    return s;
}

std::string man_page(const std::string &version) {
    std::string s = ".TH EKB 1 \"\" \"ekb " + roff_escape(version) + "\" \"EdgeKernelBench\"\n";
    s += ".SH NAME\nekb \\- EdgeKernelBench: are LLM\\-written kernels correct and fast on edge backends?\n";
    s += ".SH SYNOPSIS\n.B ekb\n.I command\n[options]\n.br\n.B ekb\n.I command\n.B \\-\\-help\n";
    s += ".SH DESCRIPTION\n" + roff_escape(
        "ekb asks a producer (an LLM, an agent around one, or the offline builtin model) for Halide kernels, compiles "
        "each for each backend (cpu through LLVM, OpenCL, CUDA) in a confined child, verifies it against the task's "
        "reference on fresh inputs and held-out shapes, times it against the expert in the same run, stores every "
        "result in SQLite and reports Compile@k, Correct@k and Fast@p.") + "\n";
    s += ".SH COMMANDS\n";
    for (const auto &c : command_table()) {
        s += ".SS \"" + roff_escape("ekb " + c.name + (c.synopsis.empty() ? "" : " " + c.synopsis)) + "\"\n";
        s += roff_escape(c.summary) + ".\n.PP\n" + roff_escape(c.description) + "\n";
        for (const auto &o : c.options) {
            s += ".TP\n.B \\-\\-" + roff_escape(o.name) + (o.value.empty() ? "" : " \" \"\n.I " + roff_escape(o.value)) + "\n";
            s += roff_escape(o.help) + "\n";
        }
    }
    s += ".SH ENVIRONMENT\n.TP\n.B EKB_CACHE_DIR\nthe cache (default /var/cache/ekb as root, else ~/.cache/ekb)\n"
         ".TP\n.B EKB_THREADS\nthreads kernels run with\n.TP\n.B EKB_RESULTS\nthe default results store\n"
         ".TP\n.B EKB_PRIVATE_INSTANCES\nprivate held\\-out instances\n.TP\n.B EKB_HOME\nthe ekb source tree (suite, docs)\n";
    s += ".SH EXIT STATUS\n0 success; 1 an error (named on stderr); 2 a usage error; 3 a \\-\\-fail\\-on condition held;\n"
         "130 interrupted (Ctrl\\-C; what is stored is kept and the same command resumes).\n";
    s += ".SH SEE ALSO\nREADME.md and docs/ in the ekb source tree.\n";
    return s;
}

}  // namespace ekb
