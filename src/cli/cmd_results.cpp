// ekb results: the records of a results store, as a table, JSONL or CSV.
#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/table.h"
#include "record/store.h"

namespace ekb {

int cmd_results(const std::vector<std::string> &argv) {
    Args a(argv, {"jsonl", "csv"}, {"store"});
    const char *env = std::getenv("EKB_RESULTS");
    std::string path = a.get_or("store", env && *env ? env : "ekb-results.db");
    if (!std::filesystem::exists(path)) throw UsageError("no results store at " + path + " (--store)");
    ResultStore store(path);
    auto records = store.all();
    if (a.flag("jsonl")) {
        for (const auto &r : records) std::cout << r.to_json().dump() << "\n";
        return 0;
    }
    if (a.flag("csv")) {
        std::cout << csv_header() << "\n";
        for (const auto &r : records) std::cout << csv_row(r) << "\n";
        return 0;
    }
    TextTable t({"task", "tier", "backend", "kernel", "status", "kernel median", "expert median", "speedup", "95% CI",
                 "failure"});
    for (const auto &r : records) {
        std::string ci = std::isnan(r.speedup_ci_lo) ? "-" : "[" + fmt_double(r.speedup_ci_lo) + ", " + fmt_double(r.speedup_ci_hi) + "]";
        std::string failure = r.failure_code.empty() ? "" : r.failure_stage + "/" + r.failure_code;
        t.add({r.task_id, r.tier, r.backend, r.kernel_name, r.status, fmt_seconds(r.kernel_median_s),
               fmt_seconds(r.expert_median_s), fmt_double(r.speedup), ci, failure});
    }
    std::cout << t.render() << records.size() << " records in " << path << "\n";
    return 0;
}

}  // namespace ekb
