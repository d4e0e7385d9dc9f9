// ekb: EdgeKernelBench's command-line interface.
#include <cstring>
#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/paths.h"
#include "produce/model_gateway.h"
#include "produce/producer.h"
#include "suite/task.h"

namespace {

const char *k_usage = R"(ekb — EdgeKernelBench: are LLM-written kernels correct AND fast on edge backends?

usage:
  ekb tasks list [--tier T] [--domain D] [--tag G] [--json] [--suite DIR]
                                                 the tasks of the suite
  ekb tasks show <id> [--json] [--suite DIR]     what a prompt would contain (visible instances only)
  ekb suite verify [--tasks GLOB] [--seeds N]    each task's PyTorch reference vs its Halide reference,
                                                 and no trivial output (zeros, mean, median, an input) passes
  ekb suite calibrate [--tasks GLOB] [--out PREFIX]  cpu experts vs PyTorch eager (and vendor BLAS)
  ekb suite stats                                 patterns and instances per tier, domain, dtype, backend
  ekb eval --task <id> --backend <cpu|opencl|cuda> (--kernel <file> | --expert | --naive)
           [--json] [--store FILE | --no-store] [--seed N] [--threads N] [--no-timing]
           [--time-cap S] [--call-timeout S] [--compile-timeout S] [--suite DIR]
           [--profile] [--profile-seconds S]    compile, verify and time one kernel; store the record;
                                                 --profile: then per-Func times (Halide profiler) and,
                                                 on GPUs, per-kernel times on the largest instance
  ekb results [--store FILE] [--jsonl | --csv]   the records of a results store
  ekb run [--experiment NAME|DIR] [--tasks GLOB] [--backends cpu,opencl,cuda]
          [--producers expert,naive,dir:PATH] [--models M1,M2] [--samples N] [--jobs N]
          [--seed N] [--threads N] [--time-cap S] [--no-timing] [--plain] [--no-report]
          [--temperature T] [--max-tokens N] [--turns N] [--cache off|read|write|readwrite]
          [--budget calls=N,tokens=N,cost=USD,compiles=N,device_s=S,wall_s=S]
          [--external-command CMD] [--external-timeout S] [--external-ro PATHS] [--llm-cache DIR]
          [--ablate LAYERS] [--seed-from BACKEND]
                                                 the matrix tasks x backends x producers x models x samples
                                                 into experiments/NAME; the same command resumes.
                                                 producers: expert naive dir:PATH direct iterative external;
                                                 leka, leka-no-<layer>, leka-from-<backend> (the layered agent,
                                                 docs/leka.md; --ablate LAYERS and --seed-from BACKEND rewrite
                                                 the leka producers);
                                                 auto:adams2019 auto:li2018 auto:mullapudi2016 (Halide's
                                                 autoschedulers, no model; li2018 also on GPU backends);
                                                 models: builtin, openai:M[@URL], anthropic:M[@URL], replay:M
  ekb check [kernel.cpp]                          inside an external agent's workspace: compile, verify and
                                                 time a kernel on the visible instances
  ekb report <experiment> [--compare <other>] [--k N] [--peaks FILE] [--out DIR] [--no-files]
                                                 tables; report.md and report.html (SVG charts)
  ekb probe --backend <b>                         the device a backend runs on here
  ekb device probe --backend <b> [--peaks FILE] [--quick]
                                                 device profile: measured GFLOP/s and GB/s (Halide
                                                 kernels timed by the runner) and what prompts use
  ekb bundle --tasks GLOB --backends LIST [--kernels expert,naive,DIR] --out DIR
             [--time-cap S] [--min-sample S] [--jobs N] [--seed N] [--pytorch] [--no-probe] [--quick-probe]
                                                 a self-contained directory that runs on a device with
                                                 no compiler: DIR/run there (docs/bundles.md)
  ekb ingest <results dir | records.jsonl> [--store FILE | --experiment NAME] [--peaks FILE]
             [--summary FILE.md]                 validate a bundle's results, then store them at once
  ekb version

Private held-out instances: --private-instances FILE (eval, suite) or EKB_PRIVATE_INSTANCES,
a local, never committed JSON file {"<task id>": [{"name": ..., "dims": {...}}]}.
Environment: EKB_CACHE_DIR (cache), EKB_THREADS (threads), EKB_RESULTS (default store).
)";

}  // namespace

int main(int argc, char **argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        std::cout << k_usage;
        return args.empty() ? 2 : 0;
    }
    std::string cmd = args[0];
    args.erase(args.begin());
    try {
        if (cmd == "tasks") return ekb::cmd_tasks(args);
        if (cmd == "eval") return ekb::cmd_eval(args);
        if (cmd == "probe") return ekb::cmd_probe(args);
        if (cmd == "results") return ekb::cmd_results(args);
        if (cmd == "suite") return ekb::cmd_suite(args);
        if (cmd == "run") return ekb::cmd_run(args);
        if (cmd == "report") return ekb::cmd_report(args);
        if (cmd == "bundle") return ekb::cmd_bundle(args);
        if (cmd == "ingest") return ekb::cmd_ingest(args);
        if (cmd == "device") return ekb::cmd_device(args);
        if (cmd == "check") return ekb::external_check_client(args.empty() ? "kernel.cpp" : args[0]);
        if (cmd == "agent-init") return ekb::external_agent_init(args);  // inside an external agent's sandbox
        if (cmd == "version") {
            std::cout << "ekb " << ekb::ekb_version() << "\n";
            return 0;
        }
        std::cerr << "ekb: unknown command '" << cmd << "'\n\n" << k_usage;
        return 2;
    } catch (const ekb::UsageError &e) {
        std::cerr << "ekb " << cmd << ": " << e.what() << "\n(see 'ekb --help')\n";
        return 2;
    } catch (const ekb::TaskError &e) {
        std::cerr << "ekb: bad task: " << e.what() << "\n";
        return 1;
    } catch (const std::exception &e) {
        std::cerr << "ekb: error: " << e.what() << "\n";
        return 1;
    }
}
