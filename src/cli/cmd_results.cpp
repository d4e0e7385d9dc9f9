// ekb results: the records of a results store, as a table, JSONL (nested JSON fields as
// objects; docs/record.schema.json) or CSV (one line per record).
#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/table.h"
#include "experiment/experiment.h"
#include "record/store.h"

namespace ekb {

int cmd_results(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("results"));
    if (!a.positional().empty()) throw UsageError("unexpected argument '" + a.positional()[0] + "'");
    if (a.flag("jsonl") && a.flag("csv")) throw UsageError("give --jsonl or --csv, not both");
    if (a.flag("schema")) {
        std::cout << record_json_schema().dump(2) << "\n";
        return 0;
    }
    if (a.get("store") && a.get("experiment")) throw UsageError("give --store or --experiment, not both");
    TextTable::set_wide(a.flag("wide"));
    std::string path;
    if (auto e = a.get("experiment")) {
        path = Experiment::open(experiment_dir(*e)).store_path().string();
    } else {
        const char *env = std::getenv("EKB_RESULTS");
        path = a.get_or("store", env && *env ? env : "ekb-results.db");
    }
    if (!std::filesystem::exists(path)) throw UsageError("no results store at " + path + " (--store)");
    ResultStore store(path, StoreMode::read_only);
    auto records = store.all();
    if (a.flag("jsonl")) {
        for (const auto &r : records) std::cout << r.to_export_json().dump() << "\n";
        return 0;
    }
    if (a.flag("csv")) {
        std::cout << csv_header() << "\n";
        for (const auto &r : records) std::cout << csv_row(r) << "\n";
        return 0;
    }
    TextTable t({"task", "backend", "kernel", "status", "speedup", "95% CI", "kernel median", "expert median", "tier",
                 "failure"});
    for (const auto &r : records) {
        std::string ci = std::isnan(r.speedup_ci_lo) ? "-" : "[" + fmt_double(r.speedup_ci_lo) + ", " + fmt_double(r.speedup_ci_hi) + "]";
        std::string failure = r.failure_code.empty() ? "" : r.failure_stage + "/" + r.failure_code;
        t.add({r.task_id, r.backend, r.kernel_name, r.status, fmt_double(r.speedup), ci, fmt_seconds(r.kernel_median_s),
               fmt_seconds(r.expert_median_s), r.tier, failure});
    }
    std::cout << t.render() << records.size() << " records in " << path << "\n";
    return 0;
}

}  // namespace ekb
