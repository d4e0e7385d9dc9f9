// `ekb report`: an experiment's results as a terminal table, a Markdown file and one
// self-contained HTML file with SVG charts (nothing loaded from a network at view time):
//   - Compile@k / Correct@k / Fast@1.0 per producer, model and backend (+ per tier, domain)
//   - Fast@p curves; speedup distributions per tier; a roofline plot (device peaks known)
//   - LEKA's per-layer credit, where records carry it
//   - portability (each task across backends); failures; a per-task drill-down (kernel,
//     errors, per-instance times)
// `--compare`: two experiments side by side, with per-task wins and losses.
#pragma once
#include <string>

#include "report/report_data.h"

namespace ekb {

std::string render_terminal(const ReportData &d);
std::string render_markdown(const ReportData &d);
std::string render_html(const ReportData &d);

// Comparison of experiment a with experiment b (e.g. LEKA vs iterative at equal budget).
struct Comparison {
    std::string text, markdown, html;
    int wins = 0, losses = 0, ties = 0;
};
Comparison compare_reports(const ReportData &a, const ReportData &b);

}  // namespace ekb
