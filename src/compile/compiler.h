// Compiles a kernel file for one task and backend into an artifact: a tiny shared object
// holding only the generated pipeline (design.md section 2, "a runner recipe").
//
//   1. compile   the kernel's C++ against the precompiled header   (confined child)
//   2. generate  ekb-gen runs the kernel, lowers, emits pipeline.o  (confined child)
//   3. check     the object check on pipeline.o                     (this process)
//   4. link      pipeline.o alone into pipeline.so (no libc, no runtime)
//
// Results, failures included, are cached by content hash (kernel, algorithm, signature,
// target, toolchain, allowlist); a timed-out step is never cached.
#pragma once
#include <filesystem>
#include <string>

#include "suite/task.h"

namespace ekb {

class Toolchain;

struct CompileOptions {
    double compile_seconds = 60;    // wall-clock limit of step 1
    double generate_seconds = 60;   // wall-clock limit of step 2
    uint64_t memory_bytes = 8ull << 30;  // address-space limit of steps 1 and 2
    bool use_cache = true;
};

struct CompileResult {
    bool ok = false;
    std::string stage;         // on failure: "compile", "generate" or "object_check"
    std::string message;       // trimmed for a person or an LLM
    std::string log;           // the full compiler and generator output (clipped)
    std::string target;
    std::string key;           // the artifact's content hash
    std::filesystem::path artifact;   // pipeline.so
    std::string loop_nest;
    std::string pipeline_graph;  // ekb-gen's pipeline.json: the Funcs, their definitions and calls
    int64_t artifact_bytes = 0;
    bool cache_hit = false;
    double seconds_compile = 0, seconds_generate = 0, seconds_check = 0, seconds_link = 0;
};

CompileResult compile_kernel(Toolchain &tc, const Task &task, const std::string &backend,
                             const std::string &target, const std::string &kernel_source,
                             const CompileOptions &opts = {});

}  // namespace ekb
