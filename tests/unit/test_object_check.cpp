#include <gtest/gtest.h>

#include <filesystem>

#include "common/files.h"
#include "common/paths.h"
#include "common/subprocess.h"
#include "compile/object_check.h"

using namespace ekb;
namespace fs = std::filesystem;

namespace {

// Builds a small object with a system compiler: C ("c", gcc or clang) or assembly ("s").
std::string object_from(const std::string &source, const std::string &compiler = "/usr/bin/cc",
                        const std::string &language = "c") {
    TempDir tmp("ekb-objcheck-");
    fs::path src = tmp.path() / ("x." + language);
    write_file(src, source);
    SpawnSpec s;
    s.argv = {compiler, "-c", "-O1", "-fPIC", src.string(), "-o", (tmp.path() / "x.o").string()};
    s.env = base_env(tmp.path());
    s.stderr_path = tmp.path() / "err";
    s.confine = false;
    ExitInfo e = run_process(s);
    EXPECT_TRUE(e.ok()) << read_file_tail(s.stderr_path, 2000);
    return read_file(tmp.path() / "x.o");
}

std::string clang_object(const std::string &c_source) { return object_from(c_source, "/usr/bin/clang"); }
std::string asm_object(const std::string &s_source) { return object_from(s_source, "/usr/bin/clang", "s"); }

ObjectAllowlist cpu_allowlist() { return load_allowlist(ekb_home() / "src" / "compile" / "allowlist", "cpu"); }

const char *k_pipeline = R"(
extern int halide_error_bad_type(void *, const char *, int, int);
extern float expf(float);
int ekb_pipeline(void *a) { return a ? halide_error_bad_type(a, "x", 1, 2) + (int)expf(1.0f) : 0; }
int ekb_pipeline_argv(void **a) { return ekb_pipeline(a[0]); }
const void *ekb_pipeline_metadata(void) { return 0; }
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

// What clang emits for the same source passes too (a second compiler's section layout).
TEST(ObjectCheck, AcceptsAPlainPipelineFromClang) {
    auto r = check_pipeline_object(clang_object(k_pipeline), "x.o", cpu_allowlist());
    EXPECT_TRUE(r.ok) << r.message;
}

namespace {

// Expects a rejection whose message names `needle`.
void expect_rejected(const std::string &object, const std::string &needle) {
    auto r = check_pipeline_object(object, "x.o", cpu_allowlist());
    EXPECT_FALSE(r.ok) << "accepted; expected a rejection naming " << needle;
    EXPECT_NE(r.message.find(needle), std::string::npos) << r.message;
}

// The pipeline's two entry points in assembly, for the crafted sections below.
const char *k_asm_pipeline = R"(
    .text
    .globl ekb_pipeline
    .type ekb_pipeline,@function
ekb_pipeline:
    xorl %eax, %eax
    ret
    .globl ekb_pipeline_argv
    .type ekb_pipeline_argv,@function
ekb_pipeline_argv:
    xorl %eax, %eax
    ret
    .globl ekb_pipeline_metadata
    .type ekb_pipeline_metadata,@function
ekb_pipeline_metadata:
    xorl %eax, %eax
    ret
    .section .note.GNU-stack,"",@progbits
)";

}  // namespace

TEST(ObjectCheck, AcceptsThePlainAssemblyPipeline) {
    auto r = check_pipeline_object(asm_object(k_asm_pipeline), "x.o", cpu_allowlist());
    EXPECT_TRUE(r.ok) << r.message;
}

// A .deplibs entry makes lld open the named file as a library (and print what it finds).
TEST(ObjectCheck, RejectsDependentLibraries) {
    expect_rejected(clang_object(std::string(k_pipeline) + "#pragma comment(lib, \"/etc/shadow\")\n"), ".deplibs");
}

TEST(ObjectCheck, RejectsLoadTimeCode) {
    expect_rejected(object_from(std::string(k_pipeline) +
                                "volatile int ekb_pipeline_flag;\n__attribute__((destructor)) static void evil(void) { ekb_pipeline_flag = 1; }\n"),
                    ".fini_array");
    expect_rejected(asm_object(std::string(k_asm_pipeline) + ".section .preinit_array,\"aw\",@preinit_array\n.quad ekb_pipeline\n"),
                    ".preinit_array");
    expect_rejected(asm_object(std::string(k_asm_pipeline) + ".section .ctors,\"aw\",@progbits\n.quad ekb_pipeline\n"), ".ctors");
    expect_rejected(asm_object(std::string(k_asm_pipeline) + ".section .init,\"ax\",@progbits\nret\n"), ".init");
}

