// Hostile files (the trust rule, docs/evaluation.md): kernels that replace what ekb reads
// back from a child's directory with a symlink to a host secret, a FIFO, a hard link, or
// invalid UTF-8 and NUL bytes; kernels that hunt ekb's environment; run-time pipelines that
// make the worker say invalid UTF-8. Each must end as a record whose JSON dumps, quoting
// nothing of the secret, within the wall limits; nothing of it may reach the compile cache.
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/sandbox.h"
#include "common/subprocess.h"
#include "common/untrusted_file.h"
#include "compile/backend.h"
#include "compile/compiler.h"
#include "engine_fixture.h"

using namespace ekb;
using namespace ekb::test;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A host file only root may read, holding a marker no test output can contain by chance.
struct Secret {
    TempDir dir{"ekb-secret-", "/tmp"};
    std::string marker = "EKB-SECRET-MARKER-" + std::to_string(fresh_seed());
    fs::path path = dir.path() / "secret.txt";
    Secret() { write_file_mode(path, marker + "\n", 0600); }
};

std::string hostile(const std::string &file, const std::vector<std::pair<std::string, std::string>> &subst) {
    std::string s = read_file(ekb_home() / "tests" / "kernels" / "hostile_files" / file);
    for (const auto &[from, to] : subst) {
        size_t p;
        while ((p = s.find(from)) != std::string::npos) s.replace(p, from.size(), to);
    }
    // A unique comment so a cached result never answers for a fresh attempt.
    return s + "\n// " + std::to_string(fresh_seed()) + "\n";
}

struct Outcome {
    CompileResult compile;
    ResultRecord record;
    std::string kept;  // every text ekb kept: the record's JSON and the compile cache entry
};

// Compiles (filling the cache) and evaluates (a cache hit) the kernel; collects what ekb kept.
Outcome run_hostile(const std::string &source, const std::string &name) {
    Outcome o;
    const Task &task = *suite().find("matmul");
    CompileOptions co;
    co.compile_seconds = 20;
    co.generate_seconds = 10;
    double t0 = monotonic_seconds();
    o.compile = compile_kernel(toolchain(), task, "cpu", candidate_target("cpu", false), source, co);
    EXPECT_LT(monotonic_seconds() - t0, 60) << "ekb blocked on a planted file";
    ekb::test::Limits lim;
    lim.generate_seconds = 10;
    o.record = evaluate_source("matmul", "cpu", source, name, lim);
    std::string dumped;
    EXPECT_NO_THROW(dumped = o.record.to_json().dump()) << "the record's JSON does not dump";
    fs::path entry = toolchain().cache_root() / "artifacts" / o.compile.key.substr(0, 2) / o.compile.key / "result.json";
    EXPECT_TRUE(fs::exists(entry));
    o.kept = dumped + read_file(entry) + o.compile.log + o.compile.loop_nest + o.compile.message + o.compile.pipeline_graph;
    return o;
}

}  // namespace

class PlantedAtGenerate : public ::testing::TestWithParam<const char *> {};

TEST_P(PlantedAtGenerate, IsRefusedNeverFollowedNeverWaitedOn) {
    std::string kind = GetParam();
    Secret secret;
    Outcome o = run_hostile(hostile("plant_at_generate.cpp", {{"@KIND@", kind}, {"@SECRET@", secret.path.string()},
                                                                {"@EXIT@", "0"}}),
                            "plant_" + kind);
    // The generator "succeeded" but left no pipeline object of its own: a record, not a crash.
    EXPECT_EQ(o.record.status, "compile_failed");
    EXPECT_EQ(o.record.failure_stage, "object_check") << o.record.failure_message;
    EXPECT_EQ(o.kept.find(secret.marker), std::string::npos) << "the secret leaked: " << o.kept.substr(0, 4000);
    EXPECT_EQ(o.kept.find("HARDLINKED-OWN-FILE"), std::string::npos) << o.kept.substr(0, 4000);
    std::string refused = kind == "symlink" ? "is a symbolic link" : kind == "fifo" ? "is a FIFO" : "has 2 hard links";
    EXPECT_NE(o.record.loop_nest.find("[loop_nest.txt refused: " + refused), std::string::npos) << o.record.loop_nest;
    EXPECT_NE(o.record.failure_message.find("pipeline.o refused: " + refused), std::string::npos) << o.record.failure_message;
    EXPECT_NE(o.compile.log.find("[generate.err refused: " + refused), std::string::npos) << o.compile.log;
    EXPECT_TRUE(o.compile.pipeline_graph.empty()) << o.compile.pipeline_graph;
}

