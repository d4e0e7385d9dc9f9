#include "report/tables.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <cctype>
#include <set>
#include <tuple>

#include "cli/table.h"
#include "common/files.h"
#include "measure/stats.h"
#include "metrics/suspect.h"
#include "report/svg.h"

namespace ekb {

using nlohmann::json;

std::string fmt_rate(double v) { return std::isnan(v) ? "-" : fmt_double(v, 3); }
std::string fmt_speedup(double v) { return std::isnan(v) ? "-" : fmt_double(v, 3) + "x"; }
std::string fmt_ci(double lo, double hi) {
    if (std::isnan(lo) || std::isnan(hi)) return "-";
    return "[" + fmt_double(lo, 3) + ", " + fmt_double(hi, 3) + "]";
}
std::string fmt_pct(double v) { return std::isnan(v) ? "-" : fmt_double(100 * v, 1) + " %"; }
std::string fmt_count(double v) {
    if (std::isnan(v)) return "-";
    if (std::fabs(v - std::round(v)) < 1e-9) return fmt_double(v, 0);
    return fmt_double(v, 1);
}

namespace {

std::string ci(double lo, double hi) { return fmt_ci(lo, hi); }
std::string pct(double v) { return fmt_pct(v); }

double at_or_nan(const std::map<double, double> &m, double p) {
    auto it = m.find(p);
    return it == m.end() ? NAN : it->second;
}

bool is_reference(const std::string &producer) { return producer == "expert" || producer == "naive"; }

// Geomean of a record property over a group's counted records.
template <typename F>
double group_geomean(const ReportData &d, const MetricRow &m, F value) {
    double sum = 0;
    int n = 0;
    for (const auto &r : d.records) {
        if (r.producer != m.producer || r.model != m.model || r.backend != m.backend) continue;
        double v = value(r);
        if (v > 0 && std::isfinite(v)) sum += std::log(v), n++;
    }
    return n ? std::exp(sum / n) : NAN;
}

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

namespace {

// The header with each column group's name prefixed ("cpu Compile@1").
std::vector<std::string> flat_header(const Table &t) {
    if (t.super_header.empty()) return t.header;
    std::vector<std::string> h = t.header;
    size_t col = 0;
    for (const auto &[name, span] : t.super_header) {
        for (int i = 0; i < span && col < h.size(); i++, col++) {
            if (!name.empty()) h[col] = name + " " + h[col];
        }
    }
    return h;
}

}  // namespace

std::string Table::text() const {
    TextTable t(flat_header(*this));
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
    for (const auto &h : flat_header(*this)) s += " " + md_cell(h) + " |";
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
    s += "<table><thead>";
    if (!super_header.empty()) {
        s += "<tr>";
        for (const auto &[name, span] : super_header) {
            s += "<th colspan=\"" + std::to_string(span) + "\">" + svg::escape(name) + "</th>";
        }
        s += "</tr>";
    }
    s += "<tr>";
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
    t.title = "Compile@" + k + ", Correct@" + k + ", Fast@1.0 and Beat-naive@" + k + " per producer, model and backend";
    t.note = "pass@k estimator per task, averaged over tasks. Fast@1.0: speedup point estimate >= 1 (the paper's); "
             "confident: its 95% CI lower bound >= 1 (the CI widened by the A/A noise floor where measured). Beat-naive: speedup over the naive kernel with CI lower bound > 1 "
             "(tasks where the naive producer ran). Speedups are expert (naive, PyTorch eager) time / kernel time, "
             "geomean over correct, timed, unsuspect samples, bootstrap 95% CI.";
    t.header = {"producer / model / backend", "tasks", "samples", "Compile@" + k, "Correct@" + k, "Fast@1.0",
                "Fast@1.0 confident", "Beat-naive@" + k, "speedup vs expert", "95% CI", "vs naive", "vs PyTorch eager",
                "% of roofline (median)", "suspect", "wrong only on held-out"};
    for (const MetricRow *m : d.rows("all")) {
        double eager = group_geomean(d, *m, [&](const ResultRecord &r) { return d.speedup_vs_eager(r); });
        t.rows.push_back({group_label(m->producer, m->model, m->backend), std::to_string(m->tasks),
                          std::to_string(m->samples), fmt_rate(m->compile_at_k), fmt_rate(m->correct_at_k),
                          fmt_rate(at_or_nan(m->fast_at_k, 1.0)), fmt_rate(at_or_nan(m->confident_fast_at_k, 1.0)),
                          fmt_rate(m->beat_naive_at_k), fmt_speedup(m->geomean_speedup), ci(m->ci_lo, m->ci_hi),
                          fmt_speedup(m->geomean_over_naive), fmt_speedup(eager), pct(m->roofline_median),
                          std::to_string(m->suspect_samples), std::to_string(m->heldout_only_failures)});
    }
    return t;
}

Table fast_p_table(const ReportData &d, bool confident) {
    Table t;
    t.title = confident ? "Confident Fast@p (correct and the speedup's 95% CI lower bound >= p), pass@" + std::to_string(d.options.k)
                        : "Fast@p (correct and the speedup point estimate >= p; the paper's definition), pass@" +
                              std::to_string(d.options.k);
    t.header = {"producer / model / backend"};
    for (double p : fast_p_values()) t.header.push_back("p=" + fmt_double(p, 2));
    for (const MetricRow *m : d.rows("all")) {
        std::vector<std::string> row = {group_label(m->producer, m->model, m->backend)};
        for (double p : fast_p_values()) row.push_back(fmt_rate(at_or_nan(confident ? m->confident_fast_at_k : m->fast_at_k, p)));
        t.rows.push_back(row);
    }
    return t;
}

std::string headline_text(const ReportData &d) {
    std::string s;
    for (const auto &h : d.headlines) s += h.text + "\n";
    return s;
}

Table budget_table(const ReportData &d) {
    Table t;
    t.title = "Budget use per producer, model and backend (mean per sample, total in parentheses)";
    t.note = "from each record's usage fields and its budget totals; '-' where the producer records none";
    t.header = {"producer / model / backend", "samples", "budget caps", "LLM calls", "HTTP attempts", "tokens", "$",
                "compiles", "device-s", "LLM wait-s", "produce-s"};
    struct Acc {
        int n = 0;
        std::set<std::string> caps;
        std::vector<double> sum = std::vector<double>(8, 0.0);
        std::vector<int> seen = std::vector<int>(8, 0);
    };
    std::map<std::string, Acc> acc;
    std::vector<std::string> order;
    for (const auto &r : d.records) {
        std::string g = group_label(r.producer, r.model, r.backend);
        if (!acc.count(g)) order.push_back(g);
        Acc &a = acc[g];
        a.n++;
        BudgetUse u = budget_use(r);
        if (!u.caps.empty()) a.caps.insert(u.caps);
        double v[8] = {u.llm_calls, u.http_attempts, u.tokens, u.cost_usd, u.compiles, u.device_s, u.llm_s, u.produce_s};
        for (int i = 0; i < 8; i++) {
            if (!std::isnan(v[i])) a.sum[size_t(i)] += v[i], a.seen[size_t(i)]++;
        }
    }
    std::sort(order.begin(), order.end());
    for (const auto &g : order) {
        const Acc &a = acc[g];
        std::string caps;
        for (const auto &c : a.caps) caps += (caps.empty() ? "" : " | ") + c;
        std::vector<std::string> row = {g, std::to_string(a.n), caps.empty() ? "-" : caps};
        for (int i = 0; i < 8; i++) {
            if (!a.seen[size_t(i)]) {
                row.push_back("-");
                continue;
            }
            double mean = a.sum[size_t(i)] / a.seen[size_t(i)];
            if (i == 3) row.push_back("$" + fmt_double(mean, 4) + " ($" + fmt_double(a.sum[3], 4) + ")");
            else if (i >= 5) row.push_back(fmt_double(mean, 1) + " (" + fmt_double(a.sum[size_t(i)], 1) + ")");
            else row.push_back(fmt_count(mean) + " (" + fmt_count(a.sum[size_t(i)]) + ")");
        }
        t.rows.push_back(row);
    }
    return t;
}

namespace {

// A stop reason with its numbers replaced by N and its details after ';' dropped, so
// samples that stopped for the same reason group together.
std::string stop_kind(const std::string &s) {
    std::string o;
    for (size_t i = 0; i < s.size() && s[i] != ';' && s[i] != '\n'; i++) {
        if (std::isdigit(static_cast<unsigned char>(s[i]))) {
            while (i + 1 < s.size() && (std::isdigit(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '.')) i++;
            o += 'N';
        } else o += s[i];
    }
    return clip_line(o, 100);
}

}  // namespace

Table stop_reason_table(const ReportData &d) {
    Table t;
    t.title = "Why producers stopped";
    t.note = "per group, the samples per stop reason (numbers shown as N); producers that record none are left out";
    t.header = {"producer / model / backend", "stop reason", "samples", "example"};
    std::map<std::pair<std::string, std::string>, std::pair<int, std::string>> m;
    for (const auto &r : d.records) {
        if (r.stop_reason.empty()) continue;
        auto &e = m[{group_label(r.producer, r.model, r.backend), stop_kind(r.stop_reason)}];
        if (e.first++ == 0) e.second = r.task_id + ": " + clip_line(r.stop_reason, 140);
    }
    for (auto &[k, v] : m) t.rows.push_back({k.first, k.second, std::to_string(v.first), v.second});
    return t;
}

Table heldout_only_table(const ReportData &d) {
    Table t;
    t.title = "Wrong only on held-out instances";
    t.note = "correct on every visible instance, wrong on a held-out one: the kernel fits the shapes it was shown";
    t.header = {"task", "backend", "producer / model", "sample", "instance", "failure"};
    for (const auto &r : d.records) {
        if (!fails_only_heldout(r)) continue;
        t.rows.push_back({r.task_id, r.backend, r.producer + (r.model.empty() ? "" : " / " + r.model), std::to_string(r.sample),
                          r.failure_instance, r.failure_stage + "/" + r.failure_code + ": " + clip_line(r.failure_message, 80)});
    }
    return t;
}

Table paper_table(const ReportData &d) {
    std::string k = std::to_string(d.options.k);
    Table t;
    t.title = "Table 2 layout: per model and backend, Compile@" + k + " / Correct@" + k + " / Fast@1.0";
    t.note = "Fast@1.0 is the paper's (point estimate); the confident Fast@1.0 and Beat-naive are in the full report";
    std::set<std::string> backends;
    std::set<std::pair<std::string, std::string>> who;
    std::map<std::tuple<std::string, std::string, std::string>, const MetricRow *> cell;
    for (const MetricRow *m : d.rows("all")) {
        backends.insert(m->backend);
        who.insert({m->producer, m->model});
        cell[{m->producer, m->model, m->backend}] = m;
    }
    t.header = {"producer / model"};
    t.super_header = {{"", 1}};
    for (const auto &b : backends) {
        t.super_header.push_back({b, 3});
        for (const std::string &h : std::vector<std::string>{"Compile@" + k, "Correct@" + k, "Fast@1.0"}) t.header.push_back(h);
    }
    // Producers with a model first (the paper's rows), references last.
    std::vector<std::pair<std::string, std::string>> rows(who.begin(), who.end());
    std::stable_sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) {
        return is_reference(a.first) < is_reference(b.first);
    });
    for (const auto &[p, m] : rows) {
        std::vector<std::string> row = {p + (m.empty() ? "" : " / " + m)};
        for (const auto &b : backends) {
            auto it = cell.find({p, m, b});
            if (it == cell.end()) {
                row.insert(row.end(), {"", "", ""});
                continue;
            }
            row.push_back(fmt_rate(it->second->compile_at_k));
            row.push_back(fmt_rate(it->second->correct_at_k));
            row.push_back(fmt_rate(at_or_nan(it->second->fast_at_k, 1.0)));
        }
        t.rows.push_back(row);
    }
    return t;
}

Table agents_table(const ReportData &d) {
    std::string k = std::to_string(d.options.k);
    Table t;
    t.title = "Agents at equal budget: LEKA vs direct vs iterative / external agents";
    t.header = {"backend", "producer / model", "budget caps", "samples", "Correct@" + k, "Fast@1.0", "Fast@1.0 confident",
                "Beat-naive@" + k, "speedup vs expert", "vs naive", "LLM calls / sample", "tokens / sample", "$ / sample",
                "compiles / sample"};
    std::map<std::string, std::set<std::string>> caps_per_backend;
    for (const MetricRow *m : d.rows("all")) {
        if (is_reference(m->producer)) continue;
        std::set<std::string> caps;
        double calls = 0, tokens = 0, cost = 0, compiles = 0;
        int n = 0, nc = 0;
        for (const auto &r : d.records) {
            if (r.producer != m->producer || r.model != m->model || r.backend != m->backend) continue;
            BudgetUse u = budget_use(r);
            caps.insert(u.caps.empty() ? "(none recorded)" : u.caps);
            n++;
            if (!std::isnan(u.llm_calls)) calls += u.llm_calls;
            if (!std::isnan(u.tokens)) tokens += u.tokens;
            if (!std::isnan(u.cost_usd)) cost += u.cost_usd;
            if (!std::isnan(u.compiles)) compiles += u.compiles, nc++;
        }
        std::string c;
        for (const auto &x : caps) c += (c.empty() ? "" : " | ") + x;
        caps_per_backend[m->backend].insert(c);
        t.rows.push_back({m->backend, m->producer + (m->model.empty() ? "" : " / " + m->model), c, std::to_string(m->samples),
                          fmt_rate(m->correct_at_k), fmt_rate(at_or_nan(m->fast_at_k, 1.0)),
                          fmt_rate(at_or_nan(m->confident_fast_at_k, 1.0)), fmt_rate(m->beat_naive_at_k),
                          fmt_speedup(m->geomean_speedup), fmt_speedup(m->geomean_over_naive),
                          n ? fmt_double(calls / n, 1) : "-", n ? fmt_double(tokens / n, 0) : "-",
                          n ? "$" + fmt_double(cost / n, 4) : "-", nc ? fmt_double(compiles / nc, 1) : "-"});
    }
    std::string note;
    for (const auto &[b, caps] : caps_per_backend) {
        note += (note.empty() ? "" : "; ") + b + (caps.size() <= 1 ? ": every producer ran under the same caps"
                                                                    : ": the caps DIFFER between producers — not an equal-budget comparison");
    }
    t.note = note.empty() ? "no producer besides the references (expert, naive)" : note;
    return t;
}

Table ablation_table(const ReportData &d) {
    Table t;
    t.title = "LEKA per-layer ablation (attributed from each sample's search: the speedup without a layer's accepted steps)";
    t.note = "credit: the layer's share of the sample's log-speedup gain; gain: the speedup its accepted steps contributed "
             "(from the trace); without: the final speedup over the expert divided by that gain, geomean over samples";
    t.header = {"producer / model / backend", "layer", "samples", "mean credit", "geomean gain", "speedup without the layer",
                "speedup with all layers"};
    struct Acc {
        int n = 0;
        double credit = 0, log_gain = 0, log_without = 0, log_final = 0;
        int n_gain = 0, n_final = 0;
    };
    std::map<std::pair<std::string, std::string>, Acc> acc;
    for (const auto &r : d.records) {
        if (r.layer_credit.empty()) continue;
        json credit = json::parse(r.layer_credit, nullptr, false);
        if (!credit.is_object()) continue;
        json gains;
        if (!r.trace.empty()) {
            try {
                json tr = json::parse(read_file(d.dir / r.trace), nullptr, false);
                if (tr.is_object() && tr.contains("final") && tr["final"].is_object() && tr["final"].contains("layer_gain")) {
                    gains = tr["final"]["layer_gain"];
                }
            } catch (const std::exception &) {
            }
        }
        std::string g = group_label(r.producer, r.model, r.backend);
        for (auto &[layer, v] : credit.items()) {
            if (!v.is_number()) continue;
            Acc &a = acc[{g, layer}];
            a.n++;
            a.credit += v.get<double>();
            bool counts = speedup_counts(r);
            if (counts) a.log_final += std::log(r.speedup), a.n_final++;
            if (gains.is_object() && gains.contains(layer) && gains[layer].is_number() && gains[layer].get<double>() > 0) {
                double gl = std::log(gains[layer].get<double>());
                a.log_gain += gl;
                a.n_gain++;
                if (counts) a.log_without += std::log(r.speedup) - gl;
            }
        }
    }
    for (const auto &[key, a] : acc) {
        t.rows.push_back({key.first, key.second, std::to_string(a.n), fmt_double(a.credit / a.n, 3),
                          a.n_gain ? fmt_speedup(std::exp(a.log_gain / a.n_gain)) : "-",
                          a.n_gain && a.n_final ? fmt_speedup(std::exp(a.log_without / a.n_final)) : "-",
                          a.n_final ? fmt_speedup(std::exp(a.log_final / a.n_final)) : "-"});
    }
    return t;
}

Table slice_table(const ReportData &d, const std::string &prefix) {
    std::string what = prefix == "tier " ? "tier" : "domain";
    std::string k = std::to_string(d.options.k);
    Table t;
    t.title = "Per " + what;
    t.header = {"producer / model / backend", what, "tasks", "samples", "Compile@" + k, "Correct@" + k, "Fast@1.0",
                "Fast@1.0 confident", "Beat-naive@" + k, "geomean speedup"};
    for (const MetricRow *m : d.rows(prefix)) {
        t.rows.push_back({group_label(m->producer, m->model, m->backend), m->slice.substr(prefix.size()),
                          std::to_string(m->tasks), std::to_string(m->samples), fmt_rate(m->compile_at_k),
                          fmt_rate(m->correct_at_k), fmt_rate(at_or_nan(m->fast_at_k, 1.0)),
                          fmt_rate(at_or_nan(m->confident_fast_at_k, 1.0)), fmt_rate(m->beat_naive_at_k),
                          fmt_speedup(m->geomean_speedup)});
    }
    return t;
}

Table speedup_distribution_table(const ReportData &d) {
    Table t;
    t.title = "Speedup over the expert per tier (correct, timed samples)";
    t.header = {"producer / model / backend", "tier", "n", "p10", "median", "p90", "max"};
    std::map<std::pair<std::string, std::string>, std::vector<double>> v;
    for (const auto &r : d.records) {
        if (speedup_counts(r)) v[{group_label(r.producer, r.model, r.backend), r.tier}].push_back(r.speedup);
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
        if (speedup_counts(r) && (std::isnan(c.best) || r.speedup > c.best)) c.best = r.speedup;
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
    t.header = {"backend", "producer / model", "sample", "status", "speedup", "95% CI", "vs naive", "95% CI",
                "vs PyTorch eager", "kernel", "expert", "failure"};
    for (const auto &r : d.records) {
        if (r.task_id != task_id) continue;
        const NaiveSpeedup *ns = d.naive_speedup(r);
        std::string status = r.status, why = suspect_reason(r);
        if (r.correct && !why.empty()) status += " (suspect: " + clip_line(why, 60) + ")";
        if (fails_only_heldout(r)) status += " (wrong only on held-out)";
        t.rows.push_back({r.backend, r.producer + (r.model.empty() ? "" : " / " + r.model), std::to_string(r.sample),
                          status, fmt_speedup(r.speedup), ci(r.speedup_ci_lo, r.speedup_ci_hi),
                          ns ? fmt_speedup(ns->value) : "-", ns ? ci(ns->lo, ns->hi) : "-",
                          fmt_speedup(d.speedup_vs_eager(r)), fmt_seconds(r.kernel_median_s),
                          fmt_seconds(r.expert_median_s), r.failure_code.empty() ? "" : r.failure_stage + "/" + r.failure_code});
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
