// Compiles a kernel file for one task and backend into an artifact: a tiny shared object
// holding only the generated pipeline (design.md section 2, "a runner recipe").
//
//   0. source    the source pre-check (kernel/source_check.h)        (this process)
//   1. compile   the kernel's C++ against the precompiled header   (confined child)
//   2. generate  ekb-gen runs the kernel, lowers, emits pipeline.o  (confined child;
//                on GPU backends it applies the GPU rule, device_placement.h)
//   3. check     the object check on pipeline.o                     (this process)
//   4. link      the checked bytes alone into pipeline.so (no libc, no runtime, no
//                search path, no .deplibs), then the linked-object check (confined child)
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
    std::string stage;         // on failure: "source_check", "compile", "generate", "object_check" or "link"
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

// Step 4 on its own: links checked object bytes into a shared object in a fresh directory,
// confined like generate (bubblewrap: only the system read-only and that directory; its
// own uid; no network; rlimits; seccomp) with Toolchain::pipeline_link_args, then applies
// check_linked_pipeline to the result. Failures are values (stage "link" or "object_check").
struct LinkResult {
    bool ok = false;
    std::string stage, message, log;
    bool timed_out = false;
    std::string shared_object;  // the checked bytes of pipeline.so
    double seconds = 0;
};
LinkResult link_pipeline_object(Toolchain &tc, const std::string &object_bytes, uint64_t memory_bytes);

// The record's failure_code for a failed compile stage: kernel_rejected, compile_error,
// generate_error, link_error, object_rejected.
std::string compile_failure_code(const std::string &stage);

CompileResult compile_kernel(Toolchain &tc, const Task &task, const std::string &backend,
                             const std::string &target, const std::string &kernel_source,
                             const CompileOptions &opts = {});

}  // namespace ekb
