// Every shipped task's naive and expert kernels are correct on cpu and opencl (every
// instance, fresh seeds), build for cuda (the GPU rule and the object check included; no
// GPU here to run them), and the timed path produces a speedup with its interval.
#include <cmath>

#include "common/backend_table.h"
#include "compile/backend.h"
#include "compile/compiler.h"
#include "engine_fixture.h"
#include "eval/availability.h"

using namespace ekb;
using namespace ekb::test;

namespace {

// The default test run checks a fixed subset (every tier, every dtype, every kernel
// shape of the format); the `suite` label runs the same test over every task.
#ifdef EKB_FULL_SUITE
std::vector<std::string> task_ids() {
    std::vector<std::string> ids;
    for (const auto &t : suite().tasks()) ids.push_back(t.id);
    return ids;
}
#else
std::vector<std::string> task_ids() {
    return {"matmul", "conv2d_3x3", "depthwise_conv3x3", "softmax", "layernorm", "fc_int8", "conv1x1_bias_relu6",
            "mobilenetv2_block", "matmul_fp16"};
}
#endif

class SuiteKernels : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(SuiteKernels, NaiveAndExpertAreCorrect) {
    const auto &[id, backend] = GetParam();
    const Task *t = suite().find(id);
    // A backend of another CPU needs its cross toolchain, emulator and C library here.
    if (std::string why = backend_unavailable_here(backend); !why.empty()) GTEST_SKIP() << why;
    // Shipped kernels are trusted: a generous per-call limit, so that a loaded machine (a
    // PoCL expert of an L3 block took over 4 s a call at load 20) is not a false failure.
    Limits lim;
    lim.call_seconds = 60;
    // The compile and generate limits of a user's run (CompileOptions' defaults), not the
    // tests' short ones: a deep L3 expert's generator took over 20 s at load 3 on 2 cores.
    lim.compile_seconds = CompileOptions{}.compile_seconds;
    lim.generate_seconds = CompileOptions{}.generate_seconds;
    if (!runs_natively(backend_info(backend))) lim.call_seconds = 120;  // an emulated CPU is 10-50x slower
    for (const auto &file : {t->naive_kernel(), t->expert_kernel(backend)}) {
        ResultRecord r = evaluate_file(id, backend, file, lim);
        if (r.status == "not_supported") GTEST_SKIP() << backend << " not supported here: " << r.failure_message;
        EXPECT_TRUE(r.correct) << file.filename() << ": [" << r.failure_stage << "/" << r.failure_code << "] "
                               << r.failure_message;
    }
}

std::string param_name(const ::testing::TestParamInfo<std::tuple<std::string, std::string>> &info) {
    std::string n = std::get<0>(info.param) + "_" + std::get<1>(info.param);
    for (char &c : n) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return n;
}

INSTANTIATE_TEST_SUITE_P(Shipped, SuiteKernels,
                         ::testing::Combine(::testing::ValuesIn(task_ids()), ::testing::Values("cpu", "opencl")), param_name);

// The arm64 CPUs (cross-compiled, run here under qemu-aarch64-static; their experts are the
// cpu experts): a small fixed subset by default (an int8 GEMV, a reduction, a depthwise
// convolution: each run is 10-50x slower emulated), every task with the suite label.
// Skipped, saying what is missing, where the cross toolchain, qemu or libc6:arm64 are not.
#ifdef EKB_FULL_SUITE
std::vector<std::string> arm64_task_ids() { return task_ids(); }
#else
std::vector<std::string> arm64_task_ids() { return {"fc_int8", "softmax", "depthwise_conv3x3"}; }
#endif

INSTANTIATE_TEST_SUITE_P(Arm64, SuiteKernels,
                         ::testing::Combine(::testing::ValuesIn(arm64_task_ids()), ::testing::Values("cpu-arm64")),
                         param_name);

// cuda compiles anywhere: every naive and cuda expert kernel passes the compile path (the
// GPU rule: outputs and non-trivial stages on the device; the object check) for cuda. The
// default run builds a subset (one with GPU shared memory); the suite label builds all.
#ifdef EKB_FULL_SUITE
std::vector<std::string> cuda_task_ids() { return task_ids(); }
#else
std::vector<std::string> cuda_task_ids() { return {"matmul", "depthwise_conv3x3", "softmax", "mobilenetv2_block"}; }
#endif

class SuiteCudaBuild : public ::testing::TestWithParam<std::string> {};

TEST_P(SuiteCudaBuild, NaiveAndExpertBuildForCuda) {
    const Task *t = suite().find(GetParam());
    for (const auto &file : {t->naive_kernel(), t->expert_kernel("cuda")}) {
        CompileResult c = compile_kernel(toolchain(), *t, "cuda", backend_target("cuda"), read_file(file));
        EXPECT_TRUE(c.ok) << file.filename() << ": [" << c.stage << "] " << c.message;
    }
}

INSTANTIATE_TEST_SUITE_P(Shipped, SuiteCudaBuild, ::testing::ValuesIn(cuda_task_ids()),
                         [](const auto &info) { return info.param; });

#ifndef EKB_FULL_SUITE
TEST(Timing, ExpertAgainstItselfGivesASpeedupWithAnInterval) {
    Limits lim;
    lim.timing = true;
    ResultRecord r = evaluate_file("matmul", "cpu", suite().find("matmul")->expert_kernel("cpu"), lim);
    ASSERT_TRUE(r.timed) << r.failure_message;
    EXPECT_FALSE(std::isnan(r.speedup));
    EXPECT_LE(r.speedup_ci_lo, r.speedup);
    EXPECT_GE(r.speedup_ci_hi, r.speedup);
    EXPECT_GT(r.kernel_median_s, 0);
    EXPECT_GT(r.cold_start_s, 0);
    EXPECT_GT(r.peak_rss_kb, 0);
    auto insts = nlohmann::json::parse(r.instances);
    for (const auto &i : insts) {
        EXPECT_GE(i["timing"]["candidate"]["n"].get<int>(), 5);
        EXPECT_GE(i["timing"]["candidate"]["calls_per_sample"].get<int>(), 1);
    }
    auto env = nlohmann::json::parse(r.environment);
    EXPECT_TRUE(env.contains("device"));
    EXPECT_EQ(r.target, backend_target("cpu"));
}
#endif

}  // namespace