TEST(ObjectCheck, RejectsSystemCallInstructions) {
    for (const char *insn : {"syscall", "sysenter", "int $0x80"}) {
        SCOPED_TRACE(insn);
        expect_rejected(clang_object(std::string(k_pipeline) + "int ekb_pipeline_raw(void) { __asm__ volatile(\"" + insn +
                                     "\"); return 0; }\n"),
                        "system-call instruction");
    }
    // Hidden inside another instruction's immediate (mov $0x050f, %eax: B8 0F 05 00 00), for
    // a jump into its middle: every byte offset is scanned.
    expect_rejected(asm_object(std::string(k_asm_pipeline) + ".text\nmovl $0x050f, %eax\nret\n"), "syscall (0F 05)");
}

TEST(ObjectCheck, RejectsHandPlacedCode) {
    // Writable and executable.
    expect_rejected(asm_object(std::string(k_asm_pipeline) + ".section .text.wx,\"awx\",@progbits\nret\n"),
                    "writable and executable");
    // Executable code outside .text.
    expect_rejected(asm_object(std::string(k_asm_pipeline) + ".section .evil,\"ax\",@progbits\nret\n"),
                    "executable code outside .text");
    // A section kind Halide never emits.
    expect_rejected(asm_object(std::string(k_asm_pipeline) + ".section .mystery,\"a\",@progbits\n.byte 1\n"),
                    "not one a Halide pipeline emits");
    // An executable stack request.
    std::string exec_stack = k_asm_pipeline;
    exec_stack.replace(exec_stack.find(".note.GNU-stack,\"\""), 18, ".note.GNU-stack,\"x\"");
    expect_rejected(asm_object(exec_stack), "executable stack");
    // Linker directives.
    expect_rejected(asm_object(std::string(k_asm_pipeline) +
                               ".section .linker-options,\"e\",@llvm_linker_options\n.asciz \"-L/etc\"\n.asciz \"\"\n"),
                    "linker directives");
}

TEST(ObjectCheck, RejectsIfuncAndThreadLocals) {
    expect_rejected(clang_object(std::string(k_pipeline) +
                                 "static int impl(void) { return 1; }\nstatic int (*resolve(void))(void) { return impl; }\n"
                                 "int ekb_pipeline_i(void) __attribute__((ifunc(\"resolve\")));\n"),
                    "IFUNC");
    expect_rejected(clang_object(std::string(k_pipeline) + "__thread int ekb_pipeline_tls;\nint ekb_pipeline_t(void) { return ekb_pipeline_tls; }\n"),
                    "thread-local storage");
}

TEST(ObjectCheck, RejectsRelocationsToUnlistedSymbols) {
    expect_rejected(asm_object(std::string(k_asm_pipeline) + ".text\ncall open@PLT\n"), "symbol open is not allowed");
    // Kinds compiled code never uses: a copy relocation, a TLS offset.
    expect_rejected(asm_object(std::string(k_asm_pipeline) + ".text\n.reloc ., R_X86_64_COPY, ekb_pipeline\n.quad 0\n"),
                    "relocation type 5");
    expect_rejected(asm_object(std::string(k_asm_pipeline) + ".text\n.reloc ., R_X86_64_TPOFF32, ekb_pipeline\n.long 0\n"),
                    "relocation type 23");
}

// The GPU rule's trusted half: a GPU backend's object must launch device kernels.
TEST(ObjectCheck, GpuObjectsMustLaunchDeviceKernels) {
    auto opencl = load_allowlist(ekb_home() / "src" / "compile" / "allowlist", "opencl");
    ASSERT_FALSE(opencl.required.empty());
    auto r = check_pipeline_object(object_from(k_pipeline), "x.o", opencl);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("halide_opencl_run"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("GPU kernels must run on the GPU"), std::string::npos) << r.message;
    r = check_pipeline_object(
        object_from(std::string(k_pipeline) + "extern int halide_opencl_run(void*);\nint ekb_pipeline_k(void *p) { return halide_opencl_run(p); }\n"),
        "x.o", opencl);
    EXPECT_TRUE(r.ok) << r.message;
}

