// The source pre-check (kernel/source_check.h): Halide::Internal and extern stages in every
// spelling are rejected before compile; every shipped kernel, comments and strings that
// merely mention the names, pass.
#include <gtest/gtest.h>

#include <filesystem>

#include "common/files.h"
#include "common/paths.h"
#include "kernel/source_check.h"

using namespace ekb;
namespace fs = std::filesystem;

namespace {

std::string kernel_with(const std::string &body) {
    return "#include <ekb/kernel.h>\n#include \"algorithm.h\"\nEKB_KERNEL {\n    using namespace Halide;\n    task::Algorithm a;\n" +
           body + "\n    return a.kernel();\n}\n";
}

void expect_rejected(const std::string &src, const std::string &needle) {
    std::string why = kernel_source_problem(src);
    EXPECT_NE(why.find(needle), std::string::npos) << "reason: '" << why << "' for:\n" << src;
}

}  // namespace

TEST(SourceCheck, HalideInternalInEverySpelling) {
    expect_rejected(kernel_with("Halide::Internal::Function f = a.C.function();"), "Halide::Internal is not allowed");
    expect_rejected(kernel_with("Internal::Call::make(Int(32), \"x\", {}, Internal::Call::Extern);"), "line 6");
    expect_rejected("namespace HI = Halide::Internal;\n" + kernel_with(""), "line 1");
    expect_rejected("using namespace Halide::Internal;\n" + kernel_with(""), "Halide::Internal");
    expect_rejected("#define HIDDEN Halide::Internal\n" + kernel_with(""), "line 1");
    expect_rejected(kernel_with("Halide::Inter\\\nnal::Function f;"), "Halide::Internal");  // a line splice
    expect_rejected(kernel_with("Halide:: /* gap */ Internal ::Function f;"), "Halide::Internal");
}

TEST(SourceCheck, ExternStagesInEverySpelling) {
    expect_rejected(kernel_with("Func e; e.define_extern(\"f\", {a.A}, Float(32), 2);"), "define_extern");
    expect_rejected("HalideExtern_1(float, evil, float);\n" + kernel_with(""), "HalideExtern_1");
    expect_rejected("HalidePureExtern_2(float, evil, float, float);\n" + kernel_with(""), "HalidePureExtern_2");
    expect_rejected(kernel_with("std::vector<ExternFuncArgument> args;"), "ExternFuncArgument");
    expect_rejected("extern \"C\" float evil(float x) { return x; }\n" + kernel_with(""), "extern \"C\"");
    expect_rejected("extern \"C\" {\nint evil(void);\n}\n" + kernel_with(""), "extern \"C\"");
    expect_rejected("extern /* c */ \"C\" int evil(int);\n" + kernel_with(""), "extern \"C\"");
    expect_rejected(kernel_with("halide_register_extern(\"evil\", nullptr);"), "halide_register_extern");
}

TEST(SourceCheck, PastingAndIncludes) {
    expect_rejected("#define CAT(a, b) a##b\n" + kernel_with("Halide::CAT(Inter, nal)::Function f;"), "token pasting");
    expect_rejected("#define CAT(a, b) a %:%: b\n" + kernel_with(""), "token pasting");
    expect_rejected("#include <HalideRuntime.h>\n" + kernel_with(""), "runtime headers");
    expect_rejected("#include \"../../suite/tasks/matmul/task.json\"\n" + kernel_with(""), "by path");
    expect_rejected("#include </etc/passwd>\n" + kernel_with(""), "by path");
    expect_rejected("#  include \"IRInternals.h\"\n" + kernel_with(""), "internals");
}

TEST(SourceCheck, MentionsInCommentsAndStringsPass) {
    std::string src = kernel_with(
        "// no Halide::Internal here, no define_extern, no extern \"C\"\n"
        "/* Internal ## define_extern */\n"
        "const char *note = \"Internal define_extern HalideExtern_1 ##\";\n"
        "const char *raw = R\"x(extern \"C\" Internal)x\";\n"
        "char c = '#';\n"
        "int internal_count = 1e+5; (void)internal_count; (void)note; (void)raw; (void)c;\n"
        "extern int some_declaration;  // extern without \"C\" is plain C++\n");
    EXPECT_EQ(kernel_source_problem(src), "");
}

// Every shipped naive and expert kernel, and every kernel of the test corpus that is not
// meant to break these rules, passes.
TEST(SourceCheck, NoShippedKernelIsRejected) {
    int n = 0;
    for (const auto &task : fs::directory_iterator(ekb_home() / "suite" / "tasks")) {
        if (!fs::is_directory(task.path() / "kernels")) continue;
        for (const auto &k : fs::directory_iterator(task.path() / "kernels")) {
            EXPECT_EQ(kernel_source_problem(read_file(k.path())), "") << k.path();
            n++;
        }
    }
    EXPECT_GT(n, 300);
    for (const char *dir : {"matmul", "exploits", "gpu_rule"}) {
        for (const auto &k : fs::directory_iterator(ekb_home() / "tests" / "kernels" / dir)) {
            std::string name = k.path().filename().string();
            if (name == "extern_stage.cpp" || name == "syscall_extern.cpp" || name.rfind("source_", 0) == 0) continue;
            EXPECT_EQ(kernel_source_problem(read_file(k.path())), "") << k.path();
        }
    }
}
