// The exploit corpus, compile-time part: kernels whose C++ attacks the machine while ekb
// runs it. Each must end as a generate failure whose output shows the defence held, with
// nothing left behind on the host.
#include <dirent.h>

#include <fstream>

#include "common/sandbox.h"
#include "compile/compiler.h"
#include "compile/object_check.h"
#include "common/subprocess.h"
#include "engine_fixture.h"

using namespace ekb;
using namespace ekb::test;
namespace fs = std::filesystem;

namespace {

std::string exploit(const std::string &file, const std::vector<std::pair<std::string, std::string>> &subst = {}) {
    std::string s = read_file(ekb_home() / "tests" / "kernels" / "exploits" / file);
    for (const auto &[from, to] : subst) {
        size_t p;
        while ((p = s.find(from)) != std::string::npos) s.replace(p, from.size(), to);
    }
    return s;
}

ResultRecord run_exploit(const std::string &file, const std::vector<std::pair<std::string, std::string>> &subst = {},
                         double generate_seconds = 10) {
    ekb::test::Limits lim;
    lim.generate_seconds = generate_seconds;
    // A unique comment so a cached result never answers for a fresh attempt.
    std::string src = exploit(file, subst) + "\n// " + std::to_string(fresh_seed()) + "\n";
    return evaluate_source("matmul", "cpu", src, file, lim);
}

int processes_named(const std::string &comm) {
    int n = 0;
    DIR *d = opendir("/proc");
    while (dirent *e = d ? readdir(d) : nullptr) {
        std::ifstream f(std::string("/proc/") + e->d_name + "/comm");
        std::string name;
        if (f && std::getline(f, name) && name == comm) n++;
    }
    if (d) closedir(d);
    return n;
}

void require_bwrap() {
    if (!bubblewrap_available()) GTEST_SKIP() << "bubblewrap is not usable here: " << confinement_summary();
}

}  // namespace

TEST(Sandbox, SocketIsRefused) {
    require_bwrap();
    ResultRecord r = run_exploit("socket_at_compile.cpp");
    EXPECT_EQ(r.failure_stage, "generate");
    EXPECT_NE(r.failure_message.find("blocked: socket: Operation not permitted"), std::string::npos) << r.failure_message;
    EXPECT_EQ(r.failure_message.find("ESCAPED"), std::string::npos) << r.failure_message;
}

TEST(Sandbox, WritesOutsideTheWorkDirectoryNeverReachTheHost) {
    require_bwrap();
    TempDir host_tmp("ekb-escape-", "/tmp");
    fs::path marker_tmp = host_tmp.path() / "marker";
    fs::path marker_cache = cache_dir() / "ekb-escape-marker";
    ResultRecord r = run_exploit("write_outside.cpp", {{"@MARKER_TMP@", marker_tmp.string()}, {"@MARKER_CACHE@", marker_cache.string()}});
    EXPECT_EQ(r.failure_stage, "generate");
    EXPECT_FALSE(fs::exists(marker_tmp));
    EXPECT_FALSE(fs::exists(marker_cache));
    EXPECT_FALSE(fs::exists("/usr/ekb-escape-marker"));
    EXPECT_FALSE(fs::exists("/etc/ekb-escape-marker"));
    EXPECT_NE(r.failure_message.find("blocked: /usr/ekb-escape-marker"), std::string::npos) << r.failure_message;
}

TEST(Sandbox, TheSuiteIsInvisible) {
    require_bwrap();
    fs::path task_json = fs::canonical(suite().find("matmul")->dir / "task.json");
    ResultRecord r = run_exploit("read_suite.cpp", {{"@TASK_JSON@", task_json.string()}});
    EXPECT_EQ(r.failure_stage, "generate");
    EXPECT_NE(r.failure_message.find("blocked: No such file or directory"), std::string::npos) << r.failure_message;
    EXPECT_EQ(r.failure_message.find("ESCAPED"), std::string::npos) << r.failure_message;
}

TEST(Sandbox, AForkBombIsContainedAndLeavesNothing) {
    ResultRecord r = run_exploit("fork_bomb.cpp", {}, 3);
    EXPECT_EQ(r.failure_stage, "generate");
    EXPECT_NE(r.failure_message.find("timed out"), std::string::npos) << r.failure_message;
    EXPECT_LT(r.eval_s, 20);
    // Give the kernel a moment to reap, then nothing of the bomb may be left.
    for (int i = 0; i < 50 && processes_named("ekbforkbomb") > 0; i++) usleep(100000);
    EXPECT_EQ(processes_named("ekbforkbomb"), 0);
}

TEST(Sandbox, HugeAllocationsFail) {
    ResultRecord r = run_exploit("allocate_huge.cpp");
    EXPECT_EQ(r.failure_stage, "generate");
    EXPECT_NE(r.failure_message.find("blocked: malloc of 64 GiB failed"), std::string::npos) << r.failure_message;
}

