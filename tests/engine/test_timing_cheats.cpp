// Timing that cannot be skipped (issue 15): kernels that remember through their output
// buffers, replay answers, or depend on a buffer's address. Hand-made pipelines
// (tests/kernels/timing_cheats/, the matmul ABI of tests/kernels/handmade/) go straight to
// the conductor, past the object check; the pure-Halide cheat goes through `ekb eval`'s
// path on cpu and on opencl (PoCL). None may earn a speedup.
#include "common/subprocess.h"
#include "compile/backend.h"
#include "engine_fixture.h"
#include "run/device_probe.h"

using namespace ekb;
using namespace ekb::test;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

fs::path cheat(const std::string &file) { return ekb_home() / "tests" / "kernels" / "timing_cheats" / file; }

fs::path build_pipeline(const fs::path &src, const fs::path &dir) {
    fs::path so = dir / (src.stem().string() + ".so");
    SpawnSpec s;
    s.argv = {"/usr/bin/g++", "-std=c++17", "-O1", "-shared", "-fPIC", std::string("-I") + EKB_HALIDE_INCLUDE_DIR,
              src.string(), "-o", so.string()};
    s.env = base_env(dir);
    s.stderr_path = dir / "cc.err";
    s.confine = false;
    s.limits.wall_seconds = 120;
    ExitInfo e = run_process(s);
    EXPECT_TRUE(e.ok()) << read_file_tail(s.stderr_path, 3000);
    return so;
}

// Conducts a hand-made matmul pipeline with timing (no expert); `peaks` for the bound.
json conduct(const fs::path &src, double peak_gflops = 0, double peak_gbps = 0) {
    TempDir tmp("ekb-cheat-");
    ::chmod(tmp.path().c_str(), 0755);
    const Task &task = *suite().find("matmul");
    Evaluator ev(suite(), toolchain());
    ConductSpec spec = conduct_spec_for(task, "cpu", fresh_seed(), 2, {"tokens16-512x512"});
    spec.candidate = build_pipeline(src, tmp.path()).string();
    spec.reference = ev.reference_artifact(task).artifact.string();
    spec.timing.cap_seconds = 0.3;
    spec.timing.min_samples = 6;
    spec.peak_gflops = peak_gflops;
    spec.peak_gbps = peak_gbps;
    spec.call_seconds = 5;
    spec.start_seconds = 5;
    spec.worker_memory_bytes = 1ull << 30;
    spec.workdir = tmp.path().string();
    write_file(tmp.path() / "spec.json", spec.to_json().dump());
    SpawnSpec s;
    s.argv = {toolchain().runner(backend_target("cpu")).string(), "conduct", (tmp.path() / "spec.json").string(),
              (tmp.path() / "result.json").string()};
    s.env = base_env(tmp.path());
    s.stderr_path = tmp.path() / "conductor.err";
    s.confine = false;
    s.limits.wall_seconds = 120;
    ExitInfo e = run_process(s);
    EXPECT_TRUE(e.ok()) << read_file_tail(s.stderr_path, 3000);
    return json::parse(read_file(tmp.path() / "result.json"));
}

std::string failure_code(const json &r) {
    const json &f = r.at("candidate").at("failure");
    return f.is_null() ? "" : f.at("code").get<std::string>();
}

TEST(TimingCheat, SkipUnlessPoisonFailsATimedCall) {
    json r = conduct(cheat("skip_unless_poison.cpp"));
    EXPECT_FALSE(r.at("correct").get<bool>()) << r.dump(1);
    EXPECT_EQ(failure_code(r), "timed_call_mismatch") << r.dump(1);
}

TEST(TimingCheat, SentinelThatMatchesTheInputNeverFindsIt) {
    // Output sets are never paired with the input set they held last, so the sentinel never
    // matches: the kernel always computes, and its time is the honest kernel's.
    json cheat_r = conduct(cheat("sentinel_matches_input.cpp"));
    json honest = conduct(ekb_home() / "tests" / "kernels" / "handmade" / "honest.cpp");
    ASSERT_TRUE(honest.at("timed").get<bool>()) << honest.dump(1);
    if (!cheat_r.at("correct").get<bool>()) {
        EXPECT_EQ(failure_code(cheat_r), "timed_call_mismatch") << cheat_r.dump(1);
        return;
    }
    double t_cheat = cheat_r.at("instances")[0].at("timing").at("candidate").at("median_s");
    double t_honest = honest.at("instances")[0].at("timing").at("candidate").at("median_s");
    EXPECT_GT(t_cheat, 0.5 * t_honest) << "the sentinel cheat skipped work: " << t_cheat << " s vs " << t_honest << " s";
}

TEST(TimingCheat, ReplayIsSuspectBelowThePhysicalBound) {
    // Stand-in peaks, generous for this 2-core test machine (a real run reads the measured
    // ones from `ekb device probe`): 50 GFLOP/s, 20 GB/s. Replaying C of matmul 16x512x512
    // (32 KiB) takes microseconds; the bound is 8.4 MFLOP / (8 x 50 GFLOP/s) = 21 us.
    json r = conduct(cheat("replay_by_content.cpp"), 50, 20);
    ASSERT_TRUE(r.at("timed").get<bool>()) << r.dump(1);  // its outputs are right
    ASSERT_TRUE(r.at("suspect").is_string()) << r.dump(1);
    EXPECT_NE(r.at("suspect").get<std::string>().find("FLOP bound"), std::string::npos) << r.at("suspect");
    EXPECT_TRUE(r.at("instances")[0].at("timing").at("physical_bound").at("suspect").get<bool>());
    // The honest pipeline, with the same peaks, is not.
    json h = conduct(ekb_home() / "tests" / "kernels" / "handmade" / "honest.cpp", 50, 20);
    ASSERT_TRUE(h.at("timed").get<bool>()) << h.dump(1);
    EXPECT_TRUE(h.at("suspect").is_null()) << h.at("suspect");
}

TEST(TimingCheat, AnAddressDependentResultIsCaught) {
    json r = conduct(cheat("address_dependent.cpp"));
    EXPECT_FALSE(r.at("correct").get<bool>()) << r.dump(1);
    EXPECT_TRUE(failure_code(r) == "mismatch" || failure_code(r) == "nondeterministic") << r.dump(1);
}

// The pure-Halide cheat (undef output, update predicated on the poison), with the expert.
class HalideCheat : public ::testing::TestWithParam<const char *> {};

TEST_P(HalideCheat, EarnsNoSpeedup) {
    std::string backend = GetParam();
    if (!probe_device(backend).supported) GTEST_SKIP() << backend << " not available";
    ekb::test::Limits lim;
    lim.timing = true;
    ResultRecord r = evaluate_file("matmul", backend, cheat("skip_unless_poison_halide.cpp"), lim);
    SCOPED_TRACE(r.failure_message);
    ASSERT_TRUE(r.compiled) << r.failure_message;
    if (!r.correct) {
        EXPECT_EQ(r.failure_code, "timed_call_mismatch");
    } else {
        EXPECT_TRUE(r.timed);
        EXPECT_LT(r.speedup, 1.5) << "the cheat earned a speedup over the expert";
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, HalideCheat, ::testing::Values("cpu", "opencl"));

}  // namespace
