#include "report/report.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "cli/table.h"
#include "report/svg.h"
#include "report/tables.h"

namespace ekb {

using nlohmann::json;

namespace {

std::string header_lines(const ReportData &d) {
    std::string s = "experiment " + d.name + " (" + d.dir.string() + "): " + std::to_string(d.records.size()) + " records";
    if (d.experiment.contains("created_at")) s += ", created " + d.experiment["created_at"].get<std::string>();
    s += "\n";
    if (d.experiment.contains("settings")) s += "settings: " + d.experiment["settings"].dump() + "\n";
    std::set<std::string> devices;
    for (const auto &r : d.records) {
        try {
            json env = json::parse(r.environment.empty() ? "{}" : r.environment);
            if (env.contains("device") && env["device"].contains("device")) {
                devices.insert(r.backend + ": " + env["device"]["device"].get<std::string>());
            }
        } catch (const json::exception &) {
        }
    }
    for (const auto &dv : devices) s += "device " + dv + "\n";
    for (const auto &n : d.notes) s += "note: " + n + "\n";
    return s;
}

std::vector<std::string> task_ids(const ReportData &d) {
    std::set<std::string> ids;
    for (const auto &r : d.records) ids.insert(r.task_id);
    return {ids.begin(), ids.end()};
}

bool has_layer_credit(const ReportData &d) {
    return std::any_of(d.records.begin(), d.records.end(), [](const ResultRecord &r) { return !r.layer_credit.empty(); });
}

const char *k_css = R"(body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:13px}th,td{border:1px solid #ccc;padding:3px 8px;text-align:left}
th{background:#f3f3f3}p.note{color:#666;font-size:12px;margin:.2em 0}pre{background:#f7f7f7;padding:8px;overflow:auto;font-size:12px;max-height:480px}
details{margin:.3em 0}summary{cursor:pointer}.charts svg{margin:0 1em 1em 0;border:1px solid #eee}
.ok{color:#2ca02c}.bad{color:#d62728})";

}  // namespace

std::string render_terminal(const ReportData &d) {
    std::string s = header_lines(d) + "\n" + summary_table(d).text() + "\n" + fast_p_table(d).text();
    Table tiers = slice_table(d, "tier ");
    if (tiers.rows.size() > d.rows("all").size()) s += "\n" + tiers.text();
    return s;
}

std::string render_markdown(const ReportData &d) {
    std::string s = "# EdgeKernelBench report: " + d.name + "\n\n```\n" + header_lines(d) + "```\n\n";
    s += summary_table(d).markdown() + "\n" + fast_p_table(d).markdown() + "\n";
    s += slice_table(d, "tier ").markdown() + "\n" + slice_table(d, "domain ").markdown() + "\n";
    s += speedup_distribution_table(d).markdown() + "\n";
    if (has_layer_credit(d)) s += layer_credit_table(d).markdown() + "\n";
    s += portability_table(d).markdown() + "\n" + failures_table(d).markdown() + "\n";
    s += "## Per task\n\n";
    for (const auto &id : task_ids(d)) {
        Table t = task_table(d, id);
        t.title = id;
        s += t.markdown() + "\n";
    }
    return s;
}

std::string render_html(const ReportData &d) {
    std::string h = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>EdgeKernelBench report: " +
                    svg::escape(d.name) + "</title><style>" + k_css + "</style></head><body>";
    h += "<h1>EdgeKernelBench report: " + svg::escape(d.name) + "</h1><pre>" + svg::escape(header_lines(d)) + "</pre>";
    h += "<h2>Summary</h2>" + summary_table(d).html();

    // Fast@p curves.
    std::vector<svg::Series> curves;
    for (const MetricRow *m : d.rows("all")) {
        svg::Series se{group_label(m->producer, m->model, m->backend), {}};
        for (auto [p, v] : m->fast_at_k) {
            if (!std::isnan(v)) se.points.push_back({p, v});
        }
        curves.push_back(se);
    }
    h += "<h2>Fast@p</h2><div class=\"charts\">" +
         svg::line_chart("Fast@p, pass@" + std::to_string(d.options.k), svg::Axis{"p (speedup threshold over the expert)", 0, 2},
                         svg::Axis{"Fast@p", 0, 1}, curves) +
         "</div>" + fast_p_table(d).html();

    // Speedup distributions per tier, one chart per group.
    h += "<h2>Speedup distributions per tier</h2><div class=\"charts\">";
    std::map<std::string, std::map<std::string, std::vector<double>>> dist;
    double lo = 1, hi = 1;
    for (const auto &r : d.records) {
        if (!r.correct || std::isnan(r.speedup) || r.speedup <= 0) continue;
        dist[group_label(r.producer, r.model, r.backend)][r.tier].push_back(r.speedup);
        lo = std::min(lo, r.speedup);
        hi = std::max(hi, r.speedup);
    }
    for (auto &[g, tiers] : dist) {
        std::vector<std::pair<std::string, std::vector<double>>> cats(tiers.begin(), tiers.end());
        h += svg::box_chart(g, svg::Axis{"speedup over the expert (log)", std::pow(10, std::floor(std::log10(lo))),
                                         std::pow(10, std::ceil(std::log10(hi * 1.0001))), true},
                            cats, 1.0);
    }
    h += "</div>" + speedup_distribution_table(d).html();

    // Roofline per backend with known peaks.
    h += "<h2>Roofline</h2>";
    bool any_roof = false;
    if (d.suite) {
        for (auto &[backend, peaks] : d.options.peaks) {
            std::map<std::string, svg::Series> by_group;
            for (const auto &r : d.records) {
                if (r.backend != backend || !r.correct) continue;
                const Task *task = d.suite->find(r.task_id);
                if (!task) continue;
                std::string g = group_label(r.producer, r.model, r.backend);
                by_group[g].name = g;
                for (const auto &p : roofline_points(r, *task)) by_group[g].points.push_back({p.intensity, p.gflops});
            }
            std::vector<svg::Series> series;
            for (auto &[g, se] : by_group) series.push_back(se);
            if (series.empty()) continue;
            any_roof = true;
            h += "<div class=\"charts\">" + svg::roofline_chart("Roofline: " + backend, peaks.gflops, peaks.gbps, series) + "</div>";
        }
    }
    if (!any_roof) h += "<p class=\"note\">No roofline: the device's peaks are not known (put {\"&lt;backend&gt;\": {\"gflops\": G, \"gbps\": B}} in peaks.json in the experiment folder or pass --peaks).</p>";

    if (has_layer_credit(d)) {
        h += "<h2>LEKA per-layer credit</h2>" + layer_credit_table(d).html();
    }
    h += "<h2>Per tier and domain</h2>" + slice_table(d, "tier ").html() + slice_table(d, "domain ").html();
    h += "<h2>Portability</h2>" + portability_table(d).html();
    h += "<h2>Failures</h2>" + failures_table(d).html();

    // Per-task drill-down.
    h += "<h2>Per task</h2>";
    for (const auto &id : task_ids(d)) {
        int n = 0, ok = 0;
        for (const auto &r : d.records) {
            if (r.task_id == id) n++, ok += r.correct;
        }
        h += "<details><summary><b>" + svg::escape(id) + "</b> — " + std::to_string(ok) + "/" + std::to_string(n) +
             " correct</summary>" + task_table(d, id).html();
        for (const auto &r : d.records) {
            if (r.task_id != id) continue;
            std::string title = r.backend + " · " + r.producer + (r.model.empty() ? "" : " / " + r.model) + " · #" +
                                std::to_string(r.sample) + " · " + r.status;
            h += "<details><summary>" + svg::escape(title) + "</summary>";
            if (!r.failure_message.empty()) {
                h += "<p class=\"bad\">" + svg::escape(r.failure_stage + "/" + r.failure_code) +
                     (r.failure_instance.empty() ? "" : " on " + svg::escape(r.failure_instance)) + "</p><pre>" +
                     svg::escape(r.failure_message) + "</pre>";
            }
            if (!r.instances.empty()) {
                Table it;
                it.header = {"instance", "split", "correct", "kernel median", "expert median", "speedup"};
                try {
                    for (const auto &ij : json::parse(r.instances)) {
                        std::string km = "-", em = "-", sp = "-";
                        if (ij.contains("timing")) {
                            const auto &t = ij["timing"];
                            km = fmt_seconds(t["candidate"].value("median_s", NAN));
                            if (t.contains("expert")) em = fmt_seconds(t["expert"].value("median_s", NAN));
                            if (t.contains("speedup") && t["speedup"].is_number()) sp = fmt_speedup(t["speedup"].get<double>());
                        }
                        it.rows.push_back({ij.value("name", ""), ij.value("heldout", false) ? "held-out" : "visible",
                                           ij.value("correct", false) ? "yes" : "no", km, em, sp});
                    }
                } catch (const json::exception &) {
                }
                h += it.html();
            }
            std::string src = d.kernel_source(r);
            if (!src.empty()) h += "<details><summary>kernel " + svg::escape(r.kernel_name) + "</summary><pre>" + svg::escape(src) + "</pre></details>";
            if (!r.loop_nest.empty()) h += "<details><summary>loop nest</summary><pre>" + svg::escape(r.loop_nest) + "</pre></details>";
            h += "</details>";
        }
        h += "</details>";
    }
    return h + "<p class=\"note\">Generated by ekb report.</p></body></html>\n";
}

Comparison compare_reports(const ReportData &a, const ReportData &b) {
    Comparison c;
    // Side by side: the summary rows of both.
    Table side;
    side.title = "Summary: " + a.name + " vs " + b.name;
    std::string k = std::to_string(a.options.k);
    side.header = {"experiment", "producer / model / backend", "tasks", "samples", "Compile@" + k, "Correct@" + k,
                   "Fast@1.0", "geomean speedup"};
    for (const ReportData *d : {&a, &b}) {
        for (const MetricRow *m : d->rows("all")) {
            double f1 = m->fast_at_k.count(1.0) ? m->fast_at_k.at(1.0) : NAN;
            side.rows.push_back({d->name, group_label(m->producer, m->model, m->backend), std::to_string(m->tasks),
                                 std::to_string(m->samples), fmt_rate(m->compile_at_k), fmt_rate(m->correct_at_k),
                                 fmt_rate(f1), fmt_speedup(m->geomean_speedup)});
        }
    }
    // Per task and backend: the best correct speedup on each side.
    struct Best {
        int n = 0, correct = 0;
        double best = NAN;
    };
    auto bests = [](const ReportData &d) {
        std::map<std::pair<std::string, std::string>, Best> m;
        for (const auto &r : d.records) {
            Best &x = m[{r.task_id, r.backend}];
            x.n++;
            x.correct += r.correct;
            if (r.correct && !std::isnan(r.speedup) && (std::isnan(x.best) || r.speedup > x.best)) x.best = r.speedup;
        }
        return m;
    };
    auto ba = bests(a), bb = bests(b);
    Table per;
    per.title = "Per task: " + a.name + " vs " + b.name;
    per.note = "win: correct where the other is not, or a best speedup at least 5% higher";
    per.header = {"task", "backend", a.name + " correct", a.name + " best", b.name + " correct", b.name + " best", "outcome"};
    for (const auto &[key, x] : ba) {
        auto it = bb.find(key);
        if (it == bb.end()) continue;
        const Best &y = it->second;
        std::string outcome = "tie";
        bool xc = x.correct > 0, yc = y.correct > 0;
        if (xc && !yc) outcome = "win";
        else if (!xc && yc) outcome = "loss";
        else if (xc && yc && !std::isnan(x.best) && !std::isnan(y.best)) {
            if (x.best >= y.best * 1.05) outcome = "win";
            else if (y.best >= x.best * 1.05) outcome = "loss";
        }
        c.wins += outcome == "win";
        c.losses += outcome == "loss";
        c.ties += outcome == "tie";
        per.rows.push_back({key.first, key.second, std::to_string(x.correct) + "/" + std::to_string(x.n), fmt_speedup(x.best),
                            std::to_string(y.correct) + "/" + std::to_string(y.n), fmt_speedup(y.best), outcome});
    }
    std::string tally = a.name + " vs " + b.name + ": " + std::to_string(c.wins) + " wins, " + std::to_string(c.losses) +
                        " losses, " + std::to_string(c.ties) + " ties (over task x backend pairs in both)";
    c.text = side.text() + "\n" + per.text() + tally + "\n";
    c.markdown = "# EdgeKernelBench comparison: " + a.name + " vs " + b.name + "\n\n" + side.markdown() + "\n" +
                 per.markdown() + "\n" + tally + "\n";
    std::vector<svg::Series> curves;
    for (const ReportData *d : {&a, &b}) {
        for (const MetricRow *m : d->rows("all")) {
            svg::Series se{d->name + ": " + group_label(m->producer, m->model, m->backend), {}};
            for (auto [p, v] : m->fast_at_k) {
                if (!std::isnan(v)) se.points.push_back({p, v});
            }
            curves.push_back(se);
        }
    }
    c.html = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + svg::escape(a.name + " vs " + b.name) +
             "</title><style>" + k_css + "</style></head><body><h1>" + svg::escape(a.name + " vs " + b.name) + "</h1>" +
             side.html() + "<div class=\"charts\">" +
             svg::line_chart("Fast@p", svg::Axis{"p", 0, 2}, svg::Axis{"Fast@p", 0, 1}, curves) + "</div>" + per.html() +
             "<p>" + svg::escape(tally) + "</p></body></html>\n";
    return c;
}

}  // namespace ekb
