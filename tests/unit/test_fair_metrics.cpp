// The metrics that survive noise: confident Fast@p (the speedup's CI lower bound >= p),
// Beat-naive@k (speedup over the naive kernel, anchored on the expert, with a bootstrap CI),
// suspect records left out of speedups, the verdict's ranking, and wrong-only-on-held-out.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "metrics/aa_noise.h"
#include "metrics/headline.h"
#include "metrics/metrics.h"
#include "metrics/over_naive.h"
#include "metrics/suspect.h"
#include "report/report_data.h"

namespace ekb {
namespace {

using nlohmann::json;

ResultRecord timed(const std::string &key, const std::string &task, const std::string &producer, double speedup, double lo,
                   double hi) {
    ResultRecord r;
    r.record_key = key;
    r.task_id = task;
    r.tier = "L1";
    r.domain = "vision";
    r.backend = "cpu";
    r.producer = producer;
    r.compiled = r.correct = r.timed = true;
    r.status = "timed";
    r.speedup = speedup;
    r.speedup_ci_lo = lo;
    r.speedup_ci_hi = hi;
    return r;
}

MetricRow row_of(const std::vector<MetricRow> &rows, const std::string &producer) {
    for (const auto &r : rows) {
        if (r.producer == producer && r.slice == "all") return r;
    }
    throw std::runtime_error("no row for " + producer);
}

TEST(ConfidentFast, CIStraddlingPCountsForThePaperButNotConfidently) {
    std::vector<ResultRecord> rs = {
        timed("a0", "a", "direct", 1.10, 0.95, 1.20),  // straddles 1.0: point yes, confident no
        timed("b0", "b", "direct", 1.30, 1.00, 1.60),  // lower bound exactly 1.0: both (>=)
        timed("c0", "c", "direct", 0.98, 0.90, 1.07),  // below 1: neither
        timed("d0", "d", "direct", 2.50, 2.10, 2.90),  // clearly fast
    };
    MetricOptions o;
    auto rows = compute_metrics(rs, nullptr, o);
    const MetricRow m = row_of(rows, "direct");
    EXPECT_NEAR(m.fast_at_k.at(1.0), 3.0 / 4.0, 1e-12);
    EXPECT_NEAR(m.confident_fast_at_k.at(1.0), 2.0 / 4.0, 1e-12);
    EXPECT_NEAR(m.fast_at_k.at(2.0), 1.0 / 4.0, 1e-12);
    EXPECT_NEAR(m.confident_fast_at_k.at(2.0), 1.0 / 4.0, 1e-12);
    // p = 1.2: a (1.10) no; b point 1.30 yes, lower bound 1.00 no; d both.
    EXPECT_NEAR(m.fast_at_k.at(1.2), 2.0 / 4.0, 1e-12);
    EXPECT_NEAR(m.confident_fast_at_k.at(1.2), 1.0 / 4.0, 1e-12);
    // p = 0 is Correct in both forms.
    EXPECT_NEAR(m.confident_fast_at_k.at(0.0), 1.0, 1e-12);
    for (double p : fast_p_values()) EXPECT_LE(m.confident_fast_at_k.at(p), m.fast_at_k.at(p)) << "p=" << p;
    // A record without a CI (one instance, no bootstrap) is never confidently fast.
    ResultRecord no_ci = timed("e0", "e", "direct", 3.0, NAN, NAN);
    EXPECT_TRUE(counts_fast(no_ci, 1.0, false));
    EXPECT_FALSE(counts_fast(no_ci, 1.0, true));
    ResultRecord wrong = timed("f0", "f", "direct", 3.0, 2.0, 4.0);
    wrong.correct = false;
    EXPECT_FALSE(counts_fast(wrong, 0.0, false));
    EXPECT_FALSE(counts_fast(wrong, 1.0, true));
}

TEST(ConfidentFast, PassAtKOverSamplesOfATask) {
    // One task, 3 samples: point-fast 2 of 3, confidently fast 1 of 3; k = 2.
    std::vector<ResultRecord> rs = {timed("a0", "a", "leka", 1.05, 0.97, 1.12), timed("a1", "a", "leka", 1.50, 1.40, 1.60),
                                    timed("a2", "a", "leka", 0.80, 0.70, 0.90)};
    MetricOptions o;
    o.k = 2;
    const MetricRow m = row_of(compute_metrics(rs, nullptr, o), "leka");
    EXPECT_NEAR(m.fast_at_k.at(1.0), pass_at_k(3, 2, 2), 1e-12);
    EXPECT_NEAR(m.confident_fast_at_k.at(1.0), pass_at_k(3, 1, 2), 1e-12);
}

TEST(Suspect, RecordsFlaggedSuspectAreNeitherFastNorInTheGeomean) {
    ResultRecord s = timed("s0", "a", "direct", 40.0, 35.0, 45.0);
    // The flag in the forms the runtime checks may give it: inside an instance, or as
    // the record's status.
    s.instances = R"([{"name":"i0","heldout":false,"correct":true,"suspect":{"reason":"below the memory-bandwidth bound"}}])";
    EXPECT_EQ(suspect_reason(s), "i0: below the memory-bandwidth bound");
    ResultRecord s2 = timed("s1", "b", "direct", 30.0, 28.0, 33.0);
    s2.instances = R"([{"name":"i0","timing":{"suspect":true}}])";
    EXPECT_FALSE(suspect_reason(s2).empty());
    ResultRecord ok = timed("o0", "c", "direct", 2.0, 1.8, 2.2);
    ok.instances = R"([{"name":"i0","suspect":false}])";
    EXPECT_EQ(suspect_reason(ok), "");
    MetricOptions o;
    const MetricRow m = row_of(compute_metrics({s, s2, ok}, nullptr, o), "direct");
    EXPECT_EQ(m.suspect_samples, 2);
    EXPECT_EQ(m.correct_samples, 3);
    EXPECT_NEAR(m.correct_at_k, 1.0, 1e-12);
    EXPECT_NEAR(m.fast_at_k.at(1.0), 1.0 / 3.0, 1e-12);  // only `ok`
    EXPECT_NEAR(m.confident_fast_at_k.at(1.0), 1.0 / 3.0, 1e-12);
    EXPECT_EQ(m.timed_samples, 1);
    EXPECT_NEAR(m.geomean_speedup, 2.0, 1e-12);  // 40x and 30x left out
}

// Per-call samples around `median` with a relative spread `noise`.
std::vector<double> times(double median, double noise, int n, std::mt19937_64 &rng) {
    std::uniform_real_distribution<double> u(-noise, noise);
    std::vector<double> v;
    for (int i = 0; i < n; i++) v.push_back(median * (1 + u(rng)));
    return v;
}

// A timed record whose instances carry raw times: the kernel's median k_s, its run's
// expert's e_s, per instance.
ResultRecord with_times(const std::string &key, const std::string &task, const std::string &producer,
                        const std::vector<std::pair<double, double>> &k_e, double noise, uint64_t seed) {
    std::mt19937_64 rng(seed);
    json insts = json::array();
    double log_sum = 0;
    for (size_t i = 0; i < k_e.size(); i++) {
        insts.push_back({{"name", "i" + std::to_string(i)}, {"heldout", false}, {"correct", true},
                         {"timing", {{"candidate", {{"samples_s", times(k_e[i].first, noise, 15, rng)}, {"median_s", k_e[i].first}}},
                                     {"expert", {{"samples_s", times(k_e[i].second, noise, 15, rng)}, {"median_s", k_e[i].second}}}}}});
        log_sum += std::log(k_e[i].second / k_e[i].first);
    }
    double sp = std::exp(log_sum / double(k_e.size()));
    ResultRecord r = timed(key, task, producer, sp, sp * 0.95, sp * 1.05);
    r.instances = insts.dump();
    return r;
}

TEST(BeatNaive, AnchoredOnTheExpertAndConfidentOnlyWhenTheCIClearsOne) {
    // naive: 10 ms vs an expert at 1 ms. The candidate ran on a machine twice as slow (its
    // expert 2 ms): 5 ms there is 2x naive, not 1x.
    ResultRecord naive = with_times("n", "a", "naive", {{10e-3, 1e-3}, {20e-3, 2e-3}}, 0.02, 1);
    ResultRecord fast = with_times("f", "a", "direct", {{5e-3, 2e-3}, {10e-3, 4e-3}}, 0.02, 2);
    NaiveSpeedup s = speedup_over_naive(fast, naive, 500, 3);
    EXPECT_TRUE(s.anchored);
    EXPECT_EQ(s.instances, 2);
    EXPECT_NEAR(s.value, 4.0, 0.1);  // (2/5) * (10/1) = 4
    EXPECT_LT(s.lo, s.value);
    EXPECT_GT(s.hi, s.value);
    EXPECT_TRUE(s.beats());
    // A kernel as fast as naive (LEKA that delivered naive unchanged), with noise: its CI
    // straddles 1, so it does not beat naive with confidence.
    ResultRecord same = with_times("s", "a", "leka", {{10e-3, 1e-3}, {20e-3, 2e-3}}, 0.3, 4);
    NaiveSpeedup t = speedup_over_naive(same, naive, 500, 5);
    EXPECT_LT(t.lo, 1.0);
    EXPECT_GT(t.hi, 1.0);
    EXPECT_FALSE(t.beats());
    // Instances only one side timed are left out; none in common: no value, a reason.
    ResultRecord other = with_times("o", "a", "direct", {{1e-3, 1e-3}}, 0.02, 6);
    other.instances = json::array({{{"name", "zz"}, {"timing", json::parse(other.instances)[0]["timing"]}}}).dump();
    NaiveSpeedup u = speedup_over_naive(other, naive, 100, 7);
    EXPECT_FALSE(u.known());
    EXPECT_FALSE(u.why.empty());
}

TEST(BeatNaive, ShareOverTasksWithANaiveReferenceFailuresCountAsNotBeating) {
    std::vector<ResultRecord> rs = {
        with_times("n-a", "a", "naive", {{10e-3, 1e-3}}, 0.02, 1),
        with_times("n-b", "b", "naive", {{10e-3, 1e-3}}, 0.02, 2),
        // direct: task a 3x naive (beats); task b wrong (does not); task c: no naive ran.
        with_times("d-a", "a", "direct", {{3.3e-3, 1e-3}}, 0.02, 3),
        timed("d-b", "b", "direct", NAN, NAN, NAN),
        with_times("d-c", "c", "direct", {{1e-3, 1e-3}}, 0.02, 4),
        // leka: task a unchanged naive (does not beat), task b 2x naive (beats).
        with_times("l-a", "a", "leka", {{10e-3, 1e-3}}, 0.3, 5),
        with_times("l-b", "b", "leka", {{5e-3, 1e-3}}, 0.02, 6),
    };
    rs[3].correct = rs[3].timed = false;
    rs[3].status = "incorrect";
    MetricOptions o;
    auto rows = compute_metrics(rs, nullptr, o);
    const MetricRow d = row_of(rows, "direct"), l = row_of(rows, "leka"), n = row_of(rows, "naive");
    EXPECT_EQ(d.naive_tasks, 2);  // c has no naive reference
    EXPECT_EQ(d.naive_samples, 2);
    EXPECT_EQ(d.beat_naive_samples, 1);
    EXPECT_NEAR(d.beat_naive_at_k, 0.5, 1e-12);
    EXPECT_NEAR(l.beat_naive_at_k, 0.5, 1e-12);
    EXPECT_NEAR(l.geomean_over_naive, std::sqrt(1.0 * 2.0), 0.1);
    EXPECT_NEAR(n.beat_naive_at_k, 0.0, 1e-12);  // naive never beats itself
    EXPECT_NEAR(l.correct_at_k, 1.0, 1e-12);     // Correct says leka is perfect; Beat-naive says half
    // No naive producer at all: Beat-naive is NaN, not 0.
    std::vector<ResultRecord> alone = {rs[2]};
    EXPECT_TRUE(std::isnan(row_of(compute_metrics(alone, nullptr, o), "direct").beat_naive_at_k));
}

TEST(Headline, WinnerLeadAndCIOverCommonTasksWithNaiveFallback) {
    std::vector<ResultRecord> rs;
    const char *tasks[] = {"a", "b", "c", "d", "e", "f"};
    for (int i = 0; i < 6; i++) {
        std::string t = tasks[i];
        rs.push_back(timed("n" + t, t, "naive", 0.1, 0.09, 0.11));
        rs.push_back(timed("l" + t, t, "leka", 0.5 + 0.01 * i, 0.45, 0.6));
        rs.push_back(timed("d" + t, t, "direct", 0.25, 0.2, 0.3));
    }
    // direct fails on two tasks: those count at naive's 0.1x.
    for (auto &r : rs) {
        if (r.producer == "direct" && (r.task_id == "a" || r.task_id == "b")) r.correct = r.timed = false;
    }
    auto hs = compute_headlines(rs, 500, 1);
    ASSERT_EQ(hs.size(), 1u);
    const Headline &h = hs[0];
    ASSERT_EQ(h.ranked.size(), 2u);
    EXPECT_EQ(h.ranked[0].producer, "leka");
    double direct = std::exp((2 * std::log(0.1) + 4 * std::log(0.25)) / 6);
    EXPECT_NEAR(h.ranked[1].score, direct, 1e-9);
    EXPECT_EQ(h.common_tasks, 6);
    EXPECT_GT(h.lead, 1.5);
    EXPECT_GT(h.lead_lo, 1.0);
    EXPECT_NE(h.text.find("leka wins"), std::string::npos) << h.text;
    EXPECT_NE(h.text.find("cpu"), std::string::npos);
    // Equal producers: the lead's CI reaches 1, and the verdict says it is not clear.
    std::vector<ResultRecord> tie;
    for (int i = 0; i < 6; i++) {
        std::string t = tasks[i];
        tie.push_back(timed("x" + t, t, "leka", i % 2 ? 0.6 : 0.4, 0, 0));
        tie.push_back(timed("y" + t, t, "direct", i % 2 ? 0.4 : 0.6, 0, 0));
    }
    auto th = compute_headlines(tie, 500, 1);
    EXPECT_NE(th[0].text.find("not clearly"), std::string::npos) << th[0].text;
}

TEST(AANoise, TheExpertAgainstItselfIsNotConfidentlyFastOnceCIsCarryTheNoiseFloor) {
    // Nine A/A samples, each with a narrow within-evaluation CI, scattered by +-10 % between
    // evaluations (a busy machine): two own-CI lower bounds clear 1.0.
    std::vector<ResultRecord> rs;
    const double sp[] = {0.92, 1.12, 0.85, 0.99, 0.93, 1.10, 0.96, 1.05, 0.94};
    for (int i = 0; i < 9; i++) {
        rs.push_back(timed("e" + std::to_string(i), "t" + std::to_string(i % 3), "expert", sp[i], sp[i] * 0.93, sp[i] * 1.06));
    }
    // A producer 1.6x faster with an equally narrow CI stays confidently fast; one at 1.08x does not.
    rs.push_back(timed("p0", "t0", "direct", 1.6, 1.5, 1.7));
    rs.push_back(timed("p1", "t1", "direct", 1.08, 1.02, 1.14));
    MetricOptions own;
    const MetricRow e0 = row_of(compute_metrics(rs, nullptr, own), "expert");
    EXPECT_GT(e0.confident_fast_at_k.at(1.0), 0.05);  // the own CIs alone fail the A/A check
    MetricOptions o;
    o.noise = aa_noise(rs);
    ASSERT_EQ(o.noise.count("cpu"), 1u);
    EXPECT_EQ(o.noise["cpu"].samples, 9);
    double rms = 0;
    for (double x : sp) rms += std::log(x) * std::log(x);
    EXPECT_NEAR(o.noise["cpu"].sigma, std::sqrt(rms / 9), 1e-12);
    auto rows = compute_metrics(rs, nullptr, o);
    EXPECT_NEAR(row_of(rows, "expert").confident_fast_at_k.at(1.0), 0.0, 1e-12);
    EXPECT_NEAR(row_of(rows, "expert").fast_at_k.at(1.0), 3.0 / 9.0, 1e-12);  // the paper's: a coin flip
    const MetricRow d = row_of(rows, "direct");
    EXPECT_NEAR(d.confident_fast_at_k.at(1.0), 0.5, 1e-12);  // 1.6x yes, 1.08x no
    EXPECT_NEAR(d.fast_at_k.at(1.0), 1.0, 1e-12);
    // Too few A/A samples: no floor.
    std::vector<ResultRecord> few(rs.begin(), rs.begin() + 2);
    EXPECT_TRUE(aa_noise(few).empty());
    EXPECT_EQ(widened_lower(1.2, 1.1, 0, 1), 1.1);
    EXPECT_LT(widened_lower(1.2, 1.1, 0.05, 2), widened_lower(1.2, 1.1, 0.05, 1));
}

TEST(BudgetUse, ReadsWhatTheRecordHasAndToleratesAbsentFields) {
    ResultRecord r = timed("b", "a", "leka", 1.0, 0.9, 1.1);
    r.model = "openai:m";
    r.llm_calls = 3;
    r.tokens_in = 1000;
    r.tokens_out = 200;
    r.cost_usd = 0.012;
    r.budget = R"({"caps":"calls=4,compiles=8","total":{"compiles":5,"device_seconds":12.5,"http_attempts":7}})";
    BudgetUse u = budget_use(r);
    EXPECT_EQ(u.llm_calls, 3);
    EXPECT_EQ(u.http_attempts, 7);  // failed attempts are charged: more than the calls
    EXPECT_EQ(u.tokens, 1200);
    EXPECT_NEAR(u.cost_usd, 0.012, 1e-12);
    EXPECT_EQ(u.compiles, 5);
    EXPECT_EQ(u.device_s, 12.5);
    EXPECT_EQ(u.caps, "calls=4,compiles=8");
    // An older record: no budget JSON, no attempts: NaN (shown '-'), never a made-up 0.
    r.budget.clear();
    u = budget_use(r);
    EXPECT_EQ(u.llm_calls, 3);
    EXPECT_TRUE(std::isnan(u.http_attempts));
    EXPECT_TRUE(std::isnan(u.compiles));
    EXPECT_TRUE(u.caps.empty());
    // Garbage in the budget field is not a crash.
    r.budget = "{not json";
    EXPECT_NO_THROW(budget_use(r));
    // A reference producer has no LLM usage at all.
    ResultRecord e = timed("e", "a", "expert", 1.0, 0.9, 1.1);
    e.budget = R"({"caps":"unlimited","total":{"compiles":0,"llm_calls":0}})";
    EXPECT_TRUE(std::isnan(budget_use(e).llm_calls));
}

TEST(HeldOut, WrongOnlyOnHeldOutInstances) {
    ResultRecord r = timed("h", "a", "direct", NAN, NAN, NAN);
    r.correct = r.timed = false;
    r.instances = R"([{"name":"v","heldout":false,"correct":true},{"name":"h","heldout":true,"correct":false}])";
    EXPECT_TRUE(fails_only_heldout(r));
    r.instances = R"([{"name":"v","heldout":false,"correct":false},{"name":"h","heldout":true,"correct":false}])";
    EXPECT_FALSE(fails_only_heldout(r));
    MetricOptions o;
    r.instances = R"([{"name":"v","heldout":false,"correct":true},{"name":"h","heldout":true,"correct":false}])";
    EXPECT_EQ(row_of(compute_metrics({r}, nullptr, o), "direct").heldout_only_failures, 1);
}

}  // namespace
}  // namespace ekb
