#include "report/report.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "cli/table.h"
#include "metrics/suspect.h"
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
.ok{color:#2ca02c}.bad{color:#d62728}pre.header{white-space:pre-wrap}ul.headline li{margin:.3em 0})";

// The record's cache levels (from its device description), smallest first: (name, bytes).
std::vector<std::pair<std::string, double>> cache_levels(const ResultRecord &r) {
    std::vector<std::pair<std::string, double>> out;
    json env = json::parse(r.environment.empty() ? "{}" : r.environment, nullptr, false);
    if (!env.is_object() || !env.contains("device") || !env["device"].is_object()) return out;
    const json &dev = env["device"];
    if (dev.contains("cpu_caches") && dev["cpu_caches"].is_object()) {
        for (auto &[name, c] : dev["cpu_caches"].items()) {
            if (name == "L1i" || !c.is_object() || !c.contains("bytes") || !c["bytes"].is_number()) continue;
            out.push_back({name, c["bytes"].get<double>()});
        }
    }
    for (const char *k : {"global_mem_cache_bytes", "l2_cache_bytes"}) {
        if (dev.contains(k) && dev[k].is_number()) out.push_back({k, dev[k].get<double>()});
    }
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.second < b.second; });
    return out;
}

std::string bytes_text(double b) {
    char buf[48];
    if (b >= 1 << 20) std::snprintf(buf, sizeof(buf), "%.1f MiB", b / (1 << 20));
    else if (b >= 1 << 10) std::snprintf(buf, sizeof(buf), "%.1f KiB", b / (1 << 10));
    else std::snprintf(buf, sizeof(buf), "%.0f B", b);
    return buf;
}

struct RoofPoint {
    std::string group, label, why;  // why: set when the point lies above the roof
    double intensity = 0, gflops = 0;
};

// Every roofline point of a backend, titled with its task and instance; a point above the
// roof says why (its bytes fit in a cache level, so DRAM bandwidth does not bound it; or,
// when they do not fit, that the peaks look too low).
std::vector<RoofPoint> roof_points(const ReportData &d, const std::string &backend, const DevicePeaks &peaks) {
    std::vector<RoofPoint> out;
    if (!d.suite) return out;
    for (const auto &r : d.records) {
        if (r.backend != backend || !speedup_counts(r)) continue;
        const Task *task = d.suite->find(r.task_id);
        if (!task) continue;
        std::string g = group_label(r.producer, r.model, r.backend);
        for (const auto &p : roofline_points(r, *task)) {
            RoofPoint rp{g, "", "", p.intensity, p.gflops};
            double roof = std::min(peaks.gflops, p.intensity * peaks.gbps);
            rp.label = p.task + " / " + p.instance + " · " + r.producer + (r.model.empty() ? "" : " / " + r.model) + " #" +
                       std::to_string(r.sample) + ": " + fmt_double(p.intensity, 3) + " FLOP/byte, " + fmt_double(p.gflops, 1) +
                       " GFLOP/s (" + fmt_pct(p.gflops / roof) + " of the roof)";
            if (p.gflops > roof) {
                const Instance *inst = task->find_instance(p.instance);
                double bytes = inst ? task->bytes(*inst) : NAN;
                std::string fit;
                for (const auto &[name, cb] : cache_levels(r)) {
                    if (bytes <= cb) {
                        fit = name + " (" + bytes_text(cb) + ")";
                        break;
                    }
                }
                bool memory_bound_roof = p.intensity * peaks.gbps < peaks.gflops;
                if (!fit.empty() && memory_bound_roof) {
                    rp.why = "cache-resident: its " + bytes_text(bytes) + " fit in " + fit +
                             ", so it streams from cache, not from memory: the memory roof (" + fmt_double(peaks.gbps, 1) +
                             " GB/s) does not bound it";
                } else if (!fit.empty()) {
                    rp.why = "its " + bytes_text(bytes) + " fit in " + fit + ", but the point is above the compute peak (" +
                             fmt_double(peaks.gflops, 1) + " GFLOP/s): the probe's compute peak is below what the machine reaches";
                } else {
                    rp.why = "its " + bytes_text(bytes) + " do not fit in any cache level: the probe's peaks (" +
                             fmt_double(peaks.gflops, 1) + " GFLOP/s, " + fmt_double(peaks.gbps, 1) +
                             " GB/s) are below what the machine reaches";
                }
                rp.label += " — above the roof: " + rp.why;
            }
            out.push_back(rp);
        }
    }
    return out;
}