INSTANTIATE_TEST_SUITE_P(Hostile, PlantedAtGenerate, ::testing::Values("symlink", "fifo", "hardlink"),
                         [](const auto &info) { return std::string(info.param); });

TEST(HostileFiles, APlantedPipelineSoIsReplacedNeverWrittenThroughNorCached) {
    Secret secret;
    Outcome o = run_hostile(hostile("plant_pipeline_so.cpp", {{"@SECRET@", secret.path.string()}}), "plant_pipeline_so");
    EXPECT_TRUE(o.compile.ok) << o.compile.message;
    EXPECT_EQ(read_file(secret.path), secret.marker + "\n") << "the linker wrote through the planted link";
    EXPECT_EQ(o.kept.find(secret.marker), std::string::npos);
    if (o.compile.ok) {
        std::string cached = read_file(o.compile.artifact);
        EXPECT_EQ(cached.find(secret.marker), std::string::npos);
        EXPECT_EQ(cached.substr(0, 4), "\x7f" "ELF");
    }
    EXPECT_TRUE(o.record.correct) << o.record.failure_message;
}

TEST(HostileFiles, InvalidUtf8AndNulBytesBecomeEscapedText) {
    for (const char *exit_code : {"0", "2"}) {
        Outcome o = run_hostile(hostile("plant_at_generate.cpp", {{"@KIND@", "bytes"}, {"@SECRET@", "/nonexistent"},
                                                                    {"@EXIT@", exit_code}}),
                                "plant_bytes");
        EXPECT_EQ(o.record.status, "compile_failed");
        EXPECT_EQ(o.record.failure_stage, std::string(exit_code) == "0" ? "object_check" : "generate");
        EXPECT_NE(o.compile.log.find("bad bytes: \\xff\\xfe \\xc3( \\xed\\xa0\\x80"), std::string::npos) << o.compile.log;
        EXPECT_NE(o.compile.log.find("nul:\\x00:end"), std::string::npos) << o.compile.log;
        if (std::string(exit_code) == "0") {
            EXPECT_NE(o.record.loop_nest.find("\\xff\\xfe"), std::string::npos) << o.record.loop_nest;
            EXPECT_TRUE(o.compile.pipeline_graph.empty()) << "a pipeline.json that is not valid JSON is no graph";
        } else {
            EXPECT_NE(o.record.failure_message.find("\\xff\\xfe"), std::string::npos) << o.record.failure_message;
        }
    }
}

TEST(HostileFiles, NoChildSeesEkbsEnvironment) {
    // An API key in ekb's own environment: it must reach no child, through its environment
    // or through /proc/<ekb>/environ.
    const std::string var = "EKB_TEST_FAKE_API_KEY";
    const std::string key = "sk-fake-" + std::to_string(fresh_seed());
    ::setenv(var.c_str(), key.c_str(), 1);
    Outcome o = run_hostile(hostile("read_environ.cpp", {{"@VAR@", var}}), "read_environ");
    ::unsetenv(var.c_str());
    EXPECT_EQ(o.record.failure_stage, "generate");
    EXPECT_NE(o.record.failure_message.find("scanned:"), std::string::npos) << o.record.failure_message;
    EXPECT_EQ(o.kept.find(key), std::string::npos) << o.record.failure_message;
    EXPECT_EQ(o.record.failure_message.find("FOUND"), std::string::npos) << o.record.failure_message;
}

TEST(HostileFiles, WithoutBubblewrapProcEnvironIsClosedToo) {
    // The fallback without bubblewrap's pid namespace: the child runs as another uid (under
    // root) and ekb is not dumpable, so /proc/<ekb>/environ stays closed to it.
    const std::string key = "sk-fake-" + std::to_string(fresh_seed());
    ::setenv("EKB_TEST_FAKE_API_KEY", key.c_str(), 1);
    TempDir tmp("ekb-environ-");
    ::chmod(tmp.path().c_str(), 0755);
    for (auto mode : {SpawnSpec::Bwrap::off, SpawnSpec::Bwrap::automatic}) {
        SpawnSpec s;
        std::string pid = std::to_string(::getpid());
        s.argv = {"/bin/sh", "-c", "env; cat /proc/" + pid + "/environ; tr '\\0' '\\n' < /proc/" + pid + "/environ"};
        s.env = base_env(tmp.path());
        s.cwd = tmp.path();
        s.stdout_path = tmp.path() / "out.txt";
        s.stderr_path = tmp.path() / "err.txt";
        s.sandbox = SandboxMounts{};
        s.use_bwrap = mode;
        s.limits.wall_seconds = 30;
        run_process(s);
        std::string out = read_untrusted_text(s.stdout_path, 1 << 20) + read_untrusted_text(s.stderr_path, 1 << 20);
        EXPECT_EQ(out.find(key), std::string::npos) << out;
        EXPECT_NE(out.find("HOME=" + tmp.path().string()), std::string::npos) << out;  // the scrubbed environment
    }
    ::unsetenv("EKB_TEST_FAKE_API_KEY");
    EXPECT_EQ(::prctl(PR_GET_DUMPABLE), 0);
}

