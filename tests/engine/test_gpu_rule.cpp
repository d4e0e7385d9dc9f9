// GPU kernels must run on the GPU (compile/device_placement.h): on opencl and cuda a kernel
// whose output, or a non-trivial stage, is computed by host code is object_rejected with
// the stage named; a host stage of bounded, compile-time-constant work (a small table) is
// allowed. The kernels are in tests/kernels/gpu_rule/.
#include "engine_fixture.h"

using namespace ekb;
using namespace ekb::test;

namespace {

ResultRecord gpu_rule_kernel(const std::string &file, const std::string &backend) {
    std::string src = read_file(ekb_home() / "tests" / "kernels" / "gpu_rule" / file) + "\n// " +
                      std::to_string(fresh_seed()) + "\n";  // never answered from the cache
    return evaluate_source("matmul", backend, src, file);
}

void expect_gpu_rule(const ResultRecord &r, const std::string &needle) {
    EXPECT_EQ(r.status, "compile_failed");
    EXPECT_EQ(r.failure_stage, "object_check") << r.failure_message;
    EXPECT_EQ(r.failure_code, "object_rejected");
    EXPECT_NE(r.failure_message.find("GPU kernels must run on the GPU"), std::string::npos) << r.failure_message;
    EXPECT_NE(r.failure_message.find(needle), std::string::npos) << r.failure_message;
}

}  // namespace

TEST(GpuRule, AKernelWithNoGpuScheduleIsRejected) {
    for (const char *backend : {"opencl", "cuda"}) {
        SCOPED_TRACE(backend);
        expect_gpu_rule(gpu_rule_kernel("no_gpu_schedule.cpp", backend), "output 'C' is computed by host code");
    }
}

TEST(GpuRule, AHostIntermediateStageIsRejected) {
    expect_gpu_rule(gpu_rule_kernel("host_intermediate.cpp", "opencl"), "stage 'prod' runs on the host");
}

TEST(GpuRule, AnUnscheduledUpdateOnTheHostIsRejected) {
    expect_gpu_rule(gpu_rule_kernel("host_update.cpp", "opencl"), "stage 'prod' runs on the host");
}

TEST(GpuRule, ASmallConstantHostTableIsAllowed) {
    ResultRecord r = gpu_rule_kernel("small_host_table.cpp", "opencl");
    EXPECT_TRUE(r.correct) << "[" << r.failure_stage << "/" << r.failure_code << "] " << r.failure_message;
    EXPECT_NE(r.compile_log.find("stage 'table' runs on the host (64 stores"), std::string::npos) << r.compile_log;
}

// The same kernels on cpu are ordinary kernels: the rule is the GPU backends' alone.
TEST(GpuRule, CpuKernelsAreNotConcerned) {
    ResultRecord r = gpu_rule_kernel("no_gpu_schedule.cpp", "cpu");
    EXPECT_TRUE(r.correct) << "[" << r.failure_stage << "/" << r.failure_code << "] " << r.failure_message;
}
