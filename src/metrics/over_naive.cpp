#include "metrics/over_naive.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "measure/stats.h"
#include "metrics/suspect.h"

namespace ekb {

using nlohmann::json;

namespace {

struct Times {
    std::vector<double> self, expert;  // per-call seconds; expert empty when not timed
};

// Per instance name: the record's own and its expert's raw times.
std::map<std::string, Times> instance_times(const ResultRecord &r) {
    std::map<std::string, Times> out;
    json insts = r.instances.empty() ? json() : json::parse(r.instances, nullptr, false);
    if (!insts.is_array()) return out;
    auto samples = [](const json &t, const char *side) {
        std::vector<double> v;
        if (!t.contains(side) || !t[side].is_object() || !t[side].contains("samples_s")) return v;
        for (const auto &x : t[side]["samples_s"]) {
            if (x.is_number() && x.get<double>() > 0) v.push_back(x.get<double>());
        }
        return v;
    };
    for (const auto &in : insts) {
        if (!in.is_object() || !in.contains("timing") || !in["timing"].is_object()) continue;
        Times t{samples(in["timing"], "candidate"), samples(in["timing"], "expert")};
        if (!t.self.empty()) out[in.value("name", "")] = std::move(t);
    }
    return out;
}

double resampled_median(const std::vector<double> &v, std::mt19937_64 &rng, std::vector<double> &scratch) {
    std::uniform_int_distribution<size_t> pick(0, v.size() - 1);
    scratch.resize(v.size());
    for (double &x : scratch) x = v[pick(rng)];
    size_t mid = scratch.size() / 2;
    std::nth_element(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(mid), scratch.end());
    double m = scratch[mid];
    if (scratch.size() % 2 == 0) m = (m + *std::max_element(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(mid))) / 2;
    return m;
}

}  // namespace

NaiveSpeedup speedup_over_naive(const ResultRecord &cand, const ResultRecord &naive, int resamples, uint64_t seed) {
    NaiveSpeedup s;
    auto ct = instance_times(cand), nt = instance_times(naive);
    // Per common instance: the four sets (candidate, its expert, naive, its expert).
    std::vector<const Times *> cs, ns;
    bool anchored = true;
    for (const auto &[name, t] : ct) {
        auto it = nt.find(name);
        if (it == nt.end()) continue;
        cs.push_back(&t);
        ns.push_back(&it->second);
        if (t.expert.empty() || it->second.expert.empty()) anchored = false;
    }
    if (cs.empty()) {
        s.why = "no instance timed in both the record and the naive record";
        return s;
    }
    s.instances = static_cast<int>(cs.size());
    s.anchored = anchored;
    auto ratio_log = [&](auto &&med, size_t i) {
        double r = std::log(med(ns[i]->self)) - std::log(med(cs[i]->self));
        if (anchored) r += std::log(med(cs[i]->expert)) - std::log(med(ns[i]->expert));
        return r;
    };
    double sum = 0;
    for (size_t i = 0; i < cs.size(); i++) sum += ratio_log([](const std::vector<double> &v) { return median(v); }, i);
    s.value = std::exp(sum / double(cs.size()));
    std::mt19937_64 rng(seed);
    std::vector<double> scratch, stats;
    stats.reserve(static_cast<size_t>(std::max(resamples, 1)));
    for (int k = 0; k < resamples; k++) {
        double ls = 0;
        for (size_t i = 0; i < cs.size(); i++) {
            ls += ratio_log([&](const std::vector<double> &v) { return resampled_median(v, rng, scratch); }, i);
        }
        stats.push_back(std::exp(ls / double(cs.size())));
    }
    if (!stats.empty()) {
        s.lo = quantile(stats, 0.025);
        s.hi = quantile(stats, 0.975);
    }
    return s;
}

std::map<std::string, NaiveSpeedup> speedups_over_naive(const std::vector<ResultRecord> &records, int resamples,
                                                        uint64_t seed) {
    // The reference per (task, backend): the naive producer's lowest sample that counts.
    std::map<std::pair<std::string, std::string>, const ResultRecord *> ref;
    std::map<std::pair<std::string, std::string>, bool> naive_ran;
    for (const auto &r : records) {
        if (r.producer != "naive") continue;
        naive_ran[{r.task_id, r.backend}] = true;
        if (!speedup_counts(r)) continue;
        const ResultRecord *&cur = ref[{r.task_id, r.backend}];
        if (!cur || r.sample < cur->sample) cur = &r;
    }
    std::map<std::string, NaiveSpeedup> out;
    uint64_t i = 0;
    for (const auto &r : records) {
        NaiveSpeedup &s = out[r.record_key];
        i++;
        auto it = ref.find({r.task_id, r.backend});
        s.reference = it != ref.end();
        if (!speedup_counts(r)) {
            s.why = r.correct && !suspect_reason(r).empty() ? "suspect time" : "not correct and timed";
            continue;
        }
        if (it == ref.end()) {
            s.why = naive_ran.count({r.task_id, r.backend}) ? "the naive kernel was not correctly timed on " + r.backend
                                                            : "no naive producer ran for " + r.task_id + " on " + r.backend;
            continue;
        }
        if (it->second == &r) {  // the reference itself
            s.value = s.lo = s.hi = 1.0;
            s.instances = 0;
            continue;
        }
        s = speedup_over_naive(r, *it->second, resamples, seed + i);
        s.reference = true;
    }
    return out;
}

}  // namespace ekb
