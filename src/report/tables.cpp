#include "report/tables.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "cli/table.h"
#include "measure/stats.h"
#include "report/svg.h"

namespace ekb {

using nlohmann::json;

std::string fmt_rate(double v) { return std::isnan(v) ? "-" : fmt_double(v, 3); }
std::string fmt_speedup(double v) { return std::isnan(v) ? "-" : fmt_double(v, 3) + "x"; }

namespace {

std::string ci(double lo, double hi) {
    if (std::isnan(lo)) return "-";
    return "[" + fmt_double(lo, 3) + ", " + fmt_double(hi, 3) + "]";
}

std::string pct(double v) { return std::isnan(v) ? "-" : fmt_double(100 * v, 3) + " %"; }

std::string md_cell(const std::string &s) {
    std::string o;
    for (char c : s) {
        if (c == '|') o += "\\|";
        else if (c == '\n') o += ' ';
        else o += c;
    }
    return o;
}

}  // namespace

std::string Table::text() const {
    TextTable t(header);
    for (const auto &r : rows) t.add(r);
    std::string s = title.empty() ? "" : title + "\n";
    if (!note.empty()) s += note + "\n";
    return s + t.render();
}

std::string Table::markdown() const {
    std::string s = title.empty() ? "" : "### " + title + "\n\n";
    if (!note.empty()) s += note + "\n\n";
    if (rows.empty()) return s + "(no rows)\n";
    s += "|";
    for (const auto &h : header) s += " " + md_cell(h) + " |";
    s += "\n|";
    for (size_t i = 0; i < header.size(); i++) s += "---|";
    s += "\n";
    for (const auto &r : rows) {
        s += "|";
        for (const auto &c : r) s += " " + md_cell(c) + " |";
        s += "\n";
    }
    return s;
}

std::string Table::html() const {
    std::string s = title.empty() ? "" : "<h3>" + svg::escape(title) + "</h3>";
    if (!note.empty()) s += "<p class=\"note\">" + svg::escape(note) + "</p>";
    s += "<table><thead><tr>";
    for (const auto &h : header) s += "<th>" + svg::escape(h) + "</th>";
    s += "</tr></thead><tbody>";
    for (const auto &r : rows) {
        s += "<tr>";
        for (const auto &c : r) s += "<td>" + svg::escape(c) + "</td>";
        s += "</tr>";
    }
    return s + "</tbody></table>";
}

Table summary_table(const ReportData &d) {
    std::string k = std::to_string(d.options.k);
    Table t;
    t.title = "Compile@" + k + ", Correct@" + k + " and Fast@1.0 per producer, model and backend";
    t.note = "pass@k estimator per task, averaged over tasks; speedup = expert time / kernel time (geomean over correct, timed samples, bootstrap 95% CI)";
    t.header = {"producer / model / backend", "tasks", "samples", "Compile@" + k, "Correct@" + k, "Fast@1.0",
                "geomean speedup", "95% CI", "% of roofline (median)"};
    for (const MetricRow *m : d.rows("all")) {
        double f1 = m->fast_at_k.count(1.0) ? m->fast_at_k.at(1.0) : NAN;
        t.rows.push_back({group_label(m->producer, m->model, m->backend), std::to_string(m->tasks),
                          std::to_string(m->samples), fmt_rate(m->compile_at_k), fmt_rate(m->correct_at_k), fmt_rate(f1),
                          fmt_speedup(m->geomean_speedup), ci(m->ci_lo, m->ci_hi), pct(m->roofline_median)});
    }
    return t;
}

Table fast_p_table(const ReportData &d) {
    Table t;
    t.title = "Fast@p (correct and at least p times the expert's speed), pass@" + std::to_string(d.options.k);
    t.header = {"producer / model / backend"};
    for (double p : fast_p_values()) t.header.push_back("p=" + fmt_double(p, 2));
    for (const MetricRow *m : d.rows("all")) {
        std::vector<std::string> row = {group_label(m->producer, m->model, m->backend)};
        for (double p : fast_p_values()) row.push_back(fmt_rate(m->fast_at_k.count(p) ? m->fast_at_k.at(p) : NAN));
        t.rows.push_back(row);
    }
    return t;
}

Table slice_table(const ReportData &d, const std::string &prefix) {
    std::string what = prefix == "tier " ? "tier" : "domain";
    std::string k = std::to_string(d.options.k);
    Table t;
    t.title = "Per " + what;
    t.header = {"producer / model / backend", what, "tasks", "samples", "Compile@" + k, "Correct@" + k, "Fast@1.0",
                "geomean speedup"};
    for (const MetricRow *m : d.rows(prefix)) {
        double f1 = m->fast_at_k.count(1.0) ? m->fast_at_k.at(1.0) : NAN;
        t.rows.push_back({group_label(m->producer, m->model, m->backend), m->slice.substr(prefix.size()),
                          std::to_string(m->tasks), std::to_string(m->samples), fmt_rate(m->compile_at_k),
                          fmt_rate(m->correct_at_k), fmt_rate(f1), fmt_speedup(m->geomean_speedup)});
    }
    return t;
}

Table speedup_distribution_table(const ReportData &d) {
    Table t;
    t.title = "Speedup over the expert per tier (correct, timed samples)";
    t.header = {"producer / model / backend", "tier", "n", "p10", "median", "p90", "max"};
    std::map<std::pair<std::string, std::string>, std::vector<double>> v;
    for (const auto &r : d.records) {
        if (r.correct && !std::isnan(r.speedup)) v[{group_label(r.producer, r.model, r.backend), r.tier}].push_back(r.speedup);
    }
    for (auto &[key, xs] : v) {
        t.rows.push_back({key.first, key.second, std::to_string(xs.size()), fmt_speedup(quantile(xs, 0.1)),
                          fmt_speedup(quantile(xs, 0.5)), fmt_speedup(quantile(xs, 0.9)),
                          fmt_speedup(*std::max_element(xs.begin(), xs.end()))});
    }
    return t;
}

Table portability_table(const ReportData &d) {
    Table t;
    t.title = "Portability: each task across backends";
    t.note = "per cell: correct samples / samples, and the best correct speedup over that backend's expert";
    std::set<std::string> backends;
    for (const auto &r : d.records) backends.insert(r.backend);
    t.header = {"task", "producer / model"};
    for (const auto &b : backends) t.header.push_back(b);
    struct Cell {
        int n = 0, correct = 0;
        double best = NAN;
    };
    std::map<std::pair<std::string, std::string>, std::map<std::string, Cell>> cells;
    for (const auto &r : d.records) {
        Cell &c = cells[{r.task_id, r.producer + (r.model.empty() ? "" : " / " + r.model)}][r.backend];
        c.n++;
        c.correct += r.correct;
        if (r.correct && !std::isnan(r.speedup) && (std::isnan(c.best) || r.speedup > c.best)) c.best = r.speedup;
    }
    for (const auto &[key, per_backend] : cells) {
        std::vector<std::string> row = {key.first, key.second};
        for (const auto &b : backends) {
            auto it = per_backend.find(b);
            if (it == per_backend.end()) {
                row.push_back("");
                continue;
            }
            const Cell &c = it->second;
            row.push_back(std::to_string(c.correct) + "/" + std::to_string(c.n) +
                          (std::isnan(c.best) ? "" : "  " + fmt_speedup(c.best)));
        }
        t.rows.push_back(row);
    }
    return t;
}

Table layer_credit_table(const ReportData &d) {
    Table t;
    t.title = "Per-layer credit (share of the final speedup each schedule layer contributed)";
    t.header = {"producer / model / backend", "samples", "compute", "loops", "memory", "vector"};
    std::map<std::string, std::pair<int, std::map<std::string, double>>> acc;
    for (const auto &r : d.records) {
        if (r.layer_credit.empty()) continue;
        json j;
        try {
            j = json::parse(r.layer_credit);
        } catch (const json::exception &) {
            continue;
        }
        if (!j.is_object()) continue;
        auto &a = acc[group_label(r.producer, r.model, r.backend)];
        a.first++;
        for (auto &[layer, v] : j.items()) {
            if (v.is_number()) a.second[layer] += v.get<double>();
        }
    }
    for (auto &[g, a] : acc) {
        std::vector<std::string> row = {g, std::to_string(a.first)};
        for (const char *l : {"compute", "loops", "memory", "vector"}) {
            row.push_back(a.second.count(l) ? fmt_double(a.second[l] / a.first, 3) : "-");
        }
        t.rows.push_back(row);
    }
    return t;
}

Table failures_table(const ReportData &d) {
    Table t;
    t.title = "Failures by stage and code";
    t.header = {"producer / model / backend", "stage/code", "samples", "example"};
    std::map<std::pair<std::string, std::string>, std::pair<int, std::string>> f;
    for (const auto &r : d.records) {
        if (r.failure_code.empty() || r.correct) continue;
        auto &e = f[{group_label(r.producer, r.model, r.backend), r.failure_stage + "/" + r.failure_code}];
        if (e.first++ == 0) e.second = r.task_id + ": " + clip_line(r.failure_message, 120);
    }
    for (auto &[k, v] : f) t.rows.push_back({k.first, k.second, std::to_string(v.first), v.second});
    return t;
}

Table task_table(const ReportData &d, const std::string &task_id) {
    Table t;
    t.header = {"backend", "producer / model", "sample", "status", "speedup", "95% CI", "kernel", "expert", "failure"};
    for (const auto &r : d.records) {
        if (r.task_id != task_id) continue;
        t.rows.push_back({r.backend, r.producer + (r.model.empty() ? "" : " / " + r.model), std::to_string(r.sample),
                          r.status, fmt_speedup(r.speedup), ci(r.speedup_ci_lo, r.speedup_ci_hi),
                          fmt_seconds(r.kernel_median_s), fmt_seconds(r.expert_median_s),
                          r.failure_code.empty() ? "" : r.failure_stage + "/" + r.failure_code});
    }
    return t;
}

std::string clip_line(const std::string &s, size_t n) {
    std::string o;
    for (char c : s) {
        if (c == '\n') break;
        o += c;
    }
    if (o.size() > n) o = o.substr(0, n) + "...";
    return o;
}

}  // namespace ekb
