// `ekb report`: an experiment's results as a terminal table, a Markdown file and one
// self-contained HTML file with SVG charts (nothing loaded from a network at view time):
//   - the verdict per backend (who wins, by how much, with a CI)
//   - Compile@k / Correct@k / Fast@1.0 (point and confident) / Beat-naive@k per producer,
//     model and backend (+ per tier, domain); speedups vs expert, naive and PyTorch eager
//   - budget use (LLM calls, HTTP attempts, tokens, $, compiles, device-s) and stop reasons
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
nlohmann::json render_json(const ReportData &d);  // every metric row and the verdict, for scripts

// `--paper`: the reference design's Table 2 (per model x backend Compile@1 / Correct@1 /
// Fast@1.0), its agents comparison at equal budget and LEKA's per-layer ablation.
struct PaperView {
    std::string text, markdown, html;
};
PaperView render_paper(const ReportData &d);
std::string render_markdown(const ReportData &d);
std::string render_html(const ReportData &d);

// Comparison of experiment a with experiment b (e.g. LEKA vs iterative at equal budget).
struct Comparison {
    std::string text, markdown, html;
    int wins = 0, losses = 0, ties = 0;
};
Comparison compare_reports(const ReportData &a, const ReportData &b);

}  // namespace ekb