TEST(HostileFiles, AChildsLogIsCreatedAfreshNeverWrittenThroughWhatIsThere) {
    // What an earlier child left at a log's path: a symlink to a host file, a FIFO, a hard
    // link. The next child's log replaces it; the host file is untouched; nothing blocks.
    Secret secret;
    TempDir tmp("ekb-logs-");
    ::chmod(tmp.path().c_str(), 0755);
    fs::path other = tmp.path() / "other.txt";
    write_file(other, "other file\n");
    for (int kind = 0; kind < 3; kind++) {
        fs::path log = tmp.path() / "child.err";
        fs::remove(log);
        if (kind == 0) fs::create_symlink(secret.path, log);
        if (kind == 1) ASSERT_EQ(::mkfifo(log.c_str(), 0666), 0);
        if (kind == 2) fs::create_hard_link(other, log);
        SpawnSpec s;
        s.argv = {"/bin/sh", "-c", "echo written-by-the-child >&2"};
        s.env = base_env(tmp.path());
        s.cwd = tmp.path();
        s.stderr_path = log;
        s.sandbox = SandboxMounts{};
        s.limits.wall_seconds = 10;
        double t0 = monotonic_seconds();
        ExitInfo e = run_process(s);
        EXPECT_TRUE(e.ok()) << e.describe();
        EXPECT_LT(monotonic_seconds() - t0, 10);
        EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(log)));
        EXPECT_EQ(read_untrusted_text(log, 1000), "written-by-the-child\n");
    }
    EXPECT_EQ(read_file(secret.path), secret.marker + "\n");
    EXPECT_EQ(read_file(other), "other file\n");
}

TEST(HostileFiles, AChildWithoutALogNeverOwnsDevNull) {
    // A child with no stdout file writes it to /dev/null; the host's /dev/null must not
    // become the child's (its owner could chmod it for every process of the host).
    TempDir tmp("ekb-devnull-");
    ::chmod(tmp.path().c_str(), 0755);
    SpawnSpec s;
    s.argv = {"/bin/sh", "-c", "echo into-the-void; id -u >&2"};
    s.env = base_env(tmp.path());
    s.cwd = tmp.path();
    s.stderr_path = tmp.path() / "uid.txt";
    s.sandbox = SandboxMounts{};
    s.use_bwrap = SpawnSpec::Bwrap::off;  // the uid as the host sees it
    s.limits.wall_seconds = 10;
    ASSERT_TRUE(run_process(s).ok());
    unsigned long child_uid = std::stoul(read_untrusted_text(s.stderr_path, 100));
    struct stat st{};
    ASSERT_EQ(::stat("/dev/null", &st), 0);
    if (::geteuid() == 0) {
        EXPECT_NE(child_uid, 0u);
        EXPECT_NE(static_cast<unsigned long>(st.st_uid), child_uid) << "/dev/null was handed to the child's uid";
    }
}

TEST(HostileFiles, TheCacheIsPrivateWhereItHoldsResults) {
    CompileResult c = compile_kernel(toolchain(), *suite().find("matmul"), "cpu", candidate_target("cpu", false),
                                     read_file(suite().find("matmul")->naive_kernel()) + "// " + std::to_string(fresh_seed()) + "\n");
    ASSERT_TRUE(c.ok) << c.message;
    auto mode = [](const fs::path &p) {
        struct stat st{};
        EXPECT_EQ(::stat(p.c_str(), &st), 0) << p;
        return st.st_mode & 0777;
    };
    EXPECT_EQ(mode(c.artifact), 0600u);
    EXPECT_EQ(mode(c.artifact.parent_path() / "result.json"), 0600u);
    // The layout a toolchain sets up (a cache of its own: the shared one may be touched by
    // other ekb processes at the same time).
    TempDir tmp("ekb-cache-modes-");
    Toolchain fresh(tmp.path() / "cache");
    fs::path root = fresh.cache_root();
    EXPECT_EQ(mode(root), 0711u);
    EXPECT_EQ(mode(root / "artifacts"), 0700u);
    EXPECT_EQ(mode(root / "llm"), 0700u);
    EXPECT_EQ(mode(fresh.root()), 0755u);  // children read the toolchain
}

