// The timing and verification defences that need no runner (issue 15): rotation sets that
// differ in address bits and never pair an output set with the input it held last,
// adversarial input generation and its task.json field, the physical bound and the
// metrics' exclusion of suspect times.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>

#include "common/files.h"
#include "metrics/metrics.h"
#include "run/layout.h"
#include "suite/task.h"
#include "verify/datagen.h"
#include "verify/physical_bound.h"

namespace ekb {
namespace {

namespace fs = std::filesystem;

Layout matmul_layout(int sets) {
    std::vector<ArgLayout> args = {{"A", false, DType::f32, {16, 512}, {}},
                                   {"B", false, DType::f32, {512, 512}, {}},
                                   {"C", true, DType::f32, {16, 512}, {}}};
    return Layout::plan(args, sets, sets + 1);
}

TEST(RotationSets, DifferInAlignmentAndPageParity) {
    Layout l = matmul_layout(4);
    ASSERT_EQ(l.out_sets, 5);
    for (const auto &a : l.args) {
        std::set<size_t> low_bits, parity;
        for (size_t off : a.offsets) {
            EXPECT_EQ(off % k_buffer_align, 0u) << a.name;  // the alignment the runner promises
            low_bits.insert(off % 4096);
            parity.insert((off / 4096) % 2);
        }
        EXPECT_EQ(low_bits.size(), a.offsets.size()) << a.name << ": every set at another page offset";
        EXPECT_EQ(parity.size(), 2u) << a.name << ": both page parities";
    }
    // No two buffers overlap (guard bands included) and all fit.
    std::vector<std::pair<size_t, size_t>> spans;
    for (const auto &a : l.args) {
        for (size_t off : a.offsets) {
            size_t g = a.output ? k_guard_bytes : 0;
            spans.push_back({off - g, off + a.bytes() + g});
        }
    }
    std::sort(spans.begin(), spans.end());
    for (size_t i = 1; i < spans.size(); i++) EXPECT_LE(spans[i - 1].second, spans[i].first);
    EXPECT_LE(spans.back().second, l.total_bytes);
    // The JSON form round-trips.
    Layout back = Layout::from_json(l.to_json());
    EXPECT_EQ(back.out_sets, 5);
    EXPECT_EQ(back.args[2].offsets, l.args[2].offsets);
}

TEST(RotationSets, NoCallFindsItsInputsAnswerInItsOutput) {
    // Call i reads input set i % S and writes output set i % (S + 1). The previous call that
    // wrote the same output set read another input set, for every call and S > 1.
    for (int s = 2; s <= 6; s++) {
        Layout l = matmul_layout(s);
        for (long i = l.out_sets; i < 500; i++) {
            long prev = i - l.out_sets;
            ASSERT_EQ(l.output_set(prev), l.output_set(i));
            EXPECT_NE(l.input_set(prev), l.input_set(i)) << "S=" << s << " call " << i;
        }
    }
}

TEST(Adversarial, KindsMakeTheirValues) {
    std::vector<float> v(4096);
    AdversarialGen g;
    ASSERT_EQ(parse_adversarial("large", nlohmann::json::array({-200, 200}), DType::f32, -4, 4, g), "");
    generate_adversarial(v.data(), DType::f32, v.size(), g, -4, 4, 7, 0);
    float hi = 0;
    for (float x : v) hi = std::max(hi, std::fabs(x));
    EXPECT_GT(hi, 150.f);
    EXPECT_LE(hi, 200.f);

    ASSERT_EQ(parse_adversarial("ties", 5, DType::f32, -1, 1, g), "");
    generate_adversarial(v.data(), DType::f32, v.size(), g, -1, 1, 7, 0);
    std::set<float> levels(v.begin(), v.end());
    EXPECT_EQ(levels, (std::set<float>{-1, -0.5, 0, 0.5, 1}));

    ASSERT_EQ(parse_adversarial("round_half", 20, DType::f32, -6.8, 6.4, g), "");
    generate_adversarial(v.data(), DType::f32, v.size(), g, -6.8, 6.4, 7, 0);
    for (float x : v) {
        float s = x * 20.0f;  // the task's float32 product, exactly k + 0.5
        ASSERT_EQ(s - std::floor(s), 0.5f) << x;
        ASSERT_GE(x, -6.8f);
        ASSERT_LE(x, 6.4f);
    }

    ASSERT_EQ(parse_adversarial("denormal", true, DType::f32, -1, 1, g), "");
    generate_adversarial(v.data(), DType::f32, v.size(), g, -1, 1, 7, 0);
    int sub = 0;
    for (float x : v) sub += std::fpclassify(x) == FP_SUBNORMAL;
    EXPECT_GT(sub, 1500);

    std::vector<int8_t> q(1000);
    ASSERT_EQ(parse_adversarial("extremes", true, DType::i8, -128, 127, g), "");
    generate_adversarial(q.data(), DType::i8, q.size(), g, -128, 127, 7, 0);
    EXPECT_EQ(std::set<int8_t>(q.begin(), q.end()), (std::set<int8_t>{-128, 127}));
    ASSERT_EQ(parse_adversarial("zeros", true, DType::i8, -128, 127, g), "");
    generate_adversarial(q.data(), DType::i8, q.size(), g, -128, 127, 7, 0);
    EXPECT_EQ(std::set<int8_t>(q.begin(), q.end()), (std::set<int8_t>{0}));
}

TEST(Adversarial, BadDeclarationsSayWhatIsWrong) {
    AdversarialGen g;
    EXPECT_NE(parse_adversarial("large", 80, DType::f32, -4, 4, g).find("[lo, hi]"), std::string::npos);
    EXPECT_NE(parse_adversarial("large", nlohmann::json::array({-300, 300}), DType::i8, -128, 127, g).find("outside"),
              std::string::npos);
    EXPECT_NE(parse_adversarial("round_half", 20, DType::i8, -128, 127, g).find("float32"), std::string::npos);
    EXPECT_NE(parse_adversarial("denormal", true, DType::i32, 0, 9, g).find("float32"), std::string::npos);
    EXPECT_NE(parse_adversarial("ties", 1, DType::f32, 0, 1, g).find("2..64"), std::string::npos);
    EXPECT_NE(parse_adversarial("hugeness", true, DType::f32, 0, 1, g).find("unknown kind"), std::string::npos);
}

TEST(Adversarial, TaskJsonFieldAndTagDefaults) {
    TempDir tmp("ekb-adv-");
    auto task = [&](const std::string &name, const std::string &tags, const std::string &input) {
        fs::path dir = tmp.path() / name;
        write_file(dir / "task.json", R"({"id": ")" + name + R"(", "title": "t", "tier": "L1", "domain": "vision", "provenance": "p", "description": "d",
  "tags": )" + tags + R"(, "dims": ["N"], "inputs": [)" + input + R"(],
  "outputs": [{"name": "y", "dtype": "int32", "shape": ["N"]}],
  "instances": [{"name": "a", "split": "visible", "dims": {"N": 8}}, {"name": "b", "split": "visible", "dims": {"N": 9}},
                {"name": "c", "split": "heldout", "dims": {"N": 5}}]})");
        write_file(dir / "algorithm.h", "//\n");
        write_file(dir / "reference.py", "#\n");
        write_file(dir / "kernels" / "naive.cpp", "//\n");
        return dir;
    };
    Task t = load_task(task("declared", R"(["softmax"])",
                            R"({"name": "x", "dtype": "float32", "shape": ["N"], "range": [-4, 4], "adversarial": {"large": [-200, 200]}})"));
    ASSERT_EQ(t.inputs[0].adversarial.size(), 1u);
    EXPECT_EQ(t.inputs[0].adversarial[0].kind, "large");
    EXPECT_EQ(t.inputs[0].adversarial[0].hi, 200);
    // Tags imply ties (argmax) and extremes (quantized, integer inputs) when nothing is declared.
    Task d = load_task(task("defaults", R"(["argmax", "quantized"])", R"({"name": "x", "dtype": "int8", "shape": ["N"], "range": [-128, 127]})"));
    std::set<std::string> kinds;
    for (const auto &g : d.inputs[0].adversarial) kinds.insert(g.kind);
    EXPECT_EQ(kinds, (std::set<std::string>{"ties", "extremes"}));
    try {
        load_task(task("bad", R"([])", R"({"name": "x", "dtype": "int8", "shape": ["N"], "range": [-128, 127], "adversarial": {"round_half": 2}})"));
        FAIL() << "a round_half on int8 loaded";
    } catch (const TaskError &e) {
        std::string m = e.what();
        EXPECT_NE(m.find("task.json"), std::string::npos) << m;
        EXPECT_NE(m.find("inputs[0].adversarial.round_half"), std::string::npos) << m;
    }
}

TEST(PhysicalBound, SuspectBelowTheBoundWithTheReason) {
    PeakRates p{50, 5};  // 50 GFLOP/s, 5 GB/s
    // matmul 16x512x512: 8.4 MFLOP, ~1.1 MB. Bound: max(1.1e6 / 160e9, 8.4e6 / 400e9) = 21 us.
    double flops = 2.0 * 16 * 512 * 512, bytes = 4.0 * (16 * 512 + 512 * 512 + 16 * 512);
    auto ok = check_physical_bound(flops, bytes, 1e-4, p);
    EXPECT_TRUE(ok.at("checked").get<bool>());
    EXPECT_FALSE(ok.at("suspect").get<bool>());
    auto bad = check_physical_bound(flops, bytes, 2e-6, p);
    EXPECT_TRUE(bad.at("suspect").get<bool>());
    EXPECT_EQ(bad.at("bound"), "flops");
    EXPECT_NE(bad.at("reason").get<std::string>().find("GFLOP/s"), std::string::npos);
    // A streaming task is bound by bytes.
    auto stream = check_physical_bound(1e6, 4e8, 1e-3, p);  // 400 MB in 1 ms: 400 GB/s
    EXPECT_EQ(stream.at("bound"), "bytes");
    EXPECT_TRUE(stream.at("suspect").get<bool>());
    // No peaks: the check says so and does nothing.
    auto none = check_physical_bound(flops, bytes, 1e-9, PeakRates{});
    EXPECT_FALSE(none.at("checked").get<bool>());
    EXPECT_EQ(none.at("reason"), "no peaks");
}

TEST(PhysicalBound, SuspectSamplesEarnNoSpeedupInMetrics) {
    auto rec = [](double speedup, const std::string &suspect) {
        ResultRecord r;
        r.task_id = "matmul";
        r.tier = "L1";
        r.domain = "llm";
        r.backend = "cpu";
        r.producer = "p";
        r.compiled = r.correct = r.timed = true;
        r.speedup = speedup;
        r.suspect = suspect;
        return r;
    };
    std::vector<ResultRecord> rs = {rec(1.5, ""), rec(900, "instance x: below the FLOP bound")};
    MetricOptions o;
    o.slice_by_domain = o.slice_by_tier = false;
    auto rows = compute_metrics(rs, nullptr, o);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].correct_samples, 2);   // still correct
    EXPECT_EQ(rows[0].timed_samples, 1);     // but its time counts nowhere
    EXPECT_NEAR(rows[0].geomean_speedup, 1.5, 1e-12);
    EXPECT_NEAR(rows[0].fast_at_k.at(2.0), 0.0, 1e-12);  // the 900x does not make Fast@2
    EXPECT_NEAR(rows[0].fast_at_k.at(1.2), 0.5, 1e-12);
}

}  // namespace
}  // namespace ekb
