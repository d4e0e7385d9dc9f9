// The report's tables as data, rendered the same way to the terminal, Markdown and HTML.
#pragma once
#include <string>
#include <vector>

#include "report/report_data.h"

namespace ekb {

struct Table {
    std::string title;
    std::string note;  // one line under the title
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;

    std::string text() const;
    std::string markdown() const;
    std::string html() const;
};

Table summary_table(const ReportData &d);            // Compile@k / Correct@k / Fast@1.0 per group
Table fast_p_table(const ReportData &d);             // Fast@p for every p, per group
Table slice_table(const ReportData &d, const std::string &prefix);  // "tier " or "domain "
Table speedup_distribution_table(const ReportData &d);  // per group and tier: p10 / median / p90
Table portability_table(const ReportData &d);        // per task and producer: each backend side by side
Table layer_credit_table(const ReportData &d);       // LEKA: mean share of the speedup per layer
Table failures_table(const ReportData &d);           // failure codes per group
Table task_table(const ReportData &d, const std::string &task_id);  // every sample of a task

std::string fmt_rate(double v);       // "0.625" or "-"
std::string fmt_speedup(double v);    // "1.23x" or "-"
std::string clip_line(const std::string &s, size_t n);  // the first line, at most n bytes

}  // namespace ekb
