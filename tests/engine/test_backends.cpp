// The backend table drives every backend: for each row, one conformance check through the
// whole path (compile for the row's target, the object check against its allowlist, its
// runner, its probe, verification on every instance): the sigmoid task's naive kernel is
// correct where the device exists, and a backend whose device is absent here (cuda without
// an NVIDIA GPU) compiles and is recorded not_supported: the test is then SKIPPED.
#include "common/backend_table.h"
#include "compile/backend.h"
#include "engine_fixture.h"
#include "eval/availability.h"

using namespace ekb;
using namespace ekb::test;

namespace {

std::vector<std::string> table_backends() {
    std::vector<std::string> names;
    for (const auto &b : backend_table()) names.push_back(b.name);
    return names;
}

class BackendConformance : public ::testing::TestWithParam<std::string> {};

TEST_P(BackendConformance, SigmoidNaiveCompilesAndRuns) {
    const Backend &b = backend_info(GetParam());
    const Task *t = suite().find("sigmoid");
    ASSERT_NE(t, nullptr);
    // A backend of another CPU needs its cross toolchain, emulator and C library here.
    if (std::string why = backend_unavailable_here(b.name); !why.empty()) GTEST_SKIP() << why;
    Limits lim;
    lim.call_seconds = 60;  // an emulated CPU is slow
    lim.start_seconds = 60;
    ResultRecord r = evaluate_file("sigmoid", b.name, t->naive_kernel(), lim);
    EXPECT_EQ(r.backend, b.name);
    EXPECT_EQ(r.target, backend_target(b.name));
    ASSERT_TRUE(r.compiled) << b.name << ": [" << r.failure_stage << "/" << r.failure_code << "] " << r.failure_message;
    if (r.status == "not_supported") {
        // Only a device that is absent may be: a CPU backend always has its device.
        EXPECT_EQ(b.device_class, DeviceClass::gpu) << b.name << ": " << r.failure_message;
        GTEST_SKIP() << b.name << ": no device here (" << r.failure_message << ")";
    }
    EXPECT_TRUE(r.correct) << b.name << ": [" << r.failure_stage << "/" << r.failure_code << "] " << r.failure_message;
    auto env = nlohmann::json::parse(r.environment);
    EXPECT_EQ(env.value("backend", ""), b.name);
}

INSTANTIATE_TEST_SUITE_P(Table, BackendConformance, ::testing::ValuesIn(table_backends()),
                         [](const auto &info) {
                             std::string n = info.param;
                             for (char &c : n) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                             return n;
                         });

}  // namespace
