#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "verify/compare.h"
#include "verify/datagen.h"

using namespace ekb;

TEST(Compare, ToleranceAndNaNPlacement) {
    std::vector<float> ref = {1.0f, -2.0f, NAN, INFINITY, 0.0f};
    std::vector<float> out = ref;
    out[0] = 1.00005f;  // within atol 1e-4 + rtol 1e-4
    EXPECT_TRUE(compare_output(out.data(), ref.data(), DType::f32, 5, 1e-4, 1e-4).ok);
    out[1] = -2.01f;
    auto r = compare_output(out.data(), ref.data(), DType::f32, 5, 1e-4, 1e-4);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.mismatches, 1u);
    EXPECT_EQ(r.first_bad, 1u);
    out[1] = ref[1];
    out[2] = 0.0f;  // NaN expected
    EXPECT_FALSE(compare_output(out.data(), ref.data(), DType::f32, 5, 1e-4, 1e-4).ok);
    out[2] = NAN;
    out[3] = -INFINITY;
    EXPECT_FALSE(compare_output(out.data(), ref.data(), DType::f32, 5, 1e-4, 1e-4).ok);
}

TEST(Compare, IntegersExact) {
    std::vector<int8_t> ref = {1, -5, 127}, out = {1, -5, 126};
    auto r = compare_output(out.data(), ref.data(), DType::i8, 3, 0, 0);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.first_bad, 2u);
    EXPECT_EQ(r.describe({3}).find("wrong values at 1 of 3 elements"), 0u) << r.describe({3});
}

TEST(Compare, UnwrittenAndAllZero) {
    std::vector<float> ref = {1, 2, 3, 4}, out(4);
    fill_poison(out.data(), DType::f32, 4);
    auto r = compare_output(out.data(), ref.data(), DType::f32, 4, 1e-4, 1e-4);
    EXPECT_EQ(r.unwritten, 4u);
    EXPECT_NE(r.describe({2, 2}).find("not written at all"), std::string::npos);
    std::fill(out.begin(), out.end(), 0.0f);
    r = compare_output(out.data(), ref.data(), DType::f32, 4, 1e-4, 1e-4);
    EXPECT_TRUE(r.all_zero);
    EXPECT_NE(r.describe({2, 2}).find("all zeros"), std::string::npos);
    EXPECT_NE(r.describe({2, 2}).find("first at [0, 0]"), std::string::npos);
}

TEST(Compare, CoordinatesInPyTorchOrder) {
    EXPECT_EQ(coordinate_string(0, {2, 3, 4}), "[0, 0, 0]");
    EXPECT_EQ(coordinate_string(23, {2, 3, 4}), "[1, 2, 3]");
    EXPECT_EQ(coordinate_string(5, {2, 3, 4}), "[0, 1, 1]");
}

TEST(DataGen, DeterministicRangedAndSeedSensitive) {
    std::vector<float> a(1000), b(1000), c(1000);
    generate_tensor(a.data(), DType::f32, 1000, -2, 3, 42, 0);
    generate_tensor(b.data(), DType::f32, 1000, -2, 3, 42, 0);
    generate_tensor(c.data(), DType::f32, 1000, -2, 3, 43, 0);
    EXPECT_EQ(0, std::memcmp(a.data(), b.data(), 4000));
    EXPECT_NE(0, std::memcmp(a.data(), c.data(), 4000));
    double lo = 1e9, hi = -1e9;
    for (float v : a) lo = std::min(lo, double(v)), hi = std::max(hi, double(v));
    EXPECT_GE(lo, -2.0);
    EXPECT_LT(hi, 3.0);
    EXPECT_LT(lo, -1.9);
    EXPECT_GT(hi, 2.9);
    std::vector<int8_t> q(5000);
    generate_tensor(q.data(), DType::i8, 5000, -128, 127, 7, 1);
    int qlo = 1000, qhi = -1000;
    for (int8_t v : q) qlo = std::min(qlo, int(v)), qhi = std::max(qhi, int(v));
    EXPECT_EQ(qlo, -128);
    EXPECT_EQ(qhi, 127);
}