Table above_roof_table(const ReportData &d) {
    Table t;
    t.title = "Points above the roofline, and why";
    t.header = {"backend", "point", "why"};
    for (auto &[backend, peaks] : d.options.peaks) {
        for (const auto &p : roof_points(d, backend, peaks)) {
            if (!p.why.empty()) t.rows.push_back({backend, p.label.substr(0, p.label.find(" — ")), p.why});
        }
    }
    return t;
}

std::string headline_block(const ReportData &d) {
    std::string s = "Verdict (geomean deployed speedup over the expert per producer; the lead over the runner-up with a "
                    "bootstrap 95% CI over tasks):\n";
    for (const auto &h : d.headlines) s += "  " + h.text + "\n";
    for (const MetricRow *m : d.rows("all")) {
        if (m->heldout_only_failures > 0) {
            s += "  warning: " + group_label(m->producer, m->model, m->backend) + " has " +
                 std::to_string(m->heldout_only_failures) +
                 " samples wrong only on held-out instances (correct on every shape it was shown)\n";
        }
    }
    return s;
}

}  // namespace

std::string render_terminal(const ReportData &d) {
    std::string s = header_lines(d) + "\n" + headline_block(d) + "\n" + summary_table(d).text() + "\n" +
                    fast_p_table(d).text() + "\n" + fast_p_table(d, true).text();
    Table budget = budget_table(d), stops = stop_reason_table(d), held = heldout_only_table(d);
    s += "\n" + budget.text();
    if (!stops.rows.empty()) s += "\n" + stops.text();
    if (!held.rows.empty()) s += "\n" + held.text();
    Table tiers = slice_table(d, "tier ");
    if (tiers.rows.size() > d.rows("all").size()) s += "\n" + tiers.text();
    return s;
}

PaperView render_paper(const ReportData &d) {
    PaperView v;
    Table t2 = paper_table(d), agents = agents_table(d), abl = ablation_table(d);
    std::string head = "Verdict:\n" + headline_text(d);
    v.text = t2.text() + "\n" + agents.text() + "\n" + (abl.rows.empty() ? "" : abl.text() + "\n") + head;
    v.markdown = "# EdgeKernelBench, paper view: " + d.name + "\n\n" + t2.markdown() + "\n" + agents.markdown() + "\n" +
                 (abl.rows.empty() ? "(no per-layer credit: no LEKA records)\n" : abl.markdown()) + "\n## Verdict\n\n";
    for (const auto &h : d.headlines) v.markdown += "- " + h.text + "\n";
    v.html = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>EdgeKernelBench paper view: " +
             svg::escape(d.name) + "</title><style>" + k_css + "</style></head><body><h1>EdgeKernelBench, paper view: " +
             svg::escape(d.name) + "</h1><section id=\"table2\">" + t2.html() + "</section><section id=\"agents\">" +
             agents.html() + "</section><section id=\"ablation\">" +
             (abl.rows.empty() ? "<p class=\"note\">No per-layer credit: no LEKA records.</p>" : abl.html()) +
             "</section><section id=\"verdict\"><h2>Verdict</h2><ul>";
    for (const auto &h : d.headlines) v.html += "<li>" + svg::escape(h.text) + "</li>";
    v.html += "</ul></section></body></html>\n";
    return v;
}

