// The benchmark's metrics (design.md section 4), computed from result records.
//
//   Compile@k, Correct@k, Fast@p@k   the unbiased pass@k estimator per task (n samples, c
//                                    successes: 1 - C(n-c, k) / C(n, k)), averaged over tasks
//   Fast@p                           a sample counts when it is correct and its speedup
//                                    point estimate over the expert is >= p (Fast@0 = Correct)
//   geomean speedup                  over correct, timed samples, with a bootstrap 95 % CI
//   % of roofline                    achieved GFLOP/s against min(peak GFLOP/s, AI x peak GB/s),
//                                    where the device's peaks are known
//
// Groups: producer x model x backend, each over all tasks and sliced by tier and by domain.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "record/record.h"
#include "suite/suite.h"

namespace ekb {

// Unbiased pass@k. Throws std::invalid_argument unless 0 <= c <= n and 1 <= k <= n.
double pass_at_k(int n, int c, int k);

// The p values of the Fast@p curve.
const std::vector<double> &fast_p_values();

struct DevicePeaks {
    double gflops = 0;  // peak compute, GFLOP/s
    double gbps = 0;    // peak memory bandwidth, GB/s
    bool known() const { return gflops > 0 && gbps > 0; }
};

struct MetricRow {
    std::string producer, model, backend;
    std::string slice = "all";   // "all", "tier L1", "domain vision", ...
    int tasks = 0;               // tasks with samples in this group
    int samples = 0;
    int k = 1;
    int tasks_with_k = 0;        // tasks with at least k samples (the estimator's support)
    double compile_at_k = NAN, correct_at_k = NAN;
    std::map<double, double> fast_at_k;  // p -> Fast@p (pass@k form)
    int correct_samples = 0, timed_samples = 0;
    double geomean_speedup = NAN, ci_lo = NAN, ci_hi = NAN;
    double roofline_median = NAN;  // median over timed samples of the fraction of roofline
};

struct MetricOptions {
    int k = 1;
    bool slice_by_tier = true;
    bool slice_by_domain = true;
    std::map<std::string, DevicePeaks> peaks;  // backend -> peaks
    uint64_t bootstrap_seed = 1;
    int bootstrap_resamples = 2000;
};

// `suite` may be null (no roofline then). Rows are ordered by group, then "all", tiers, domains.
std::vector<MetricRow> compute_metrics(const std::vector<ResultRecord> &records, const Suite *suite,
                                       const MetricOptions &opts);

// Fraction of the roofline one record reached (geomean over its timed instances); NaN when
// the task, its FLOP/byte counts or the peaks are unknown.
double roofline_fraction(const ResultRecord &r, const Task &task, const DevicePeaks &peaks);

// Per instance of a record: achieved GFLOP/s and arithmetic intensity (FLOP/byte), for the
// roofline plot.
struct RooflinePoint {
    std::string task, instance;
    double intensity = 0, gflops = 0;
};
std::vector<RooflinePoint> roofline_points(const ResultRecord &r, const Task &task);

// Geomean of xs with a percentile bootstrap CI (resampling xs); deterministic for a seed.
struct GeomeanCI {
    double value = NAN, lo = NAN, hi = NAN;
};
GeomeanCI geomean_with_ci(const std::vector<double> &xs, int resamples, uint64_t seed);

}  // namespace ekb