TEST(Sandbox, ConfinementIsRecordedInEveryResult) {
    ResultRecord r = evaluate_file("matmul", "cpu", suite().find("matmul")->naive_kernel());
    auto env = nlohmann::json::parse(r.environment);
    std::string c = env.at("confinement");
    EXPECT_NE(c.find(bubblewrap_available() ? "bwrap+seccomp" : "bwrap=UNAVAILABLE"), std::string::npos) << c;
}

// Extern stages and Halide::Internal never reach a compiler (kernel/source_check.h).
TEST(ObjectExploits, AnExternStageIsRejectedBeforeCompile) {
    ResultRecord r = run_exploit("extern_stage.cpp");
    EXPECT_EQ(r.failure_stage, "source_check") << r.failure_message;
    EXPECT_EQ(r.failure_code, "kernel_rejected");
    EXPECT_NE(r.failure_message.find("define_extern is not allowed"), std::string::npos) << r.failure_message;
}

TEST(ObjectExploits, HalideInternalIsRejectedBeforeCompile) {
    ResultRecord r = run_exploit("syscall_extern.cpp");
    EXPECT_EQ(r.failure_stage, "source_check") << r.failure_message;
    EXPECT_EQ(r.failure_code, "kernel_rejected");
    EXPECT_NE(r.failure_message.find("Halide::Internal is not allowed"), std::string::npos) << r.failure_message;
}

namespace {

// A crafted object: the pipeline's two entry points plus `extra` (C, built by clang).
std::string crafted_object_hex(const std::string &extra) {
    TempDir tmp("ekb-crafted-");
    write_file(tmp.path() / "x.c",
               "int ekb_pipeline(void *a) { return 0; }\nint ekb_pipeline_argv(void **a) { return 0; }\n"
               "const void *ekb_pipeline_metadata(void) { return 0; }\n" + extra);
    SpawnSpec s;
    s.argv = {"/usr/bin/clang", "-c", "-O1", "-fPIC", (tmp.path() / "x.c").string(), "-o", (tmp.path() / "x.o").string()};
    s.env = base_env(tmp.path());
    s.stderr_path = tmp.path() / "err";
    s.confine = false;
    EXPECT_TRUE(run_process(s).ok()) << read_file(tmp.path() / "err");
    std::string hex;
    for (unsigned char c : read_file(tmp.path() / "x.o")) {
        const char *d = "0123456789abcdef";
        hex += d[c >> 4];
        hex += d[c & 15];
    }
    return hex;
}

}  // namespace

// The kernel's C++ overwrites pipeline.o after Halide wrote it (patch_object.cpp): the
// object check on the trusted side rejects each crafted object with its reason, before
// the (confined) linker would see it.
TEST(ObjectExploits, APatchedObjectIsRejectedBeforeTheLink) {
    struct Case {
        const char *what, *extra, *reason;
    };
    const Case cases[] = {
        {"deplibs", "#pragma comment(lib, \"/etc/shadow\")\n", "section .deplibs is not allowed"},
        {"syscall", "int ekb_pipeline_raw(void) { __asm__ volatile(\"syscall\"); return 0; }\n",
         "system-call instruction, syscall (0F 05)"},
        {"constructor", "volatile int ekb_pipeline_flag;\n__attribute__((constructor)) static void evil(void) { ekb_pipeline_flag = 1; }\n",
         ".init_array is not allowed"},
        {"extern call", "extern int ekb_evil_extern(int);\nint ekb_pipeline_x(int v) { return ekb_evil_extern(v); }\n",
         "symbol ekb_evil_extern is not allowed"},
    };
    for (const auto &c : cases) {
        SCOPED_TRACE(c.what);
        ResultRecord r = run_exploit("patch_object.cpp", {{"@OBJECT_HEX@", crafted_object_hex(c.extra)}});
        EXPECT_EQ(r.status, "compile_failed");
        EXPECT_EQ(r.failure_stage, "object_check") << r.failure_message;
        EXPECT_EQ(r.failure_code, "object_rejected");
        EXPECT_NE(r.failure_message.find(c.reason), std::string::npos) << r.failure_message;
    }
}

// Had a .deplibs object passed the check, the linker still reads nothing but the object:
// it runs confined (a root-only host file is not even visible) and ignores .deplibs. The
// unconfined, default lld shows the attack is real: it opens the named file and prints
// its contents in its error.
TEST(ObjectExploits, TheLinkReadsNothingButTheObject) {
    TempDir host("ekb-secret-", "/tmp");
    ::chmod(host.path().c_str(), 0700);
    fs::path secret = host.path() / "secret.txt";
    write_file(secret, "EKB_HOST_SECRET_42 is the key\n");
    ::chmod(secret.c_str(), 0600);
    std::string hex = crafted_object_hex("#pragma comment(lib, \"" + secret.string() + "\")\n");
    std::string object;
    for (size_t i = 0; i + 1 < hex.size(); i += 2) object += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));

    // The threat: lld as ekb used to run it (unconfined, .deplibs honoured).
    TempDir tmp("ekb-link-threat-");
    write_file(tmp.path() / "p.o", object);
    SpawnSpec s;
    s.argv = {"/usr/bin/ld.lld", "-shared", (tmp.path() / "p.o").string(), "-o", (tmp.path() / "p.so").string()};
    s.env = base_env(tmp.path());
    s.stderr_path = tmp.path() / "err";
    s.confine = false;
    run_process(s);
    EXPECT_NE(read_file(tmp.path() / "err").find("EKB_HOST_SECRET_42"), std::string::npos)
        << "expected default lld to leak the file named in .deplibs: " << read_file(tmp.path() / "err");

    // ekb's link step on the same bytes.
    LinkResult lr = link_pipeline_object(toolchain(), object, 2ull << 30);
    EXPECT_TRUE(lr.ok) << lr.stage << ": " << lr.message;
    EXPECT_EQ(lr.log.find("EKB_HOST_SECRET_42"), std::string::npos) << lr.log;
    EXPECT_EQ(lr.shared_object.find("EKB_HOST_SECRET_42"), std::string::npos);
    EXPECT_TRUE(check_linked_pipeline(lr.shared_object, "pipeline.so").ok);
}

