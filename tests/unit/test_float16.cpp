// float16 tensors: the dtype, the software conversions, input generation (random and
// adversarial), poison and comparison, the tolerance rule, and task.json parsing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <vector>

#include "common/files.h"
#include "common/float16.h"
#include "suite/suite.h"
#include "verify/compare.h"
#include "verify/datagen.h"

using namespace ekb;
namespace fs = std::filesystem;

namespace {

bool is_nan_bits(uint16_t h) { return (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) != 0; }

float ldexpf_exact(int e) { return std::ldexp(1.0f, e); }

}  // namespace

TEST(Float16, DType) {
    auto d = parse_dtype("float16");
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(*d, DType::f16);
    EXPECT_EQ(dtype_bytes(DType::f16), 2);
    EXPECT_TRUE(dtype_info(DType::f16).is_float);
    EXPECT_EQ(dtype_info(DType::f16).halide_code, 2);  // halide_type_float
    EXPECT_EQ(dtype_info(DType::f16).bits, 16);
    EXPECT_STREQ(dtype_name(DType::f16), "float16");
    EXPECT_FALSE(parse_dtype("half").has_value());  // task.json spells torch's dtype name
}

TEST(Float16, KnownConversions) {
    EXPECT_EQ(float_to_half_bits(1.0f), 0x3c00);
    EXPECT_EQ(float_to_half_bits(-2.0f), 0xc000);
    EXPECT_EQ(float_to_half_bits(0.0f), 0x0000);
    EXPECT_EQ(float_to_half_bits(-0.0f), 0x8000);
    EXPECT_EQ(float_to_half_bits(65504.0f), 0x7bff);                 // the largest finite value
    EXPECT_EQ(float_to_half_bits(65519.0f), 0x7bff);                 // below the halfway point to 2^16
    EXPECT_EQ(float_to_half_bits(65520.0f), 0x7c00);                 // the tie rounds to even: inf
    EXPECT_EQ(float_to_half_bits(1e6f), 0x7c00);
    EXPECT_EQ(float_to_half_bits(-1e6f), 0xfc00);
    EXPECT_EQ(float_to_half_bits(ldexpf_exact(-14)), 0x0400);        // the smallest normal
    EXPECT_EQ(float_to_half_bits(ldexpf_exact(-24)), 0x0001);        // the smallest subnormal
    EXPECT_EQ(float_to_half_bits(ldexpf_exact(-25)), 0x0000);        // half of it: the tie to even is 0
    EXPECT_EQ(float_to_half_bits(3 * ldexpf_exact(-25)), 0x0002);    // 1.5 subnormal steps: to even, 2
    EXPECT_EQ(float_to_half_bits(1.0f + ldexpf_exact(-11)), 0x3c00);      // a tie at 1: to even
    EXPECT_EQ(float_to_half_bits(1.0f + 3 * ldexpf_exact(-11)), 0x3c02);  // a tie at 1 + ulp: to even
    EXPECT_EQ(float_to_half_bits(0.1f), 0x2e66);
    EXPECT_TRUE(is_nan_bits(float_to_half_bits(std::numeric_limits<float>::quiet_NaN())));
    EXPECT_EQ(half_bits_to_float(0x3c00), 1.0f);
    EXPECT_EQ(half_bits_to_float(0x7bff), 65504.0f);
    EXPECT_EQ(half_bits_to_float(0x0001), ldexpf_exact(-24));
    EXPECT_EQ(half_bits_to_float(0x03ff), 1023 * ldexpf_exact(-24));
    EXPECT_TRUE(std::isinf(half_bits_to_float(0xfc00)) && half_bits_to_float(0xfc00) < 0);
    EXPECT_TRUE(std::isnan(half_bits_to_float(k_poison_f16)));
}

