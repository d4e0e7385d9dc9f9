// Profiles (Evaluator::profile): a kernel built with Halide's profile feature, run by the
// runner's profiling worker on the largest selected instance. On cpu the Halide profiler's
// per-Func times name the task's own stages; on opencl (PoCL) the debug runtime's
// synchronized launches give per-kernel times. A kernel that does not build is an error
// in the result, not an exception.
#include "engine_fixture.h"
#include "eval/kernel_profile.h"

using namespace ekb;
using namespace ekb::test;

namespace {

EvalRequest profile_request(const std::string &task_id, const std::string &backend, const std::string &source) {
    EvalRequest req;
    req.task = suite().find(task_id);
    req.backend = backend;
    req.kernel_source = source;
    req.call_seconds = 10;
    req.threads = 2;
    req.seed = 7;
    for (const Instance *i : req.task->visible_instances()) req.instance_names.push_back(i->name);
    return req;
}

}  // namespace

TEST(Profile, CpuGivesTheTimeOfEachOfTheTasksFuncs) {
    const Task *task = suite().find("softmax");
    ASSERT_NE(task, nullptr);
    Evaluator ev(suite(), toolchain());
    nlohmann::json p = ev.profile(profile_request("softmax", "cpu", read_file(task->naive_kernel())), 0.3);
    ASSERT_FALSE(p.contains("error")) << p.dump();
    // softmax: both visible instances hold 65536 elements; on a tie, the first.
    EXPECT_EQ(p["instance"], "heads4-tokens128-seq128");
    EXPECT_GT(p["calls"].get<int64_t>(), 0);
    auto shares = profile_shares(p);
    double sum = 0;
    for (const auto &[f, s] : shares) sum += s;
    EXPECT_NEAR(sum, 1.0, 1e-6);
    // softmax's stages (algorithm.h): the exponentials and the normalized output dominate.
    ASSERT_TRUE(shares.count("ex")) << p.dump();
    ASSERT_TRUE(shares.count("y")) << p.dump();
    EXPECT_GT(shares["ex"] + shares["y"], 0.5) << p.dump();
    EXPECT_TRUE(p["kernels"].empty());
    std::string text = profile_text(p, [](const std::string &f) { return f == "ex" ? "a.ex" : ""; });
    EXPECT_NE(text.find("ex (a.ex)"), std::string::npos) << text;
    EXPECT_NE(text.find("time/call"), std::string::npos) << text;
}

TEST(Profile, OpenclGivesTheTimeOfEachKernelLaunch) {
    const Task *task = suite().find("softmax");
    Evaluator ev(suite(), toolchain());
    nlohmann::json p = ev.profile(profile_request("softmax", "opencl", read_file(task->expert_kernel("opencl"))), 0.3);
    ASSERT_FALSE(p.contains("error")) << p.dump();
    ASSERT_FALSE(p["kernels"].empty()) << p.dump();
    for (const auto &k : p["kernels"]) {
        EXPECT_EQ(k["entry"].get<std::string>().rfind("_kernel_", 0), 0u) << k.dump();
        EXPECT_GT(k["calls"].get<int64_t>(), 0);
        EXPECT_GT(k["total_ms"].get<double>(), 0.0);
    }
    EXPECT_NE(profile_text(p).find("GPU kernels"), std::string::npos);
}

TEST(Profile, AKernelThatDoesNotBuildIsAnErrorInTheResult) {
    Evaluator ev(suite(), toolchain());
    nlohmann::json p = ev.profile(profile_request("softmax", "cpu", "this is not C++\n"), 0.2);
    ASSERT_TRUE(p.contains("error")) << p.dump();
    EXPECT_NE(p["error"].get<std::string>().find("does not build"), std::string::npos) << p.dump();
    EXPECT_TRUE(profile_shares(p).empty());
    EXPECT_EQ(profile_text(p).rfind("No profile: ", 0), 0u);
}