nlohmann::json render_json(const ReportData &d) {
    auto num = [](double v) { return std::isnan(v) ? json() : json(v); };
    json rows = json::array();
    for (const auto &m : d.metrics) {
        json f = json::object(), cf = json::object();
        for (auto [p, v] : m.fast_at_k) f[fmt_double(p, 1)] = num(v);
        for (auto [p, v] : m.confident_fast_at_k) cf[fmt_double(p, 1)] = num(v);
        rows.push_back({{"producer", m.producer}, {"model", m.model}, {"backend", m.backend}, {"slice", m.slice},
                        {"tasks", m.tasks}, {"samples", m.samples}, {"k", m.k}, {"compile_at_k", num(m.compile_at_k)},
                        {"correct_at_k", num(m.correct_at_k)}, {"fast_at_k", f}, {"confident_fast_at_k", cf},
                        {"beat_naive_at_k", num(m.beat_naive_at_k)}, {"naive_tasks", m.naive_tasks},
                        {"naive_samples", m.naive_samples}, {"beat_naive_samples", m.beat_naive_samples},
                        {"geomean_speedup", num(m.geomean_speedup)}, {"ci", {num(m.ci_lo), num(m.ci_hi)}},
                        {"geomean_over_naive", num(m.geomean_over_naive)},
                        {"over_naive_ci", {num(m.over_naive_lo), num(m.over_naive_hi)}},
                        {"suspect_samples", m.suspect_samples}, {"heldout_only_failures", m.heldout_only_failures},
                        {"timed_samples", m.timed_samples}, {"correct_samples", m.correct_samples}});
    }
    json heads = json::array();
    for (const auto &h : d.headlines) {
        json ranked = json::array();
        for (const auto &e : h.ranked) {
            ranked.push_back({{"producer", e.producer}, {"model", e.model}, {"score", num(e.score)}, {"ci", {num(e.lo), num(e.hi)}},
                              {"tasks", e.tasks}});
        }
        heads.push_back({{"backend", h.backend}, {"text", h.text}, {"ranked", ranked}, {"lead", num(h.lead)},
                         {"lead_ci", {num(h.lead_lo), num(h.lead_hi)}}, {"common_tasks", h.common_tasks}});
    }
    json noise = json::object();
    for (const auto &[b, n] : d.options.noise) noise[b] = {{"samples", n.samples}, {"sigma_log", n.sigma}, {"bias_log", n.bias}};
    return {{"experiment", d.name}, {"records", d.records.size()}, {"metrics", rows}, {"headlines", heads},
            {"aa_noise", noise}, {"notes", d.notes}};
}