TEST(Float16, EveryHalfRoundTripsAndRoundsToNearest) {
    for (uint32_t b = 0; b < 0x10000u; b++) {
        auto h = static_cast<uint16_t>(b);
        float f = half_bits_to_float(h);
        if (is_nan_bits(h)) {
            EXPECT_TRUE(std::isnan(f));
            continue;
        }
        ASSERT_EQ(float_to_half_bits(f), h) << std::hex << b;
        // The midpoint to the next half away from zero rounds to the even one of the two.
        if ((h & 0x7fffu) < 0x7bffu) {
            uint16_t next = static_cast<uint16_t>(h + 1);
            float mid = (f + half_bits_to_float(next)) / 2;  // exact in float
            ASSERT_EQ(float_to_half_bits(mid), (h & 1u) ? next : h) << std::hex << b;
            ASSERT_EQ(float_to_half_bits(std::nextafter(mid, 0.0f)), h) << std::hex << b;
            ASSERT_EQ(float_to_half_bits(std::nextafter(mid, (h & 0x8000u) ? -1e9f : 1e9f)), next) << std::hex << b;
        }
    }
}

#if defined(__FLT16_MAX__)
TEST(Float16, AgreesWithTheCompilersFloat16) {
    // The compiler's own float -> _Float16 conversion (F16C or soft-fp), on a spread of floats.
    uint32_t x = 12345;
    for (int i = 0; i < 1000000; i++) {
        x = x * 1664525u + 1013904223u;
        float f;
        std::memcpy(&f, &x, 4);
        if (std::isnan(f)) continue;
        _Float16 h = static_cast<_Float16>(f);
        uint16_t bits;
        std::memcpy(&bits, &h, 2);
        ASSERT_EQ(float_to_half_bits(f), bits) << f;
    }
}
#endif

TEST(Float16, NextBelow) {
    EXPECT_EQ(half_bits_next_below(0x3c00), 0x3bff);
    EXPECT_EQ(half_bits_next_below(0xbc00), 0xbc01);
    EXPECT_EQ(half_bits_next_below(0x0000), 0x8001);
    EXPECT_EQ(half_bits_next_below(0x8000), 0x8001);
    EXPECT_EQ(half_bits_next_below(0x7c00), 0x7bff);
    EXPECT_EQ(half_bits_next_below(0xfc00), 0xfc00);
}

TEST(Float16, RandomInputsStayInRange) {
    const size_t n = 20000;
    std::vector<uint16_t> a(n), b(n);
    generate_tensor(a.data(), DType::f16, n, -1, 1, 7, 0);
    generate_tensor(b.data(), DType::f16, n, -1, 1, 7, 0);
    EXPECT_EQ(a, b);  // seeded
    double lo = 1, hi = -1;
    for (uint16_t h : a) {
        float f = half_bits_to_float(h);
        ASSERT_TRUE(std::isfinite(f));
        lo = std::min<double>(lo, f);
        hi = std::max<double>(hi, f);
    }
    EXPECT_GE(lo, -1.0);
    EXPECT_LT(hi, 1.0);  // [lo, hi): a value rounded up to hi is stepped back below it
    EXPECT_LT(lo, -0.99);
    EXPECT_GT(hi, 0.99);
    // A range at float16's edge holds no inf.
    generate_tensor(a.data(), DType::f16, n, -65504, 65504, 3, 1);
    for (uint16_t h : a) ASSERT_TRUE(std::isfinite(half_bits_to_float(h)));
}