// Malformed input is a rejection, never a crash: every truncation and many byte flips of a
// real object.
TEST(ObjectCheck, MalformedObjectsAreRejectedNotCrashed) {
    std::string good = object_from(k_pipeline);
    for (size_t n = 0; n < good.size(); n += 7) check_pipeline_object(good.substr(0, n), "x.o", cpu_allowlist());
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < 4000; i++) {
        std::string b = good;
        for (int k = 0; k < 3; k++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            b[x % b.size()] = static_cast<char>(x >> 24);
        }
        check_pipeline_object(b, "x.o", cpu_allowlist());
        check_linked_pipeline(b, "x.so");
    }
    SUCCEED();
}

// The linked-object check: a shared object with a needed library (libc) and load-time code.
TEST(ObjectCheck, LinkedObjectsWithLibrariesAreRejected) {
    TempDir tmp("ekb-objcheck-so-");
    write_file(tmp.path() / "x.c", std::string(k_pipeline) + "__attribute__((constructor)) static void init(void) {}\n");
    SpawnSpec s;
    s.argv = {"/usr/bin/cc", "-shared", "-fPIC", (tmp.path() / "x.c").string(), "-o", (tmp.path() / "x.so").string()};
    s.env = base_env(tmp.path());
    s.stderr_path = tmp.path() / "err";
    s.confine = false;
    ASSERT_TRUE(run_process(s).ok()) << read_file(tmp.path() / "err");
    auto r = check_linked_pipeline(read_file(tmp.path() / "x.so"), "x.so");
    EXPECT_FALSE(r.ok);
    EXPECT_TRUE(r.message.find("needed library") != std::string::npos || r.message.find("load time") != std::string::npos ||
                r.message.find("load-time") != std::string::npos)
        << r.message;
    EXPECT_FALSE(check_linked_pipeline(object_from(k_pipeline), "x.o").ok) << "a relocatable object is not a shared object";
}

// With a disassembler, system-call bytes inside another instruction (as LLVM's AVX-512 code
// has them in two shipped cpu experts) are not a system call; one where an instruction
// starts is. Without one, any such bytes are rejected (above).
TEST(ObjectCheck, ADisassemblyTellsInstructionsFromBytesInsideThem) {
    Disassembler objdump = [](const std::string &bytes) -> std::optional<std::string> {
        TempDir tmp("ekb-objdump-");
        write_file(tmp.path() / "o", bytes);
        SpawnSpec s;
        s.argv = {"/usr/bin/llvm-objdump", "-d", "--no-show-raw-insn", (tmp.path() / "o").string()};
        s.env = base_env(tmp.path());
        s.stdout_path = tmp.path() / "out";
        s.confine = false;
        if (!run_process(s).ok()) return std::nullopt;
        return read_file(tmp.path() / "out");
    };
    if (!fs::exists("/usr/bin/llvm-objdump")) GTEST_SKIP() << "no llvm-objdump";
    std::string inside = asm_object(std::string(k_asm_pipeline) + ".text\nmovl $0x050f, %eax\nvpshufd $0xcd, %zmm0, %zmm1\nret\n");
    EXPECT_FALSE(check_pipeline_object(inside, "x.o", cpu_allowlist()).ok);
    auto r = check_pipeline_object(inside, "x.o", cpu_allowlist(), "ekb_pipeline", objdump);
    EXPECT_TRUE(r.ok) << r.message;
    for (const char *insn : {"syscall", "sysenter", "int $0x80"}) {
        r = check_pipeline_object(asm_object(std::string(k_asm_pipeline) + ".text\nmovl $0x050f, %eax\n" + insn + "\nret\n"),
                                  "x.o", cpu_allowlist(), "ekb_pipeline", objdump);
        EXPECT_FALSE(r.ok) << insn;
        EXPECT_NE(r.message.find("system-call instruction"), std::string::npos) << r.message;
    }
    // A disassembler that fails: rejected, not waved through.
    r = check_pipeline_object(inside, "x.o", cpu_allowlist(), "ekb_pipeline",
                              [](const std::string &) -> std::optional<std::string> { return std::nullopt; });
    EXPECT_FALSE(r.ok);
}
