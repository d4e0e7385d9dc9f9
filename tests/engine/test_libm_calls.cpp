// Honest kernels whose libm calls LLVM rewrites (sinf + cosf of one angle -> sincosf) pass
// the object check and verification; the allowlists list the merged forms.
#include "engine_fixture.h"

using namespace ekb;
using namespace ekb::test;

TEST(LibmCalls, SinAndCosOfOneAngleMergedIntoSincosfAreAccepted) {
    ResultRecord r = evaluate_file("nco_iq_mix", "cpu", ekb_home() / "tests" / "kernels" / "libm" / "nco_sin_cos.cpp");
    ASSERT_TRUE(r.compiled) << "[" << r.failure_stage << "/" << r.failure_code << "] " << r.failure_message;
    EXPECT_TRUE(r.correct) << "[" << r.failure_stage << "/" << r.failure_code << "] " << r.failure_message;
}
