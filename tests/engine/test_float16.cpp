// float16 tasks through the whole path: a float16 task's naive and expert kernels are
// correct on cpu (F16C conversions) and on opencl when the device has cl_khr_fp16; an
// OpenCL device without it reports the task not_supported (a status, not a failure) after
// compiling it. cuda builds (no GPU here to run it). A kernel that does its arithmetic in
// float16 where the reference accumulates in float is judged by the float16 tolerance.
#include "common/backend_table.h"
#include "engine_fixture.h"

using namespace ekb;
using namespace ekb::test;

namespace {

const char *k_task = "matmul_fp16";

bool opencl_has_float16() {
    nlohmann::json p = probe_backend(toolchain(), "opencl");
    return p.value("supported", false) && p.at("device").value("float16", false);
}

class Float16Kernels : public ::testing::TestWithParam<std::string> {};

TEST_P(Float16Kernels, NaiveAndExpert) {
    const std::string backend = GetParam();
    const Task *t = suite().find(k_task);
    ASSERT_NE(t, nullptr);
    ASSERT_EQ(t->inputs[0].dtype, DType::f16);
    Limits lim;
    lim.call_seconds = 60;
    bool expect_run = backend == "cpu" || opencl_has_float16();
    for (const auto &file : {t->naive_kernel(), t->expert_kernel(backend)}) {
        ResultRecord r = evaluate_file(k_task, backend, file, lim);
        ASSERT_TRUE(r.compiled) << file.filename() << ": [" << r.failure_stage << "/" << r.failure_code << "] "
                                << r.failure_message;
        if (!expect_run) {
            EXPECT_EQ(r.status, "not_supported") << file.filename();
            EXPECT_NE(r.failure_message.find("cl_khr_fp16"), std::string::npos) << r.failure_message;
            continue;
        }
        EXPECT_TRUE(r.correct) << file.filename() << ": [" << r.failure_stage << "/" << r.failure_code << "] "
                               << r.failure_message;
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, Float16Kernels, ::testing::Values("cpu", "opencl"));

TEST(Float16Engine, CudaExpertBuilds) {
    const Task *t = suite().find(k_task);
    ASSERT_NE(t, nullptr);
    ResultRecord r = evaluate_file(k_task, "cuda", t->expert_kernel("cuda"));
    EXPECT_TRUE(r.compiled) << "[" << r.failure_stage << "/" << r.failure_code << "] " << r.failure_message;
}

// The same product accumulated in float16 (every partial sum rounded): the error of a
// float16 accumulation, which the reduction-length tolerance admits on random inputs...
const char *k_half_accumulation = R"(
#include <ekb/kernel.h>
#include "algorithm.h"
EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Func acc{"acc"}, out{"out"};
    Var j{"j"}, i{"i"};
    RDom k(0, a.A.dim(0).extent());
    acc(j, i) = cast<float16_t>(0.0f);
    acc(j, i) = cast<float16_t>(cast<float>(acc(j, i)) + cast<float>(a.A(k, i)) * cast<float>(a.B(j, k)));
    out(j, i) = acc(j, i);
    acc.compute_root();
    return {{a.A, a.B}, {out}};
}
)";

// ...and one that drops the last term of every sum, which it does not.
const char *k_drops_a_term = R"(
#include <ekb/kernel.h>
#include "algorithm.h"
EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Func acc{"acc"}, out{"out"};
    Var j{"j"}, i{"i"};
    RDom k(0, a.A.dim(0).extent() - 1);
    acc(j, i) = 0.0f;
    acc(j, i) += cast<float>(a.A(k, i)) * cast<float>(a.B(j, k));
    out(j, i) = cast<float16_t>(acc(j, i));
    acc.compute_root();
    return {{a.A, a.B}, {out}};
}
)";

TEST(Float16Engine, ToleranceAdmitsHalfAccumulationNotAMissingTerm) {
    Limits lim;
    lim.call_seconds = 60;
    ResultRecord ok = evaluate_source(k_task, "cpu", k_half_accumulation, "half_accumulation.cpp", lim);
    ASSERT_TRUE(ok.compiled) << ok.failure_message;
    EXPECT_TRUE(ok.correct) << "[" << ok.failure_stage << "/" << ok.failure_code << "] " << ok.failure_message;
    ResultRecord bad = evaluate_source(k_task, "cpu", k_drops_a_term, "drops_a_term.cpp", lim);
    ASSERT_TRUE(bad.compiled) << bad.failure_message;
    EXPECT_FALSE(bad.correct);
    EXPECT_EQ(bad.status, "incorrect");
}

}  // namespace
