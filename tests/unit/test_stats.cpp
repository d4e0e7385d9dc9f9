#include <gtest/gtest.h>

#include <cmath>

#include "measure/stats.h"

using namespace ekb;

TEST(Stats, SummaryOfKnownSamples) {
    SampleStats s = summarize({1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
    EXPECT_EQ(s.n, 10);
    EXPECT_DOUBLE_EQ(s.median, 5.5);
    EXPECT_DOUBLE_EQ(s.mean, 5.5);
    EXPECT_NEAR(s.stddev, 3.0276503540974917, 1e-12);
    EXPECT_NEAR(s.p10, 1.9, 1e-12);
    EXPECT_NEAR(s.p90, 9.1, 1e-12);
    EXPECT_NEAR(s.rse, 3.0276503540974917 / std::sqrt(10.0) / 5.5, 1e-12);
}

TEST(Stats, Geomean) { EXPECT_NEAR(geomean({1, 4, 16}), 4.0, 1e-12); }

TEST(Stats, BootstrapCoversTheTrueRatio) {
    std::vector<double> base, cand;
    for (int i = 0; i < 40; i++) {
        base.push_back(2.0 + 0.02 * ((i * 7) % 11 - 5));
        cand.push_back(1.0 + 0.01 * ((i * 5) % 13 - 6));
    }
    Interval ci = bootstrap_speedup_ci(base, cand, 2000, 0.95, 1);
    EXPECT_LT(ci.lo, 2.0);
    EXPECT_GT(ci.hi, 2.0);
    EXPECT_GT(ci.lo, 1.8);
    EXPECT_LT(ci.hi, 2.2);
    // Deterministic for a seed.
    Interval again = bootstrap_speedup_ci(base, cand, 2000, 0.95, 1);
    EXPECT_EQ(ci.lo, again.lo);
    EXPECT_EQ(ci.hi, again.hi);
}
