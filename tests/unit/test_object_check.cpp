#include <gtest/gtest.h>

#include <filesystem>

#include "common/files.h"
#include "common/paths.h"
#include "common/subprocess.h"
#include "compile/object_check.h"

using namespace ekb;
namespace fs = std::filesystem;

namespace {

// Builds a small object from C source with the system compiler.
std::string object_from(const std::string &c_source) {
    TempDir tmp("ekb-objcheck-");
    write_file(tmp.path() / "x.c", c_source);
    SpawnSpec s;
    s.argv = {"/usr/bin/cc", "-c", "-O1", "-fPIC", (tmp.path() / "x.c").string(), "-o", (tmp.path() / "x.o").string()};
    s.env = base_env(tmp.path());
    s.stderr_path = tmp.path() / "err";
    s.confine = false;
    ExitInfo e = run_process(s);
    EXPECT_TRUE(e.ok()) << read_file_tail(s.stderr_path, 2000);
    return read_file(tmp.path() / "x.o");
}

std::set<std::string> cpu_allowlist() { return load_allowlist(ekb_home() / "src" / "compile" / "allowlist", "cpu"); }

const char *k_pipeline = R"(
extern int halide_error_bad_type(void *, const char *, int, int);
extern float expf(float);
int ekb_pipeline(void *a) { return a ? halide_error_bad_type(a, "x", 1, 2) + (int)expf(1.0f) : 0; }
int ekb_pipeline_argv(void **a) { return ekb_pipeline(a[0]); }
)";

}  // namespace

TEST(ObjectCheck, AcceptsAPlainPipeline) {
    auto r = check_pipeline_object(object_from(k_pipeline), "x.o", cpu_allowlist());
    EXPECT_TRUE(r.ok) << r.message;
}

TEST(ObjectCheck, RejectsConstructors) {
    auto r = check_pipeline_object(
        object_from(std::string(k_pipeline) + "volatile int ekb_pipeline_flag;\n__attribute__((constructor)) static void evil(void) { ekb_pipeline_flag = 1; }\n"), "x.o",
        cpu_allowlist());
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find(".init_array"), std::string::npos) << r.message;
}

TEST(ObjectCheck, RejectsMemoizationByName) {
    auto r = check_pipeline_object(
        object_from(std::string(k_pipeline) +
                    "extern int halide_memoization_cache_lookup(void*);\nint ekb_pipeline_x(void*p){return "
                    "halide_memoization_cache_lookup(p);}\n"),
        "x.o", cpu_allowlist());
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("halide_memoization_cache_lookup"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("memoize"), std::string::npos) << r.message;
}

TEST(ObjectCheck, RejectsUnlistedCallsAndForeignSymbols) {
    auto r = check_pipeline_object(
        object_from(std::string(k_pipeline) + "extern int open(const char*, int);\nint ekb_pipeline_y(void){return open(\"/etc/passwd\", 0);}\n"),
        "x.o", cpu_allowlist());
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("symbol open is not allowed"), std::string::npos) << r.message;
    r = check_pipeline_object(object_from(std::string(k_pipeline) + "int helper_export(void){return 1;}\n"), "x.o",
                              cpu_allowlist());
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("helper_export"), std::string::npos) << r.message;
    r = check_pipeline_object(object_from(std::string(k_pipeline) +
                                          "extern long syscall(long, ...);\nint ekb_pipeline_z(void){return syscall(39);}\n"),
                              "x.o", cpu_allowlist());
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("syscall"), std::string::npos) << r.message;
}

TEST(ObjectCheck, RejectsGarbage) {
    auto r = check_pipeline_object("not an elf file at all", "x.o", cpu_allowlist());
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("not an ELF"), std::string::npos);
}
