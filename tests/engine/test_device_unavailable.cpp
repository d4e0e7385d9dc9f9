// A device that the kernel's confined process cannot use is the device's failure, not the
// kernel's: no record is stored (a harness error, retried on resume). Seen on a GPU farm:
// NVIDIA's OpenCL ICD was registered in a /tmp folder, the conductor (unconfined) found the
// GPU, every confined worker (private /tmp) got "clGetPlatformIDs failed: -1001", and 24
// good kernels were stored as run/runtime_error. Reproduced here with PoCL: its ICD file in a
// /tmp folder that only the unconfined side sees.
#include <cstdlib>

#include "common/sandbox.h"
#include "common/subprocess.h"
#include "eval/availability.h"
#include "engine_fixture.h"

using namespace ekb;
using namespace ekb::test;

namespace {

// OCL_ICD_VENDORS set for the scope of one test, restored after.
struct IcdOnlyOutsideTheSandbox {
    TempDir dir{"ekb-icd-", "/tmp"};
    std::string old;
    bool had = false;
    IcdOnlyOutsideTheSandbox() {
        if (const char *o = std::getenv("OCL_ICD_VENDORS")) {
            had = true;
            old = o;
        }
        for (const auto &e : fs::directory_iterator("/etc/OpenCL/vendors")) {
            fs::copy_file(e.path(), dir.path() / e.path().filename());
        }
        ::setenv("OCL_ICD_VENDORS", dir.path().c_str(), 1);
    }
    ~IcdOnlyOutsideTheSandbox() {
        if (had) ::setenv("OCL_ICD_VENDORS", old.c_str(), 1);
        else ::unsetenv("OCL_ICD_VENDORS");
    }
};

void need_opencl_and_bubblewrap() {
    if (!bubblewrap_available()) GTEST_SKIP() << "bubblewrap is not usable here: " << confinement_summary();
    if (std::string why = backend_unavailable_here("opencl"); !why.empty()) GTEST_SKIP() << why;
    if (!fs::is_directory("/etc/OpenCL/vendors")) GTEST_SKIP() << "no /etc/OpenCL/vendors";
}

}  // namespace

TEST(DeviceUnavailable, AGoodKernelOnADeviceItsSandboxCannotSeeIsAHarnessErrorNotARecord) {
    need_opencl_and_bubblewrap();
    if (::testing::Test::IsSkipped()) return;
    const Task *task = suite().find("matmul");
    ASSERT_NE(task, nullptr);
    // The same good kernel passes with the device visible (the baseline of this test).
    ResultRecord ok = evaluate_file("matmul", "opencl", task->naive_kernel());
    ASSERT_TRUE(ok.correct) << ok.failure_stage << "/" << ok.failure_code << ": " << ok.failure_message;

    IcdOnlyOutsideTheSandbox icd;
    for (bool timing : {false, true}) {  // without and with the expert in the same run
        SCOPED_TRACE(timing ? "timed (expert beside the kernel)" : "verification only");
        test::Limits lim;
        lim.timing = timing;
        lim.instances = {task->instances.front().name};
        try {
            ResultRecord r = evaluate_file("matmul", "opencl", task->naive_kernel(), lim);
            ADD_FAILURE() << "a record was made: " << r.status << " " << r.failure_stage << "/" << r.failure_code << ": "
                          << r.failure_message;
        } catch (const std::exception &e) {
            std::string m = e.what();
            EXPECT_NE(m.find("device unavailable"), std::string::npos) << m;
            EXPECT_NE(m.find("clGetPlatformIDs"), std::string::npos) << m;  // what the device said
            EXPECT_NE(m.find("no record is stored"), std::string::npos) << m;
        }
    }
}

TEST(DeviceUnavailable, TheExpertItselfCannotVouchForTheDevice) {
    // The candidate is the expert: its failure is its own record (on the H200 three cuda
    // experts fail every launch), not "device unavailable" because the expert failed too.
    need_opencl_and_bubblewrap();
    if (::testing::Test::IsSkipped()) return;
    const Task *task = suite().find("matmul");
    ASSERT_NE(task, nullptr);
    IcdOnlyOutsideTheSandbox icd;
    test::Limits lim;
    lim.instances = {task->instances.front().name};
    ResultRecord r = evaluate_file("matmul", "opencl", task->expert_kernel("opencl"), lim);
    EXPECT_FALSE(r.correct);
    EXPECT_EQ(r.failure_stage, "run") << r.failure_code << ": " << r.failure_message;
    EXPECT_NE(r.failure_message.find("clGetPlatformIDs"), std::string::npos) << r.failure_message;
}

TEST(DeviceUnavailable, AKernelThatFailsToRunOnAWorkingDeviceIsStillItsFailure) {
    // The expert runs on this device, so the kernel's crash and runtime error are its own.
    test::Limits lim;
    lim.call_seconds = 2;
    lim.start_seconds = 2;
    lim.generate_seconds = 5;
    ResultRecord crash = evaluate_file("matmul", "cpu", test_kernel("matmul", "segfault_run.cpp"), lim);
    EXPECT_FALSE(crash.correct);
    EXPECT_EQ(crash.failure_code, "crash") << crash.failure_message;
    lim.timing = true;
    ResultRecord timed = evaluate_file("matmul", "cpu", test_kernel("matmul", "segfault_run.cpp"), lim);
    EXPECT_FALSE(timed.correct);
    EXPECT_EQ(timed.failure_code, "crash") << timed.failure_message;
}

TEST(DeviceUnavailable, AKernelCannotPoseAsABrokenDevice) {
    // Every call fails at run time, as on a broken device; the expert runs here.
    for (bool timing : {false, true}) {
        SCOPED_TRACE(timing ? "timed" : "verification only");
        test::Limits lim;
        lim.timing = timing;
        ResultRecord r = evaluate_file("matmul", "cpu", test_kernel("exploits", "fake_device_error.cpp"), lim);
        EXPECT_FALSE(r.correct);
        EXPECT_EQ(r.failure_stage, "run") << r.failure_code << ": " << r.failure_message;
        EXPECT_EQ(r.failure_code, "runtime_error") << r.failure_message;
    }
}