TEST(Sandbox, WithoutBubblewrapSeccompStillRefusesSockets) {
    TempDir tmp("ekb-seccomp-fallback-");
    for (auto mode : {SpawnSpec::Bwrap::off, SpawnSpec::Bwrap::automatic}) {
        SpawnSpec s;
        s.argv = {"/usr/bin/python3", "-c", "import socket; socket.socket(socket.AF_INET, socket.SOCK_STREAM)"};
        s.env = base_env(tmp.path());
        s.cwd = tmp.path();
        s.stderr_path = tmp.path() / "err.txt";
        s.sandbox = SandboxMounts{};
        s.use_bwrap = mode;
        s.limits.wall_seconds = 30;
        ExitInfo e = run_process(s);
        EXPECT_FALSE(e.ok());
        EXPECT_NE(read_file(s.stderr_path).find("Operation not permitted"), std::string::npos) << read_file(s.stderr_path);
    }
}

// GPU workers' filter (sandbox.h): the NVIDIA driver's cuInit needs a listening Unix socket,
// so AF_UNIX socket + bind + listen pass; other families, connect and accept stay refused.
// Other children still get no socket at all.
TEST(Sandbox, GpuWorkersMayOnlyMakeAListeningUnixSocket) {
    const char *script =
        "import socket\n"
        "def attempt(what, f):\n"
        "    try:\n"
        "        f(); print(what + ' allowed', flush=True)\n"
        "    except PermissionError:\n"
        "        print(what + ' refused', flush=True)\n"
        "    except OSError as x:\n"
        "        print(what + ' allowed (' + type(x).__name__ + ')', flush=True)\n"
        "u = None\n"
        "def listener():\n"
        "    global u\n"
        "    u = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET | socket.SOCK_CLOEXEC)\n"
        "    u.bind('listener.sock'); u.listen(1)\n"
        "attempt('unix-listen', listener)\n"
        "if u is not None:\n"
        "    attempt('unix-connect', lambda: socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET).connect('listener.sock'))\n"
        "    u.setblocking(False)\n"
        "    attempt('unix-accept', lambda: u.accept())\n"
        "attempt('inet', lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM))\n"
        "attempt('inet6', lambda: socket.socket(socket.AF_INET6, socket.SOCK_DGRAM))\n"
        "attempt('netlink', lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW))\n";
    for (bool gpu : {false, true}) {
        for (auto mode : {SpawnSpec::Bwrap::off, SpawnSpec::Bwrap::automatic}) {
            TempDir tmp("ekb-seccomp-gpu-");
            SpawnSpec s;
            s.argv = {"/usr/bin/python3", "-c", script};
            s.env = base_env(tmp.path());
            s.cwd = tmp.path();
            s.stdout_path = tmp.path() / "out.txt";
            s.stderr_path = tmp.path() / "err.txt";
            s.sandbox = SandboxMounts{};
            s.sandbox->gpu_devices = gpu;
            s.use_bwrap = mode;
            s.limits.wall_seconds = 30;
            ExitInfo e = run_process(s);
            std::string out = read_file(s.stdout_path);
            SCOPED_TRACE(std::string(gpu ? "gpu" : "cpu") + (mode == SpawnSpec::Bwrap::off ? " without bwrap" : " automatic") +
                         "\n" + out + read_file(s.stderr_path));
            EXPECT_TRUE(e.ok()) << e.describe();
            if (gpu) {
                EXPECT_NE(out.find("unix-listen allowed"), std::string::npos);
                EXPECT_NE(out.find("unix-connect refused"), std::string::npos);
                EXPECT_NE(out.find("unix-accept refused"), std::string::npos);
            } else {
                EXPECT_NE(out.find("unix-listen refused"), std::string::npos);
            }
            EXPECT_NE(out.find("inet refused"), std::string::npos);
            EXPECT_NE(out.find("inet6 refused"), std::string::npos);
            EXPECT_NE(out.find("netlink refused"), std::string::npos);
            size_t allowed = 0;
            for (size_t p = out.find(" allowed"); p != std::string::npos; p = out.find(" allowed", p + 1)) allowed++;
            EXPECT_EQ(allowed, gpu ? 1u : 0u) << "only the listener may pass";
        }
    }
}
