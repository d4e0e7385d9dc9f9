#include "metrics/metrics.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <tuple>

#include "measure/stats.h"
#include "metrics/suspect.h"

namespace ekb {

using nlohmann::json;

double pass_at_k(int n, int c, int k) {
    if (n < 1 || c < 0 || c > n || k < 1 || k > n) {
        throw std::invalid_argument("pass@k needs 0 <= c <= n and 1 <= k <= n (n=" + std::to_string(n) +
                                    ", c=" + std::to_string(c) + ", k=" + std::to_string(k) + ")");
    }
    if (n - c < k) return 1.0;
    // 1 - prod_{i = n-c+1}^{n} (1 - k / i): numerically stable for large n.
    double miss = 1.0;
    for (int i = n - c + 1; i <= n; i++) miss *= 1.0 - double(k) / double(i);
    return 1.0 - miss;
}

const std::vector<double> &fast_p_values() {
    static const std::vector<double> ps = {0, 0.5, 0.8, 1.0, 1.2, 1.5, 2.0};
    return ps;
}

GeomeanCI geomean_with_ci(const std::vector<double> &xs, int resamples, uint64_t seed) {
    GeomeanCI g;
    std::vector<double> logs;
    for (double x : xs) {
        if (x > 0 && std::isfinite(x)) logs.push_back(std::log(x));
    }
    if (logs.empty()) return g;
    double mean = 0;
    for (double l : logs) mean += l;
    g.value = std::exp(mean / double(logs.size()));
    if (logs.size() == 1) return g;  // one sample: nothing to resample, no CI (shown as '-')
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<size_t> pick(0, logs.size() - 1);
    std::vector<double> means;
    means.reserve(static_cast<size_t>(resamples));
    for (int r = 0; r < resamples; r++) {
        double s = 0;
        for (size_t i = 0; i < logs.size(); i++) s += logs[pick(rng)];
        means.push_back(s / double(logs.size()));
    }
    g.lo = std::exp(quantile(means, 0.025));
    g.hi = std::exp(quantile(means, 0.975));
    return g;
}

std::vector<RooflinePoint> roofline_points(const ResultRecord &r, const Task &task) {
    std::vector<RooflinePoint> out;
    if (r.instances.empty() || task.flops_expr.empty() || task.bytes_expr.empty()) return out;
    if (!emulated_timing(r).empty()) return out;  // an emulator's times say nothing about the device
    json insts;
    try {
        insts = json::parse(r.instances);
    } catch (const json::exception &) {
        return out;
    }
    for (const auto &ij : insts) {
        if (!ij.contains("timing")) continue;
        const Instance *inst = task.find_instance(ij.value("name", ""));
        if (!inst) continue;
        double t = ij.at("timing").at("candidate").value("median_s", 0.0);
        double flops = task.flops(*inst), bytes = task.bytes(*inst);
        if (!(t > 0) || !(flops > 0) || !(bytes > 0)) continue;
        out.push_back({task.id, inst->name, flops / bytes, flops / t / 1e9});
    }
    return out;
}

double roofline_fraction(const ResultRecord &r, const Task &task, const DevicePeaks &peaks) {
    if (!peaks.known()) return NAN;
    std::vector<double> fr;
    for (const auto &p : roofline_points(r, task)) {
        double attainable = std::min(peaks.gflops, p.intensity * peaks.gbps);
        fr.push_back(p.gflops / attainable);
    }
    return fr.empty() ? NAN : geomean(fr);
}

namespace {

bool fast_given(const ResultRecord &r, double p, bool confident, bool suspect, double sigma) {
    if (!r.correct) return false;
    if (p == 0) return true;
    if (suspect) return false;
    double v = confident ? widened_lower(r.speedup, r.speedup_ci_lo, sigma, 1) : r.speedup;
    return !std::isnan(v) && v >= p;
}

}  // namespace

bool counts_fast(const ResultRecord &r, double p, bool confident, double noise_sigma) {
    return fast_given(r, p, confident, r.correct && !suspect_reason(r).empty(), noise_sigma);
}

namespace {

struct Group {
    std::string producer, model, backend, slice;
    std::map<std::string, std::vector<const ResultRecord *>> by_task;
};

MetricRow summarize_group(const Group &g, const Suite *suite, const MetricOptions &opts,
                          const std::map<std::string, NaiveSpeedup> &over_naive) {
    MetricRow row;
    row.producer = g.producer;
    row.model = g.model;
    row.backend = g.backend;
    row.slice = g.slice;
    row.k = opts.k;
    row.tasks = static_cast<int>(g.by_task.size());
    const auto &ps = fast_p_values();
    double sum_compile = 0, sum_correct = 0, sum_beat = 0;
    int beat_tasks = 0;
    std::vector<double> sum_fast(ps.size(), 0), sum_conf(ps.size(), 0);
    std::vector<double> speedups, roof, naive_speedups;
    DevicePeaks peaks;
    if (auto it = opts.peaks.find(g.backend); it != opts.peaks.end()) peaks = it->second;
    double sigma = 0;
    if (auto it = opts.noise.find(g.backend); it != opts.noise.end()) sigma = it->second.sigma;
    for (const auto &[task_id, recs] : g.by_task) {
        int n = static_cast<int>(recs.size());
        row.samples += n;
        int compiled = 0, correct = 0, beat = 0;
        bool has_naive_ref = false;
        std::vector<int> fast(ps.size(), 0), conf(ps.size(), 0);
        const Task *task = suite ? suite->find(task_id) : nullptr;
        for (const ResultRecord *r : recs) {
            compiled += r->compiled;
            correct += r->correct;
            bool suspect = r->correct && !suspect_reason(*r).empty();
            for (size_t i = 0; i < ps.size(); i++) {
                fast[i] += fast_given(*r, ps[i], false, suspect, 0);
                conf[i] += fast_given(*r, ps[i], true, suspect, sigma);
            }
            if (r->correct) row.correct_samples++;
            row.suspect_samples += suspect;
            row.heldout_only_failures += fails_only_heldout(*r);
            // A sample has a naive reference when the naive producer's record of its task
            // and backend was timed; a failed sample then simply does not beat it.
            auto nit = over_naive.find(r->record_key);
            if (nit != over_naive.end() && nit->second.reference) {
                has_naive_ref = true;
                row.naive_samples++;
                // Two evaluations (the sample's and the naive kernel's) each carry the floor.
                double lo = widened_lower(nit->second.value, nit->second.lo, sigma, 2);
                if (!std::isnan(lo) && lo > 1.0) beat++, row.beat_naive_samples++;
                if (nit->second.known()) naive_speedups.push_back(nit->second.value);
            }
            if (r->correct && r->timed && !suspect && std::isfinite(r->speedup) && r->speedup > 0) {
                row.timed_samples++;
                speedups.push_back(r->speedup);
                if (task) {
                    double f = roofline_fraction(*r, *task, peaks);
                    if (!std::isnan(f)) roof.push_back(f);
                }
            }
        }
        if (n < opts.k) continue;
        row.tasks_with_k++;
        sum_compile += pass_at_k(n, compiled, opts.k);
        sum_correct += pass_at_k(n, correct, opts.k);
        for (size_t i = 0; i < ps.size(); i++) {
            sum_fast[i] += pass_at_k(n, fast[i], opts.k);
            sum_conf[i] += pass_at_k(n, conf[i], opts.k);
        }
        if (has_naive_ref) {
            beat_tasks++;
            sum_beat += pass_at_k(n, beat, opts.k);
        }
    }
    if (row.tasks_with_k > 0) {
        double d = row.tasks_with_k;
        row.compile_at_k = sum_compile / d;
        row.correct_at_k = sum_correct / d;
        for (size_t i = 0; i < ps.size(); i++) {
            row.fast_at_k[ps[i]] = sum_fast[i] / d;
            row.confident_fast_at_k[ps[i]] = sum_conf[i] / d;
        }
    }
    row.naive_tasks = beat_tasks;
    if (beat_tasks > 0) row.beat_naive_at_k = sum_beat / beat_tasks;
    GeomeanCI gm = geomean_with_ci(speedups, opts.bootstrap_resamples, opts.bootstrap_seed);
    row.geomean_speedup = gm.value;
    row.ci_lo = gm.lo;
    row.ci_hi = gm.hi;
    GeomeanCI gn = geomean_with_ci(naive_speedups, opts.bootstrap_resamples, opts.bootstrap_seed);
    row.geomean_over_naive = gn.value;
    row.over_naive_lo = gn.lo;
    row.over_naive_hi = gn.hi;
    if (!roof.empty()) row.roofline_median = median(roof);
    return row;
}

int tier_rank(const std::string &s) {
    if (s == "all") return 0;
    if (s.rfind("tier ", 0) == 0) return 1;
    return 2;
}

}  // namespace

std::vector<MetricRow> compute_metrics(const std::vector<ResultRecord> &records, const Suite *suite,
                                       const MetricOptions &opts, const std::map<std::string, NaiveSpeedup> *over_naive) {
    std::map<std::string, NaiveSpeedup> own;
    if (!over_naive) {
        own = speedups_over_naive(records, opts.naive_resamples, opts.bootstrap_seed);
        over_naive = &own;
    }
    std::map<std::tuple<std::string, std::string, std::string, int, std::string>, Group> groups;
    auto add = [&](const ResultRecord &r, const std::string &slice) {
        auto key = std::make_tuple(r.producer, r.model, r.backend, tier_rank(slice), slice);
        Group &g = groups[key];
        g.producer = r.producer;
        g.model = r.model;
        g.backend = r.backend;
        g.slice = slice;
        g.by_task[r.task_id].push_back(&r);
    };
    for (const ResultRecord &r : records) {
        add(r, "all");
        if (opts.slice_by_tier) add(r, "tier " + r.tier);
        if (opts.slice_by_domain) add(r, "domain " + r.domain);
    }
    std::vector<MetricRow> out;
    for (const auto &[key, g] : groups) out.push_back(summarize_group(g, suite, opts, *over_naive));
    return out;
}

}  // namespace ekb
