#include "measure/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace ekb {

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    double pos = q * double(v.size() - 1);
    size_t lo = static_cast<size_t>(std::floor(pos));
    size_t hi = std::min(lo + 1, v.size() - 1);
    double f = pos - double(lo);
    return v[lo] * (1 - f) + v[hi] * f;
}

double median(std::vector<double> v) { return quantile(std::move(v), 0.5); }

double geomean(const std::vector<double> &v) {
    if (v.empty()) return 0;
    double s = 0;
    for (double x : v) s += std::log(x);
    return std::exp(s / double(v.size()));
}

SampleStats summarize(const std::vector<double> &s) {
    SampleStats r;
    r.n = static_cast<int>(s.size());
    if (s.empty()) return r;
    r.median = quantile(s, 0.5);
    r.p10 = quantile(s, 0.1);
    r.p90 = quantile(s, 0.9);
    r.mean = std::accumulate(s.begin(), s.end(), 0.0) / double(s.size());
    double var = 0;
    for (double x : s) var += (x - r.mean) * (x - r.mean);
    r.stddev = s.size() > 1 ? std::sqrt(var / double(s.size() - 1)) : 0;
    r.min = *std::min_element(s.begin(), s.end());
    r.max = *std::max_element(s.begin(), s.end());
    r.cv = r.mean > 0 ? r.stddev / r.mean : 0;
    r.rse = r.mean > 0 ? r.stddev / std::sqrt(double(s.size())) / r.mean : 0;
    return r;
}

namespace {

double resampled_median(const std::vector<double> &v, std::mt19937_64 &rng, std::vector<double> &scratch) {
    std::uniform_int_distribution<size_t> pick(0, v.size() - 1);
    scratch.resize(v.size());
    for (auto &x : scratch) x = v[pick(rng)];
    size_t mid = scratch.size() / 2;
    std::nth_element(scratch.begin(), scratch.begin() + mid, scratch.end());
    double m = scratch[mid];
    if (scratch.size() % 2 == 0) {
        m = (m + *std::max_element(scratch.begin(), scratch.begin() + mid)) / 2;
    }
    return m;
}

}  // namespace

Interval bootstrap_geomean_speedup_ci(const std::vector<std::vector<double>> &baselines,
                                      const std::vector<std::vector<double>> &candidates, int resamples,
                                      double level, uint64_t seed) {
    Interval r;
    if (baselines.empty() || baselines.size() != candidates.size()) return r;
    for (size_t i = 0; i < baselines.size(); i++) {
        if (baselines[i].empty() || candidates[i].empty()) return r;
    }
    std::mt19937_64 rng(seed);
    std::vector<double> stats, scratch;
    stats.reserve(static_cast<size_t>(resamples));
    for (int k = 0; k < resamples; k++) {
        double log_sum = 0;
        for (size_t i = 0; i < baselines.size(); i++) {
            double b = resampled_median(baselines[i], rng, scratch);
            double c = resampled_median(candidates[i], rng, scratch);
            log_sum += std::log(b / c);
        }
        stats.push_back(std::exp(log_sum / double(baselines.size())));
    }
    double a = (1 - level) / 2;
    r.lo = quantile(stats, a);
    r.hi = quantile(stats, 1 - a);
    return r;
}

Interval bootstrap_speedup_ci(const std::vector<double> &baseline, const std::vector<double> &candidate,
                              int resamples, double level, uint64_t seed) {
    return bootstrap_geomean_speedup_ci({baseline}, {candidate}, resamples, level, seed);
}

}  // namespace ekb
