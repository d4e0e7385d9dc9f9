#include <gtest/gtest.h>

#include <vector>

#include "verify/datagen.h"
#include "verify/trivial_outputs.h"

using namespace ekb;

TEST(TrivialOutputs, AnInformativeOutputRejectsThemAll) {
    std::vector<float> ref(1000), in(300);
    generate_tensor(ref.data(), DType::f32, ref.size(), -1, 1, 1, 0);
    generate_tensor(in.data(), DType::f32, in.size(), -1, 1, 2, 0);
    auto checks = check_trivial_outputs(ref.data(), DType::f32, ref.size(), 1e-4, 1e-4, {{"x", DType::f32, in.data(), in.size()}});
    ASSERT_EQ(checks.size(), 4u);
    for (const auto &c : checks) EXPECT_FALSE(c.passes) << c.kind;
    EXPECT_EQ(checks[3].kind, "input:x");
}

TEST(TrivialOutputs, ABrokenTaskIsCaught) {
    // A softmax over 100000 columns: every value ~1e-5, so zeros pass an atol of 1e-4.
    std::vector<float> ref(1000, 1e-5f);
    auto checks = check_trivial_outputs(ref.data(), DType::f32, ref.size(), 1e-4, 1e-4, {});
    EXPECT_TRUE(checks[0].passes);  // zeros
    EXPECT_TRUE(checks[1].passes);  // mean
    // An output that copies its input.
    std::vector<int8_t> q(64), x(64);
    for (int i = 0; i < 64; i++) q[i] = x[i] = static_cast<int8_t>(i - 32);
    auto c2 = check_trivial_outputs(q.data(), DType::i8, q.size(), 0, 0, {{"x", DType::i8, x.data(), x.size()}});
    EXPECT_FALSE(c2[0].passes);
    EXPECT_TRUE(c2[3].passes);
}
