// Deliberately wrong kernels: each must be reported not correct, with the right reason.
#include "engine_fixture.h"

using namespace ekb;
using namespace ekb::test;

namespace {

struct WrongCase {
    const char *file;
    const char *code;        // expected failure_code
    bool heldout;            // expected to fail only on a held-out instance
    const char *phrase;      // expected in the message
};

class WrongKernel : public ::testing::TestWithParam<WrongCase> {};

TEST_P(WrongKernel, IsNotCorrectForTheRightReason) {
    const WrongCase &c = GetParam();
    ResultRecord r = evaluate_file("matmul", "cpu", test_kernel("matmul", c.file));
    SCOPED_TRACE(r.failure_message);
    EXPECT_FALSE(r.correct);
    EXPECT_EQ(r.status, std::string(c.code) == "object_rejected" ? "compile_failed" : "incorrect");
    EXPECT_EQ(r.failure_code, c.code);
    EXPECT_EQ(r.failure_heldout, c.heldout);
    EXPECT_NE(r.failure_message.find(c.phrase), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(
    Matmul, WrongKernel,
    ::testing::Values(WrongCase{"off_by_one.cpp", "mismatch", false, "wrong values at"},
                      WrongCase{"skipped_tail.cpp", "mismatch", true, "wrong values at"},
                      WrongCase{"all_zeros.cpp", "mismatch", false, "all zeros"},
                      WrongCase{"copy_input.cpp", "mismatch", false, "wrong values at"},
                      WrongCase{"visible_only.cpp", "mismatch", true, "wrong values at"},
                      WrongCase{"memoize.cpp", "object_rejected", false, "halide_memoization_cache"}),
    [](const auto &info) {
        std::string n = info.param.file;
        return n.substr(0, n.find('.'));
    });

TEST(WrongKernel, SkippedTailNamesTheHeldOutInstanceAndTheTailColumn) {
    ResultRecord r = evaluate_file("matmul", "cpu", test_kernel("matmul", "skipped_tail.cpp"));
    EXPECT_EQ(r.failure_instance, "tokens13-383x257");
    // 383 = 23 * 16 + 15: the first wrong column is 368.
    EXPECT_NE(r.failure_message.find("first at [0, 368]"), std::string::npos) << r.failure_message;
    // Visible instances passed before the held-out one failed.
    auto insts = nlohmann::json::parse(r.instances);
    EXPECT_TRUE(insts[0]["correct"].get<bool>());
    EXPECT_TRUE(insts[1]["correct"].get<bool>());
    EXPECT_FALSE(insts[2]["correct"].get<bool>());
}

}  // namespace

TEST(RightKernel, AnAlgorithmicRewriteIsLegalAndCorrect) {
    ResultRecord r = evaluate_file("matmul", "cpu", test_kernel("matmul", "rewrite_transpose.cpp"));
    EXPECT_TRUE(r.correct) << r.failure_message;
}
