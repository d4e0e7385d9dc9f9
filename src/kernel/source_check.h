// The source pre-check of a kernel file (docs/kernel-format.md, "What a kernel may not
// do"): before anything compiles it, a kernel that names Halide's internals or defines an
// extern stage is rejected with the reason (stage source_check, code kernel_rejected).
//
// It reads the file as C++ tokens (comments, string contents and line continuations are
// handled, so `Inter\<newline>nal` or a name in a comment neither hides nor trips it) and
// rejects:
//   - the identifier `Internal` in any position (Halide::Internal, `Internal::` after
//     `using namespace Halide`, namespace aliases, macros that expand to it);
//   - extern stages: define_extern, ExternFuncArgument, ExternSignature, ExternCFunction,
//     JITExtern, set_jit_externs, the HalideExtern_* / HalidePureExtern_* macros,
//     halide_register_extern*, and any `extern "C"` declaration;
//   - token pasting (`##`), the usual way to build a forbidden name from pieces;
//   - #include of Halide's runtime headers (Halide*.h other than Halide.h), of any header
//     named "internal", or of a path with ".." or an absolute path.
// Static checks are weak for C++ (a name can still be reached without being spelled:
// decltype of a public API's return type, a header that defines a macro): the object check
// on the compiled pipeline and the confinement stay the real defence.
#pragma once
#include <string>

namespace ekb {

// Changes whenever the rules change (part of the compile cache key).
constexpr const char *k_source_check_rules = "source-check-1 (Internal, extern stages, ##, includes)";

// "" when the kernel passes; else the reason, naming the line.
std::string kernel_source_problem(const std::string &source);

}  // namespace ekb
