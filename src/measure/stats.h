// Statistics for timing samples (design.md section 4): median with p10/p90, CV, relative
// standard error, and bootstrap confidence intervals for speedups (ratio of medians).
#pragma once
#include <cstdint>
#include <vector>

namespace ekb {

struct SampleStats {
    int n = 0;
    double median = 0, p10 = 0, p90 = 0, mean = 0, stddev = 0, min = 0, max = 0;
    double cv = 0;   // stddev / mean
    double rse = 0;  // relative standard error of the mean: stddev / sqrt(n) / mean
};

SampleStats summarize(const std::vector<double> &samples);
double quantile(std::vector<double> v, double q);  // linear interpolation, q in [0, 1]
double median(std::vector<double> v);
double geomean(const std::vector<double> &v);

struct Interval {
    double lo = 0, hi = 0;
};

// Bootstrap (percentile) CI of the speedup median(baseline)/median(candidate), resampling
// each side independently; `level` e.g. 0.95. Deterministic for a seed.
Interval bootstrap_speedup_ci(const std::vector<double> &baseline, const std::vector<double> &candidate,
                              int resamples, double level, uint64_t seed);

// The same for the geometric mean of per-instance speedups: instance i contributes
// baselines[i] / candidates[i].
Interval bootstrap_geomean_speedup_ci(const std::vector<std::vector<double>> &baselines,
                                      const std::vector<std::vector<double>> &candidates, int resamples,
                                      double level, uint64_t seed);

}  // namespace ekb
