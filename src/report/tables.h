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
    // Optional column groups above the header (HTML: a row of colspans; text and Markdown
    // prefix the group's name to its columns' headers): (name, columns spanned).
    std::vector<std::pair<std::string, int>> super_header;
    std::vector<std::vector<std::string>> rows;

    std::string text() const;
    std::string markdown() const;
    std::string html() const;
};

Table summary_table(const ReportData &d);            // Compile@k / Correct@k / Fast@1.0 (both) per group
Table fast_p_table(const ReportData &d, bool confident = false);  // Fast@p for every p, per group
Table budget_table(const ReportData &d);             // budget use per group: calls, attempts, tokens, $, ...
Table stop_reason_table(const ReportData &d);        // why producers stopped, per group
Table heldout_only_table(const ReportData &d);       // samples wrong only on held-out instances
Table paper_table(const ReportData &d);              // the reference design's Table 2 layout
Table agents_table(const ReportData &d);             // LEKA vs direct vs agents at equal budget
Table ablation_table(const ReportData &d);           // LEKA's per-layer ablation (attributed)
std::string headline_text(const ReportData &d);      // the verdict, one line per backend
Table slice_table(const ReportData &d, const std::string &prefix);  // "tier " or "domain "
Table speedup_distribution_table(const ReportData &d);  // per group and tier: p10 / median / p90
Table portability_table(const ReportData &d);        // per task and producer: each backend side by side
Table layer_credit_table(const ReportData &d);       // LEKA: mean share of the speedup per layer
Table failures_table(const ReportData &d);           // failure codes per group
Table task_table(const ReportData &d, const std::string &task_id);  // every sample of a task

// The one rounding of every view (terminal, Markdown, HTML, SVG titles): rates and speedups
// with 3 decimals, percentages with 1, money with 4.
std::string fmt_rate(double v);       // "0.625" or "-"
std::string fmt_speedup(double v);    // "1.230x" or "-"
std::string fmt_ci(double lo, double hi);  // "[0.912, 1.104]" or "-"
std::string fmt_pct(double v);        // 0.1234 -> "12.3 %"
std::string fmt_count(double v);      // "12", "1.5" or "-"
std::string clip_line(const std::string &s, size_t n);  // the first line, at most n bytes

}  // namespace ekb
