// The benchmark's metrics (design.md section 4), computed from result records.
//
//   Compile@k, Correct@k, Fast@p@k   the unbiased pass@k estimator per task (n samples, c
//                                    successes: 1 - C(n-c, k) / C(n, k)), averaged over tasks
//   Fast@p                           a sample counts when it is correct and its speedup
//                                    point estimate over the expert is >= p (Fast@0 = Correct);
//                                    the paper's definition, kept for comparability
//   confident Fast@p                 the same, but the speedup's 95 % CI lower bound is >= p
//                                    (the A/A check: the expert against itself scores ~0);
//                                    the CI is widened by the experiment's A/A noise floor
//   Beat-naive@k                     pass@k where a sample counts when its speedup over the
//                                    naive kernel has a CI lower bound > 1 (over_naive.h),
//                                    averaged over tasks where the naive producer ran
//   geomean speedup                  over correct, timed samples, with a bootstrap 95 % CI
//   % of roofline                    achieved GFLOP/s against min(peak GFLOP/s, AI x peak GB/s),
//                                    where the device's peaks are known
//
// Records flagged suspect (suspect.h) count as correct but never as fast, and their
// speedups are left out of every speedup statistic.
//
// Groups: producer x model x backend, each over all tasks and sliced by tier and by domain.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "metrics/aa_noise.h"
#include "metrics/over_naive.h"
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
    std::map<double, double> fast_at_k;            // p -> Fast@p (pass@k form, point estimates)
    std::map<double, double> confident_fast_at_k;  // p -> confident Fast@p (CI lower bound >= p)
    int correct_samples = 0, timed_samples = 0;
    int suspect_samples = 0;        // correct but flagged suspect: not fast, no speedup
    int heldout_only_failures = 0;  // wrong only on held-out instances
    double geomean_speedup = NAN, ci_lo = NAN, ci_hi = NAN;
    // Against the naive kernel: Beat-naive@k over the tasks with a naive reference, how many
    // samples beat it with confidence, and the geomean speedup over naive (bootstrap CI).
    int naive_tasks = 0, naive_samples = 0, beat_naive_samples = 0;
    double beat_naive_at_k = NAN;
    double geomean_over_naive = NAN, over_naive_lo = NAN, over_naive_hi = NAN;
    double roofline_median = NAN;  // median over timed samples of the fraction of roofline
};

struct MetricOptions {
    int k = 1;
    bool slice_by_tier = true;
    bool slice_by_domain = true;
    std::map<std::string, DevicePeaks> peaks;  // backend -> peaks
    uint64_t bootstrap_seed = 1;
    int bootstrap_resamples = 2000;
    int naive_resamples = 1000;  // per record, for its speedup over naive
    // The A/A noise floor per backend (aa_noise.h): confident Fast@p and Beat-naive widen
    // each CI by it. Empty: the records' own CIs.
    std::map<std::string, AANoise> noise;
};

// `suite` may be null (no roofline then). Rows are ordered by group, then "all", tiers, domains.
// `over_naive` (from speedups_over_naive) is computed here when not given.
std::vector<MetricRow> compute_metrics(const std::vector<ResultRecord> &records, const Suite *suite,
                                       const MetricOptions &opts,
                                       const std::map<std::string, NaiveSpeedup> *over_naive = nullptr);

// Whether a record counts for Fast@p: correct, not suspect, and (p == 0, or) its speedup
// point estimate >= p; `confident`: its speedup CI's lower bound (widened by the noise floor
// sigma, see aa_noise.h) >= p instead.
bool counts_fast(const ResultRecord &r, double p, bool confident, double noise_sigma = 0);

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
// With one value there is no CI (lo and hi are NaN).
struct GeomeanCI {
    double value = NAN, lo = NAN, hi = NAN;
};
GeomeanCI geomean_with_ci(const std::vector<double> &xs, int resamples, uint64_t seed);

}  // namespace ekb