TEST(Float16, AdversarialSets) {
    AdversarialGen g;
    // large: within float16's finite values only.
    EXPECT_EQ(parse_adversarial("large", nlohmann::json::array({-60000, 60000}), DType::f16, -1, 1, g), "");
    EXPECT_NE(parse_adversarial("large", nlohmann::json::array({-1e5, 1e5}), DType::f16, -1, 1, g), "");
    EXPECT_EQ(parse_adversarial("large", nlohmann::json::array({-1e5, 1e5}), DType::f32, -1, 1, g), "");
    const size_t n = 4096;
    std::vector<uint16_t> v(n);
    ASSERT_EQ(parse_adversarial("large", nlohmann::json::array({-65504, 65504}), DType::f16, -1, 1, g), "");
    generate_adversarial(v.data(), DType::f16, n, g, -1, 1, 5, 0);
    for (uint16_t h : v) ASSERT_TRUE(std::isfinite(half_bits_to_float(h)));
    // denormal: float16 subnormals (not float32 ones, which are 0 in float16).
    ASSERT_EQ(parse_adversarial("denormal", true, DType::f16, -1, 1, g), "");
    generate_adversarial(v.data(), DType::f16, n, g, -1, 1, 5, 0);
    size_t sub = 0, neg = 0;
    for (uint16_t h : v) {
        float f = half_bits_to_float(h);
        ASSERT_TRUE(std::isfinite(f));
        if ((h & 0x7c00u) == 0 && (h & 0x3ffu) != 0) {
            sub++;
            neg += (h & 0x8000u) ? 1 : 0;
        }
    }
    EXPECT_GT(sub, n / 3);
    EXPECT_GT(neg, sub / 4);
    // round_half: float(v) * factor is exactly k + 0.5 (a dyadic factor: float16's 11 bits hold
    // exact ties for few others).
    ASSERT_EQ(parse_adversarial("round_half", 4.0, DType::f16, -4, 4, g), "");
    generate_adversarial(v.data(), DType::f16, n, g, -4, 4, 5, 0);
    size_t exact = 0;
    for (uint16_t h : v) {
        float s = half_bits_to_float(h) * 4.0f;
        exact += s - std::floor(s) == 0.5f ? 1 : 0;
    }
    EXPECT_GT(exact, n * 9 / 10);
    // ties and extremes: the range's values.
    ASSERT_EQ(parse_adversarial("ties", 5, DType::f16, -1, 1, g), "");
    generate_adversarial(v.data(), DType::f16, n, g, -1, 1, 5, 0);
    for (uint16_t h : v) {
        float f = half_bits_to_float(h);
        ASSERT_TRUE(f == -1 || f == -0.5f || f == 0 || f == 0.5f || f == 1) << f;
    }
}

TEST(Float16, PoisonAndCompare) {
    const size_t n = 64;
    std::vector<uint16_t> ref(n), out(n);
    for (size_t i = 0; i < n; i++) ref[i] = float_to_half_bits(static_cast<float>(i) / 8 - 3);
    fill_poison(out.data(), DType::f16, n);
    CompareResult c = compare_output(out.data(), ref.data(), DType::f16, n, 1e-3, 1e-3);
    EXPECT_FALSE(c.ok);
    EXPECT_EQ(c.unwritten, n);
    out = ref;
    c = compare_output(out.data(), ref.data(), DType::f16, n, 1e-3, 1e-3);
    EXPECT_TRUE(c.ok);
    EXPECT_DOUBLE_EQ(read_element(ref.data(), DType::f16, 9), 9.0 / 8 - 3);
    // One float16 ulp apart passes the default tolerance; four ulps do not.
    Tolerance t = default_tolerance(DType::f16);
    out[40] = static_cast<uint16_t>(ref[40] + 1);
    EXPECT_TRUE(compare_output(out.data(), ref.data(), DType::f16, n, t.atol, t.rtol).ok);
    out[40] = static_cast<uint16_t>(ref[40] + 4);
    EXPECT_FALSE(compare_output(out.data(), ref.data(), DType::f16, n, t.atol, t.rtol).ok);
}

TEST(Float16, ToleranceRule) {
    const double u = std::ldexp(1.0, -11);
    Tolerance d = default_tolerance(DType::f16);
    EXPECT_DOUBLE_EQ(d.atol, 4 * u);
    EXPECT_DOUBLE_EQ(d.rtol, 4 * u);
    Tolerance r = float16_tolerance(256);
    EXPECT_DOUBLE_EQ(r.atol, 20 * u);  // u * (4 + sqrt(256))
    EXPECT_DOUBLE_EQ(r.rtol, 20 * u);
    EXPECT_DOUBLE_EQ(float16_tolerance(1).rtol, 5 * u);
    EXPECT_EQ(default_tolerance(DType::f32).atol, 1e-4);  // float32 unchanged
}

