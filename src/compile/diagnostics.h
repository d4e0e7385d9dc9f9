// Trims compiler and Halide output to what a person or an LLM needs to fix a kernel: the
// error lines with a little context, without notes from deep inside Halide.h, without
// the temporary directory's path.
#pragma once
#include <string>

namespace ekb {

// Compiler (clang/g++) output: keeps "error:" blocks (the error line, the source line and
// caret after it), drops warnings and notes inside system headers, at most max_bytes.
std::string trim_compiler_errors(const std::string &output, const std::string &work_dir, size_t max_bytes = 2400);

// ekb-gen output: the lines starting at "ekb-gen:" (Halide's error text follows there).
std::string trim_generator_errors(const std::string &output, const std::string &work_dir, size_t max_bytes = 2400);

}  // namespace ekb
