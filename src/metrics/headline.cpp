#include "metrics/headline.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>

#include "measure/stats.h"
#include "metrics/suspect.h"

namespace ekb {

namespace {

std::string fmt(double v) {
    char b[32];
    std::snprintf(b, sizeof(b), "%.3f", v);
    return b;
}

std::string ci_text(double lo, double hi) {
    if (std::isnan(lo)) return "no CI from one task";
    return "95% CI " + fmt(lo) + ", " + fmt(hi);
}

std::string label(const HeadlineEntry &e) { return e.producer + (e.model.empty() ? "" : " / " + e.model); }

bool is_reference(const std::string &producer) { return producer == "expert" || producer == "naive"; }

// exp(mean(xs)) with a bootstrap CI over the entries of xs (logs).
void mean_log_ci(const std::vector<double> &logs, int resamples, uint64_t seed, double &v, double &lo, double &hi) {
    v = lo = hi = NAN;
    if (logs.empty()) return;
    double s = 0;
    for (double l : logs) s += l;
    v = std::exp(s / double(logs.size()));
    if (logs.size() < 2) return;  // one task: no spread to resample, no CI
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<size_t> pick(0, logs.size() - 1);
    std::vector<double> means;
    for (int r = 0; r < resamples; r++) {
        double t = 0;
        for (size_t i = 0; i < logs.size(); i++) t += logs[pick(rng)];
        means.push_back(t / double(logs.size()));
    }
    if (means.empty()) return;
    lo = std::exp(quantile(means, 0.025));
    hi = std::exp(quantile(means, 0.975));
}

}  // namespace

std::vector<Headline> compute_headlines(const std::vector<ResultRecord> &records, int resamples, uint64_t seed) {
    // The naive kernel's speedup over the expert per (task, backend): its lowest counted sample.
    std::map<std::pair<std::string, std::string>, std::pair<int64_t, double>> naive;
    for (const auto &r : records) {
        if (r.producer != "naive" || !speedup_counts(r)) continue;
        auto it = naive.find({r.task_id, r.backend});
        if (it == naive.end() || r.sample < it->second.first) naive[{r.task_id, r.backend}] = {r.sample, r.speedup};
    }
    // backend -> (producer, model) -> task -> logs of deployed speedups.
    std::map<std::string, std::map<std::pair<std::string, std::string>, std::map<std::string, std::vector<double>>>> logs;
    std::map<std::string, bool> fallback_everywhere;
    std::set<std::string> backends;
    for (const auto &r : records) {
        backends.insert(r.backend);
        if (is_reference(r.producer)) continue;
        auto &per_task = logs[r.backend][{r.producer, r.model}];
        if (!fallback_everywhere.count(r.backend)) fallback_everywhere[r.backend] = true;
        auto nit = naive.find({r.task_id, r.backend});
        if (nit == naive.end()) fallback_everywhere[r.backend] = false;
        if (speedup_counts(r)) per_task[r.task_id].push_back(std::log(r.speedup));
        else if (nit != naive.end()) per_task[r.task_id].push_back(std::log(nit->second.second));
        else per_task[r.task_id];  // attempted, nothing to score
    }
    std::vector<Headline> out;
    for (const auto &backend : backends) {
        Headline h;
        h.backend = backend;
        auto bit = logs.find(backend);
        if (bit == logs.end()) {
            h.text = backend + ": only the references (expert, naive) ran; no producer to rank";
            out.push_back(h);
            continue;
        }
        h.naive_fallback = fallback_everywhere[backend];
        // Per producer: per-task mean logs, then the score over tasks.
        std::map<std::pair<std::string, std::string>, std::map<std::string, double>> task_score;
        for (const auto &[who, per_task] : bit->second) {
            HeadlineEntry e{who.first, who.second};
            std::vector<double> tl;
            for (const auto &[task, ls] : per_task) {
                if (ls.empty()) continue;
                double m = 0;
                for (double l : ls) m += l;
                task_score[who][task] = m / double(ls.size());
                tl.push_back(m / double(ls.size()));
            }
            e.tasks = static_cast<int>(tl.size());
            mean_log_ci(tl, resamples, seed, e.score, e.lo, e.hi);
            h.ranked.push_back(e);
        }
        std::stable_sort(h.ranked.begin(), h.ranked.end(), [](const HeadlineEntry &a, const HeadlineEntry &b) {
            if (std::isnan(a.score) != std::isnan(b.score)) return !std::isnan(a.score);
            return a.score > b.score;
        });
        const HeadlineEntry &w = h.ranked.front();
        std::string basis = h.naive_fallback ? "a failed sample counts at the naive kernel's speed"
                                             : "no naive reference on some tasks: those are scored over correct samples only";
        if (std::isnan(w.score)) {
            h.text = backend + ": no producer has a correct, timed sample";
        } else if (h.ranked.size() == 1 || std::isnan(h.ranked[1].score)) {
            h.text = backend + ": " + label(w) + " reaches " + fmt(w.score) + "x the expert [" + ci_text(w.lo, w.hi) + "] over " +
                     std::to_string(w.tasks) + " tasks (" + basis + ")";
        } else {
            const HeadlineEntry &r = h.ranked[1];
            const auto &a = task_score[{w.producer, w.model}], &b = task_score[{r.producer, r.model}];
            std::vector<double> diffs;
            for (const auto &[task, la] : a) {
                auto it = b.find(task);
                if (it != b.end()) diffs.push_back(la - it->second);
            }
            h.common_tasks = static_cast<int>(diffs.size());
            mean_log_ci(diffs, resamples, seed + 1, h.lead, h.lead_lo, h.lead_hi);
            std::string lead = std::isnan(h.lead) ? "no task in common with " + label(r)
                                                  : fmt(h.lead) + "x " + label(r) + " [" + ci_text(h.lead_lo, h.lead_hi) +
                                                        "] over " + std::to_string(h.common_tasks) + " common task" +
                                                        (h.common_tasks == 1 ? "" : "s");
            bool clear = !std::isnan(h.lead_lo) && h.lead_lo > 1.0;
            std::string how = clear ? " wins: "
                              : std::isnan(h.lead_lo) ? " leads, not clearly (too few tasks for a CI): "
                                                      : " leads, not clearly (the lead's CI reaches 1): ";
            h.text = backend + ": " + label(w) + how + fmt(w.score) + "x the expert [" + ci_text(w.lo, w.hi) + "], " + lead +
                     " (" + basis + ")";
        }
        out.push_back(h);
    }
    return out;
}

}  // namespace ekb
