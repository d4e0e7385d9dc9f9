// Metrics against hand-computed values: the unbiased pass@k estimator (its edge cases
// included), Compile/Correct/Fast@p per group and slice, the geomean speedup, roofline.
#include <gtest/gtest.h>

#include <cmath>

#include "metrics/metrics.h"
#include "suite/task.h"

namespace ekb {
namespace {

TEST(PassAtK, HandComputedValues) {
    // n = 5, c = 2, k = 1: 1 - C(3,1)/C(5,1) = 1 - 3/5.
    EXPECT_NEAR(pass_at_k(5, 2, 1), 0.4, 1e-12);
    // n = 5, c = 2, k = 2: 1 - C(3,2)/C(5,2) = 1 - 3/10.
    EXPECT_NEAR(pass_at_k(5, 2, 2), 0.7, 1e-12);
    // n = 10, c = 3, k = 5: 1 - C(7,5)/C(10,5) = 1 - 21/252.
    EXPECT_NEAR(pass_at_k(10, 3, 5), 1.0 - 21.0 / 252.0, 1e-12);
    // n = 4, c = 1, k = 3: 1 - C(3,3)/C(4,3) = 1 - 1/4.
    EXPECT_NEAR(pass_at_k(4, 1, 3), 0.75, 1e-12);
}

TEST(PassAtK, EdgeCases) {
    EXPECT_EQ(pass_at_k(7, 0, 1), 0.0);   // c = 0: never
    EXPECT_EQ(pass_at_k(7, 0, 7), 0.0);
    EXPECT_EQ(pass_at_k(7, 7, 1), 1.0);   // c = n: always
    EXPECT_EQ(pass_at_k(7, 7, 7), 1.0);
    EXPECT_EQ(pass_at_k(6, 1, 6), 1.0);   // k = n: one success is enough
    EXPECT_EQ(pass_at_k(6, 5, 2), 1.0);   // n - c < k
    EXPECT_EQ(pass_at_k(1, 1, 1), 1.0);
    EXPECT_EQ(pass_at_k(1, 0, 1), 0.0);
    EXPECT_THROW(pass_at_k(3, 1, 4), std::invalid_argument);  // k > n
    EXPECT_THROW(pass_at_k(3, 4, 1), std::invalid_argument);  // c > n
    EXPECT_THROW(pass_at_k(3, 1, 0), std::invalid_argument);  // k < 1
    EXPECT_THROW(pass_at_k(0, 0, 1), std::invalid_argument);
}

TEST(PassAtK, LargeNIsStable) {
    // n = 200, c = 100, k = 10: 1 - C(100,10)/C(200,10) computed as a product.
    double ratio = 1;
    for (int i = 0; i < 10; i++) ratio *= double(100 - i) / double(200 - i);
    EXPECT_NEAR(pass_at_k(200, 100, 10), 1 - ratio, 1e-12);
}

ResultRecord rec(const std::string &task, const std::string &tier, const std::string &producer, bool compiled, bool correct,
                 double speedup) {
    ResultRecord r;
    r.task_id = task;
    r.tier = tier;
    r.domain = tier == "L1" ? "vision" : "audio";
    r.backend = "cpu";
    r.producer = producer;
    r.compiled = compiled;
    r.correct = correct;
    r.timed = correct && !std::isnan(speedup);
    r.speedup = speedup;
    return r;
}

TEST(Metrics, GroupsSlicesAndFastAtP) {
    std::vector<ResultRecord> rs = {
        // task a (L1): 2 samples, both compile, one correct at 1.5x.
        rec("a", "L1", "direct", true, true, 1.5), rec("a", "L1", "direct", true, false, NAN),
        // task b (L2): 2 samples, one compiles and is correct at 0.5x, one fails to compile.
        rec("b", "L2", "direct", true, true, 0.5), rec("b", "L2", "direct", false, false, NAN),
        // another producer, task a: correct at 2.0x.
        rec("a", "L1", "leka", true, true, 2.0),
    };
    MetricOptions o;
    auto rows = compute_metrics(rs, nullptr, o);
    const MetricRow *all = nullptr, *l1 = nullptr, *leka = nullptr;
    for (const auto &r : rows) {
        if (r.producer == "direct" && r.slice == "all") all = &r;
        if (r.producer == "direct" && r.slice == "tier L1") l1 = &r;
        if (r.producer == "leka" && r.slice == "all") leka = &r;
    }
    ASSERT_TRUE(all && l1 && leka);
    EXPECT_EQ(all->tasks, 2);
    EXPECT_EQ(all->samples, 4);
    // Compile@1: task a 2/2 = 1, task b 1/2 = 0.5 -> mean 0.75.
    EXPECT_NEAR(all->compile_at_k, 0.75, 1e-12);
    // Correct@1: a 1/2, b 1/2 -> 0.5.
    EXPECT_NEAR(all->correct_at_k, 0.5, 1e-12);
    // Fast@1.0: a 1/2 (1.5x), b 0/2 (0.5x) -> 0.25; Fast@0 = Correct; Fast@0.5: a 1/2, b 1/2.
    EXPECT_NEAR(all->fast_at_k.at(1.0), 0.25, 1e-12);
    EXPECT_NEAR(all->fast_at_k.at(0.0), 0.5, 1e-12);
    EXPECT_NEAR(all->fast_at_k.at(0.5), 0.5, 1e-12);
    EXPECT_NEAR(all->fast_at_k.at(2.0), 0.0, 1e-12);
    // Geomean over correct timed samples: sqrt(1.5 * 0.5).
    EXPECT_NEAR(all->geomean_speedup, std::sqrt(0.75), 1e-12);
    EXPECT_LE(all->ci_lo, all->geomean_speedup);
    EXPECT_GE(all->ci_hi, all->geomean_speedup);
    EXPECT_EQ(l1->tasks, 1);
    EXPECT_NEAR(l1->fast_at_k.at(1.0), 0.5, 1e-12);
    EXPECT_NEAR(leka->fast_at_k.at(2.0), 1.0, 1e-12);

    // k = 2: tasks need 2 samples; leka's task has 1, so leka has no estimate.
    o.k = 2;
    rows = compute_metrics(rs, nullptr, o);
    for (const auto &r : rows) {
        if (r.producer == "direct" && r.slice == "all") {
            // Correct@2: a 1 - C(1,2)/C(2,2) = 1, b = 1 -> 1.
            EXPECT_NEAR(r.correct_at_k, 1.0, 1e-12);
            EXPECT_NEAR(r.fast_at_k.at(1.0), 0.5, 1e-12);
        }
        if (r.producer == "leka" && r.slice == "all") {
            EXPECT_EQ(r.tasks_with_k, 0);
            EXPECT_TRUE(std::isnan(r.correct_at_k));
        }
    }
}

TEST(Metrics, GeomeanCIIsDeterministicAndBracketsTheValue) {
    std::vector<double> xs = {1.0, 2.0, 4.0, 0.5, 1.5};
    auto a = geomean_with_ci(xs, 1000, 7), b = geomean_with_ci(xs, 1000, 7);
    EXPECT_NEAR(a.value, std::pow(1.0 * 2 * 4 * 0.5 * 1.5, 0.2), 1e-12);
    EXPECT_EQ(a.lo, b.lo);
    EXPECT_EQ(a.hi, b.hi);
    EXPECT_LT(a.lo, a.value);
    EXPECT_GT(a.hi, a.value);
    EXPECT_TRUE(std::isnan(geomean_with_ci({}, 100, 1).value));
    auto one = geomean_with_ci({2.0}, 100, 1);
    EXPECT_EQ(one.value, 2.0);
    EXPECT_TRUE(std::isnan(one.lo) && std::isnan(one.hi));  // no spread to resample: no CI
}

TEST(Metrics, RooflineFractionFromInstanceTimes) {
    Task t;
    t.id = "axpy";
    t.flops_expr = "2*N";
    t.bytes_expr = "12*N";
    t.instances = {{"small", {{"N", 1000000}}, false}, {"big", {{"N", 4000000}}, true}};
    ResultRecord r;
    r.task_id = "axpy";
    // small: 2e6 FLOP in 1 ms = 2 GFLOP/s at intensity 1/6; big: 8e6 FLOP in 2 ms = 4 GFLOP/s.
    r.instances = R"([{"name": "small", "timing": {"candidate": {"median_s": 0.001}}},
                      {"name": "big", "timing": {"candidate": {"median_s": 0.002}}},
                      {"name": "gone", "timing": {"candidate": {"median_s": 0.002}}}])";
    auto pts = roofline_points(r, t);
    ASSERT_EQ(pts.size(), 2u);
    EXPECT_NEAR(pts[0].intensity, 1.0 / 6.0, 1e-12);
    EXPECT_NEAR(pts[0].gflops, 2.0, 1e-9);
    EXPECT_NEAR(pts[1].gflops, 4.0, 1e-9);
    // Peaks 100 GFLOP/s, 60 GB/s: memory bound, attainable 10 GFLOP/s; fractions 0.2 and 0.4.
    DevicePeaks peaks{100, 60};
    EXPECT_NEAR(roofline_fraction(r, t, peaks), std::sqrt(0.2 * 0.4), 1e-9);
    EXPECT_TRUE(std::isnan(roofline_fraction(r, t, DevicePeaks{})));
}

}  // namespace
}  // namespace ekb