TEST(HostileFiles, AWorkerErrorQuotingInvalidUtf8IsEscapedIntoAValidRecord) {
    ekb::test::Limits lim;
    ResultRecord r = evaluate_source("matmul", "cpu", hostile("bytes_at_run.cpp", {}), "bytes_at_run", lim);
    EXPECT_TRUE(r.compiled) << r.failure_message;
    EXPECT_EQ(r.status, "incorrect") << r.failure_message;
    EXPECT_EQ(r.failure_code, "runtime_error") << r.failure_message;
    EXPECT_NO_THROW((void)r.to_json().dump());
    EXPECT_NE(r.failure_message.find("C_bad\\xff\\xfe\\xc3(\\xed\\xa0\\x80_name"), std::string::npos) << r.failure_message;
}

namespace {

// Builds a hand-made pipeline (past the object check, as test_runtime_exploits does) from
// a hostile_files source with substitutions, and runs the conductor on it.
json conduct_hostile_handmade(const std::string &file, const std::vector<std::pair<std::string, std::string>> &subst,
                              const fs::path &dir) {
    fs::path src = dir / file;
    write_file(src, hostile(file, subst));
    fs::path so = dir / "hostile.so";
    SpawnSpec b;
    b.argv = {"/usr/bin/g++", "-std=c++17", "-O1", "-shared", "-fPIC", std::string("-I") + EKB_HALIDE_INCLUDE_DIR,
              "-I" + (ekb_home() / "tests" / "kernels" / "handmade").string(), src.string(), "-o", so.string()};
    b.env = base_env(dir);
    b.stderr_path = dir / "build.err";
    b.confine = false;
    b.limits.wall_seconds = 120;
    EXPECT_TRUE(run_process(b).ok()) << read_file(b.stderr_path);
    const Task &task = *suite().find("matmul");
    Evaluator ev(suite(), toolchain());
    ConductSpec spec = conduct_spec_for(task, "cpu", fresh_seed(), 2);
    spec.candidate = so.string();
    spec.reference = ev.reference_artifact(task).artifact.string();
    spec.timing.enabled = false;
    spec.call_seconds = 5;
    spec.start_seconds = 5;
    spec.worker_memory_bytes = 1ull << 30;
    double t0 = monotonic_seconds();
    json r = run_conductor(toolchain().runner(backend_target("cpu")), spec, 60);
    EXPECT_LT(monotonic_seconds() - t0, 60);
    return r;
}

}  // namespace

class WorkerPlants : public ::testing::TestWithParam<const char *> {};

TEST_P(WorkerPlants, ItsStderrAndTheConductorQuotesNothingOfTheHost) {
    std::string kind = GetParam();
    Secret secret;
    TempDir tmp("ekb-hostile-worker-");
    ::chmod(tmp.path().c_str(), 0755);
    json r = conduct_hostile_handmade("worker_plants_stderr.cpp", {{"@KIND@", kind}, {"@SECRET@", secret.path.string()}},
                                      tmp.path());
    std::string all = r.dump();
    EXPECT_FALSE(r.at("correct").get<bool>()) << all;
    const json &f = r.at("candidate").at("failure");
    ASSERT_TRUE(f.is_object()) << all;
    EXPECT_EQ(f.at("code"), "crash") << all;
    std::string msg = f.at("message");
    EXPECT_EQ(all.find(secret.marker), std::string::npos) << "the secret leaked: " << msg;
    EXPECT_EQ(all.find("HARDLINKED-OWN-FILE"), std::string::npos) << msg;
    if (kind == "bytes") {
        EXPECT_NE(msg.find("bad bytes \\xff\\xfe \\xc3( from the worker"), std::string::npos) << msg;
    } else {
        std::string refused = kind == "symlink" ? "is a symbolic link" : kind == "fifo" ? "is a FIFO" : "has 2 hard links";
        EXPECT_NE(msg.find("[stderr.txt refused: " + refused + "]"), std::string::npos) << msg;
    }
}

INSTANTIATE_TEST_SUITE_P(Hostile, WorkerPlants, ::testing::Values("symlink", "fifo", "hardlink", "bytes"),
                         [](const auto &info) { return std::string(info.param); });
