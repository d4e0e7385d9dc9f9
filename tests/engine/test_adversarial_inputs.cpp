// Stronger verification (issue 15): kernels that are right on uniform random inputs and
// wrong at the edges the task defines — overflow without the max subtraction, tie-breaking,
// rounding ties, a racy scatter — must be reported incorrect, on the adversarial set.
#include "engine_fixture.h"
#include "run/device_probe.h"

using namespace ekb;
using namespace ekb::test;

namespace {

std::filesystem::path adversarial(const std::string &file) { return ekb_home() / "tests" / "kernels" / "adversarial" / file; }

struct AdvCase {
    const char *task;
    const char *file;
    const char *backend;
    const char *phrase;  // in the failure message ("" = any)
};

class AdversarialInputs : public ::testing::TestWithParam<AdvCase> {};

TEST_P(AdversarialInputs, CatchTheBug) {
    const AdvCase &c = GetParam();
    if (!probe_device(c.backend).supported) GTEST_SKIP() << c.backend << " not available";
    ResultRecord r = evaluate_file(c.task, c.backend, adversarial(c.file));
    SCOPED_TRACE(r.failure_message);
    ASSERT_TRUE(r.compiled) << r.failure_message;
    EXPECT_FALSE(r.correct);
    EXPECT_TRUE(r.failure_code == "mismatch" || r.failure_code == "nondeterministic") << r.failure_code;
    EXPECT_NE(r.failure_message.find(c.phrase), std::string::npos) << r.failure_message;
}

INSTANTIATE_TEST_SUITE_P(
    Bugs, AdversarialInputs,
    ::testing::Values(AdvCase{"softmax", "softmax_no_max.cpp", "cpu", "adversarial input set 'large'"},
                      AdvCase{"softmax", "softmax_no_max.cpp", "opencl", "adversarial input set 'large'"},
                      AdvCase{"argmax_rows", "argmax_last_index.cpp", "cpu", "adversarial input set 'ties'"},
                      AdvCase{"quantize_int8", "quantize_round_half_up.cpp", "cpu", "output 'output'"},
                      AdvCase{"histogram_u8", "histogram_racy.cpp", "cpu", "hist"}),
    [](const auto &info) { return std::string(info.param.task) + "_" + info.param.backend; });

TEST(AdversarialInputs, EveryEvaluationComparesAtLeast4096IntegerOutputs) {
    // argmax_rows has 41 integer outputs per set over its 4 instances: verification adds
    // random rounds on its cheapest instance until 4096 are compared exactly, every set twice.
    const Task &task = *suite().find("argmax_rows");
    EvalRequest req;
    req.task = &task;
    req.backend = "cpu";
    req.kernel_source = read_file(task.naive_kernel());
    req.kernel_name = "naive.cpp";
    req.timing.enabled = false;
    req.threads = 2;
    EvalPhases ph;
    Evaluator ev(suite(), toolchain());
    ResultRecord r = ev.evaluate(req, &ph);
    ASSERT_TRUE(r.correct) << r.failure_message;
    const nlohmann::json &v = ph.conductor.at("verification");
    EXPECT_GE(v.at("exact_outputs").get<int>(), 4096) << v.dump();
    EXPECT_EQ(v.at("runs_per_set").get<int>(), 2);
    EXPECT_EQ(v.at("adversarial_kinds"), nlohmann::json::array({"large", "ties"}));
}

}  // namespace