std::string render_markdown(const ReportData &d) {
    std::string s = "# EdgeKernelBench report: " + d.name + "\n\n```\n" + header_lines(d) + "```\n\n";
    s += "## Verdict\n\n```\n" + headline_block(d) + "```\n\n";
    s += summary_table(d).markdown() + "\n" + fast_p_table(d).markdown() + "\n" + fast_p_table(d, true).markdown() + "\n";
    s += budget_table(d).markdown() + "\n" + stop_reason_table(d).markdown() + "\n";
    if (Table held = heldout_only_table(d); !held.rows.empty()) s += held.markdown() + "\n";
    if (Table above = above_roof_table(d); !above.rows.empty()) s += above.markdown() + "\n";
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
    h += "<h1>EdgeKernelBench report: " + svg::escape(d.name) + "</h1><pre class=\"header\">" + svg::escape(header_lines(d)) + "</pre>";
    h += "<section id=\"verdict\"><h2>Verdict</h2><ul class=\"headline\">";
    for (const auto &hl : d.headlines) h += "<li><b>" + svg::escape(hl.text) + "</b></li>";
    for (const MetricRow *m : d.rows("all")) {
        if (m->heldout_only_failures > 0) {
            h += "<li class=\"bad\">" + svg::escape(group_label(m->producer, m->model, m->backend)) + ": " +
                 std::to_string(m->heldout_only_failures) + " samples wrong only on held-out instances</li>";
        }
    }
    h += "</ul><p class=\"note\">Per producer: the geomean over tasks of the deployed speedup over the expert (a failed "
         "sample counts at the naive kernel's speed where the naive producer ran); the lead is the ratio to the runner-up "
         "over the tasks both attempted, with a bootstrap 95% CI that resamples those tasks.</p></section>";
    h += "<h2>Summary</h2>" + summary_table(d).html();
    h += "<section id=\"budget\"><h2>Budget use and stop reasons</h2>" + budget_table(d).html() + stop_reason_table(d).html() +
         "</section>";
    if (Table held = heldout_only_table(d); !held.rows.empty()) h += held.html();

    // Fast@p curves.
    std::vector<svg::Series> curves;
    int group_index = 0;
    for (const MetricRow *m : d.rows("all")) {
        int gi = group_index++;
        for (bool confident : {false, true}) {
            svg::Series se{group_label(m->producer, m->model, m->backend) + (confident ? " (confident)" : ""), {}, {}, confident, gi};
            for (auto [p, v] : confident ? m->confident_fast_at_k : m->fast_at_k) {
                if (std::isnan(v)) continue;
                se.points.push_back({p, v});
                se.labels.push_back(se.name + ": " + (confident ? "confident " : "") + "Fast@" + fmt_double(p, 1) + " = " +
                                    fmt_rate(v));
            }
            curves.push_back(se);
        }
    }
    h += "<h2>Fast@p</h2><div class=\"charts\">" +
         svg::line_chart("Fast@p, pass@" + std::to_string(d.options.k), svg::Axis{"p (speedup threshold over the expert)", 0, 2},
                         svg::Axis{"Fast@p", 0, 1}, curves) +
         "</div>" + fast_p_table(d).html() + fast_p_table(d, true).html();

    // Speedup distributions per tier, one chart per group.
    h += "<h2>Speedup distributions per tier</h2><div class=\"charts\">";
    std::map<std::string, std::map<std::string, svg::Category>> dist;
    double lo = 1, hi = 1;
    for (const auto &r : d.records) {
        if (!speedup_counts(r)) continue;
        svg::Category &c = dist[group_label(r.producer, r.model, r.backend)][r.tier];
        c.name = r.tier;
        c.values.push_back(r.speedup);
        std::string insts;
        json ij = json::parse(r.instances.empty() ? "[]" : r.instances, nullptr, false);
        if (ij.is_array()) {
            for (const auto &in : ij) {
                if (in.is_object() && in.contains("timing")) insts += (insts.empty() ? "" : ", ") + in.value("name", std::string());
            }
        }
        c.labels.push_back(r.task_id + " #" + std::to_string(r.sample) + " (instances " + insts + "): " + fmt_speedup(r.speedup) +
                           " " + fmt_ci(r.speedup_ci_lo, r.speedup_ci_hi));
        lo = std::min(lo, r.speedup);
        hi = std::max(hi, r.speedup);
    }
    for (auto &[g, tiers] : dist) {
        std::vector<svg::Category> cats;
        for (auto &[tier, c] : tiers) cats.push_back(c);
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
            std::vector<std::string> above;
            for (const auto &p : roof_points(d, backend, peaks)) {
                svg::Series &se = by_group[p.group];
                se.name = p.group;
                se.points.push_back({p.intensity, p.gflops});
                se.labels.push_back(p.label);
                if (!p.why.empty()) above.push_back(p.label);
            }
            std::vector<svg::Series> series;
            for (auto &[g, se] : by_group) series.push_back(se);
            if (series.empty()) continue;
            any_roof = true;
            h += "<div class=\"charts\">" + svg::roofline_chart("Roofline: " + backend, peaks.gflops, peaks.gbps, series) + "</div>";
            if (!above.empty()) {
                h += "<p class=\"note\">" + std::to_string(above.size()) + " points lie above the roof:</p><ul class=\"above-roof\">";
                for (const auto &a : above) h += "<li>" + svg::escape(a) + "</li>";
                h += "</ul>";
            }
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
                   "Fast@1.0", "Fast@1.0 confident", "Beat-naive@" + k, "geomean speedup", "95% CI"};
    for (const ReportData *d : {&a, &b}) {
        for (const MetricRow *m : d->rows("all")) {
            double f1 = m->fast_at_k.count(1.0) ? m->fast_at_k.at(1.0) : NAN;
            double c1 = m->confident_fast_at_k.count(1.0) ? m->confident_fast_at_k.at(1.0) : NAN;
            side.rows.push_back({d->name, group_label(m->producer, m->model, m->backend), std::to_string(m->tasks),
                                 std::to_string(m->samples), fmt_rate(m->compile_at_k), fmt_rate(m->correct_at_k),
                                 fmt_rate(f1), fmt_rate(c1), fmt_rate(m->beat_naive_at_k), fmt_speedup(m->geomean_speedup),
                                 fmt_ci(m->ci_lo, m->ci_hi)});
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
            if (speedup_counts(r) && (std::isnan(x.best) || r.speedup > x.best)) x.best = r.speedup;
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
            svg::Series se{d->name + ": " + group_label(m->producer, m->model, m->backend), {}, {}, false, -1};
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
