// Kernels that do not build, crash or hang: each yields a stored record with its failure
// stage and message, and the harness goes on.
#include <cmath>

#include "engine_fixture.h"
#include "record/store.h"

using namespace ekb;
using namespace ekb::test;

TEST(Failures, EachIsRecordedAndTheHarnessGoesOn) {
    struct Case {
        const char *file, *stage, *code, *phrase;
    };
    const Case cases[] = {
        {"syntax_error.cpp", "compile", "compile_error", "expected ';'"},
        {"schedule_error.cpp", "generate", "generate_error", "nowhere"},
        {"segfault_generate.cpp", "generate", "generate_error", "SIGSEGV"},
        {"hang_generate.cpp", "generate", "generate_error", "timed out"},
        {"segfault_run.cpp", "run", "crash", "SIGSEGV"},
        {"hang_run.cpp", "run", "timeout", "did not return within"},
    };
    TempDir tmp("ekb-failures-");
    ResultStore store(tmp.path() / "results.db");
    Limits lim;
    lim.generate_seconds = 3;
    lim.call_seconds = 2;
    lim.start_seconds = 2;
    for (const Case &c : cases) {
        SCOPED_TRACE(c.file);
        ResultRecord r = evaluate_file("matmul", "cpu", test_kernel("matmul", c.file), lim);
        store.put(r);
        EXPECT_FALSE(r.correct);
        EXPECT_EQ(r.failure_stage, c.stage) << r.failure_message;
        EXPECT_EQ(r.failure_code, c.code) << r.failure_message;
        EXPECT_NE(r.failure_message.find(c.phrase), std::string::npos) << r.failure_message;
        EXPECT_LT(r.eval_s, 15.0);
    }
    // After all that, a good kernel still evaluates normally.
    ResultRecord good = evaluate_file("matmul", "cpu", suite().find("matmul")->expert_kernel("cpu"), lim);
    store.put(good);
    EXPECT_TRUE(good.correct) << good.failure_message;
    auto all = store.all();
    EXPECT_EQ(all.size(), std::size(cases) + 1);
}

TEST(Failures, MessagesAreTrimmedForAPerson) {
    ResultRecord r = evaluate_file("matmul", "cpu", test_kernel("matmul", "syntax_error.cpp"));
    EXPECT_NE(r.failure_message.find("kernel.cpp:"), std::string::npos) << r.failure_message;
    EXPECT_EQ(r.failure_message.find("/var/cache"), std::string::npos) << r.failure_message;
    EXPECT_LT(r.failure_message.size(), 2600u);
}

TEST(Failures, ABackendWithoutADeviceIsNotSupportedNotFailed) {
    ResultRecord r = evaluate_file("matmul", "cuda", suite().find("matmul")->naive_kernel());
    if (r.status != "not_supported") GTEST_SKIP() << "this machine has a CUDA GPU";
    EXPECT_TRUE(r.compiled);
    EXPECT_EQ(r.failure_code, "not_supported");
    EXPECT_NE(r.failure_message.find("NVIDIA"), std::string::npos) << r.failure_message;
}