namespace {

const char *k_half_task = R"({
  "id": "toy", "title": "t", "tier": "L1", "domain": "language", "provenance": "p", "description": "d",
  "dims": ["M", "K"],
  "inputs": [{"name": "x", "dtype": "float16", "shape": ["M", "K"], "range": [-1, 1]}],
  "outputs": [{"name": "y", "dtype": "float16", "shape": ["M"]}],
  "tolerance": {"reduction": "K"},
  "instances": [
    {"name": "a", "split": "visible", "dims": {"M": 8, "K": 64}},
    {"name": "b", "split": "visible", "dims": {"M": 16, "K": 256}},
    {"name": "c", "split": "heldout", "dims": {"M": 3, "K": 100}}
  ]
})";

std::string with(std::string s, const std::string &from, const std::string &to) {
    auto p = s.find(from);
    EXPECT_NE(p, std::string::npos) << from;
    return s.replace(p, from.size(), to);
}

std::string load_error(const std::string &json, Task *out = nullptr) {
    TempDir tmp("ekb-f16-task-");
    fs::path dir = tmp.path() / "toy";
    write_file(dir / "task.json", json);
    write_file(dir / "algorithm.h", "// algorithm\n");
    write_file(dir / "reference.py", "# reference\n");
    write_file(dir / "kernels" / "naive.cpp", "// naive\n");
    try {
        Task t = load_task(dir);
        if (out) *out = t;
    } catch (const TaskError &e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(Float16, TaskJson) {
    Task t;
    ASSERT_EQ(load_error(k_half_task, &t), "");
    EXPECT_EQ(t.inputs[0].dtype, DType::f16);
    EXPECT_EQ(t.outputs[0].dtype, DType::f16);
    // The reduction's largest length over the instances: K = 256.
    EXPECT_DOUBLE_EQ(t.tolerance.at("y").rtol, float16_tolerance(256).rtol);
    // Explicit values override the rule.
    ASSERT_EQ(load_error(with(k_half_task, "{\"reduction\": \"K\"}", "{\"reduction\": \"K\", \"atol\": 0.5}"), &t), "");
    EXPECT_EQ(t.tolerance.at("y").atol, 0.5);
    EXPECT_DOUBLE_EQ(t.tolerance.at("y").rtol, float16_tolerance(256).rtol);
    // Without the key: the float16 default.
    ASSERT_EQ(load_error(with(k_half_task, "\"tolerance\": {\"reduction\": \"K\"},", ""), &t), "");
    EXPECT_DOUBLE_EQ(t.tolerance.at("y").atol, default_tolerance(DType::f16).atol);
    // A reduction on float32 outputs, a bad expression, a range beyond float16: errors.
    std::string e = load_error(with(k_half_task, "{\"name\": \"y\", \"dtype\": \"float16\"", "{\"name\": \"y\", \"dtype\": \"float32\""));
    EXPECT_NE(e.find("tolerance.reduction"), std::string::npos) << e;
    e = load_error(with(k_half_task, "{\"reduction\": \"K\"}", "{\"reduction\": \"Q\"}"));
    EXPECT_NE(e.find("tolerance.reduction"), std::string::npos) << e;
    e = load_error(with(k_half_task, "\"range\": [-1, 1]", "\"range\": [-1, 70000]"));
    EXPECT_NE(e.find("inputs[0].range"), std::string::npos) << e;
    e = load_error(with(k_half_task, "\"range\": [-1, 1]", "\"range\": [-1, 1], \"adversarial\": {\"large\": [-1e5, 1e5]}"));
    EXPECT_NE(e.find("adversarial.large"), std::string::npos) << e;
}
