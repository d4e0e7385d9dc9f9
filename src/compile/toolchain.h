// The cached pieces every compile and run needs, each built once and shared by every
// evaluation (design.md section 2, compile cost):
//   include/ekb/kernel.h + kernel.h.pch   the kernel header and its precompiled form
//   bin/ekb-gen                          the pipeline generator (links libHalide)
//   runtime/<target>.o                   the Halide runtime, compiled once per target
//   runner/<target>/ekb-runner           the runner: no libHalide, runtime linked in,
//                                        C++ runtime static, so bundles run elsewhere;
//                                        for another CPU (a cross-<triple> recipe of the
//                                        backend table) cross-linked with clang + lld
// Everything lives under cache_dir()/toolchain/<id>, where id hashes the inputs (ekb-gen,
// the runner library, the kernel header, the compiler), so a rebuilt ekb never reuses a
// stale piece. Concurrent ekb processes build each piece once (file locks).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace ekb {

class Toolchain {
public:
    explicit Toolchain(const std::filesystem::path &cache_root);

    const std::string &id() const { return id_; }
    const std::filesystem::path &root() const { return root_; }
    const std::filesystem::path &cache_root() const { return cache_root_; }
    const std::string &cxx() const { return cxx_; }

    std::filesystem::path include_dir();     // ensures kernel.h is there
    std::filesystem::path pch();             // ensures the precompiled header
    std::filesystem::path gen();             // ensures ekb-gen
    std::filesystem::path runtime_object(const std::string &target);
    // The runner for `target`, built by `recipe` (a backend's runner_recipe: "native", or
    // "cross-<triple>": clang --target=<triple>, lld, libekb_runner-<triple>.a and the
    // triple's libseccomp.a); throws std::runtime_error naming what to install when the
    // cross pieces are missing.
    std::filesystem::path runner(const std::string &target, const std::string &recipe = "native");
    std::filesystem::path allowlist_dir() const;
    // Flags for compiling a kernel file against the precompiled header.
    std::vector<std::string> kernel_compile_args();
    // The linker command that turns one checked pipeline object into a shared object and
    // reads nothing else: the linker itself (lld where clang is the compiler, else GNU
    // ld), no C library or start files, no library search path, .deplibs ignored, a
    // non-executable stack. Run confined (compiler.cpp), in the object's directory.
    std::vector<std::string> pipeline_link_args(const std::string &object, const std::string &output) const;
    // The disassembler the object check asks where instructions start (llvm-objdump, from
    // the llvm package clang depends on), or "" when there is none. Run confined.
    std::string disassembler() const;

private:
    std::filesystem::path cache_root_, root_;
    std::string id_, cxx_;
};

// Runs a trusted build tool (compiler, linker) on trusted inputs (ekb's own sources, the
// Halide runtime) unconfined with a wall-clock limit; throws
// std::runtime_error with the tool's output on failure.
void run_tool(const std::vector<std::string> &argv, double wall_seconds, const std::string &what);

}  // namespace ekb
