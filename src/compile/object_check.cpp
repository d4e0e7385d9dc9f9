#include "compile/object_check.h"

#include <sstream>

#include "common/files.h"
#include "compile/elf_symbols.h"

namespace ekb {
namespace {

// Sections whose code runs when the object is loaded or unloaded, before or after any
// timed call: never legitimate in a pipeline.
const char *k_banned_sections[] = {".init_array", ".fini_array", ".preinit_array", ".ctors", ".dtors",
                                   ".init", ".fini"};

// Named here so the rejection says why; they are also absent from every allowlist.
struct Banned {
    const char *prefix;
    const char *why;
};
const Banned k_banned_symbols[] = {
    {"halide_memoization_cache_", "memoization replays results across calls (memoize is not allowed)"},
    {"halide_set_custom_", "custom runtime handlers are not allowed"},
    {"halide_set_error_handler", "custom runtime handlers are not allowed"},
    {"halide_shutdown", "a pipeline may not shut down the runtime"},
    {"halide_set_num_threads", "the thread count belongs to the device profile"},
    {"dlopen", "loading code at run time is not allowed"},
    {"syscall", "raw system calls are not allowed"},
};

// Runtime helpers Halide compiles into the pipeline object itself (the profile feature's
// runtime/profiler_inlined.cpp: a store, an atomic exchange, an atomic add). They are the
// pipeline's own code, called only by it: no more trust than its other functions.
const char *k_inlined_runtime[] = {"halide_profiler_set_current_func",       "halide_profiler_acquire_sampling_token",
                                   "halide_profiler_release_sampling_token", "halide_profiler_init_sampling_token",
                                   "halide_profiler_incr_active_threads",    "halide_profiler_decr_active_threads"};

bool inlined_runtime(const std::string &name) {
    for (const char *n : k_inlined_runtime) {
        if (name == n) return true;
    }
    return false;
}

}  // namespace

std::set<std::string> load_allowlist(const std::filesystem::path &dir, const std::string &backend) {
    std::set<std::string> out;
    std::istringstream in(read_file(dir / (backend + ".txt")));
    std::string line;
    while (std::getline(in, line)) {
        auto hash = line.find('#');
        if (hash != std::string::npos) line.resize(hash);
        std::istringstream ls(line);
        std::string sym;
        if (ls >> sym) out.insert(sym);
    }
    return out;
}

ObjectCheckResult check_pipeline_object(const std::string &bytes, const std::string &file,
                                        const std::set<std::string> &allowlist, const std::string &fn) {
    ObjectCheckResult r;
    ElfObject obj;
    try {
        obj = read_elf_object(bytes, file);
    } catch (const std::exception &e) {
        return {false, e.what()};
    }
    for (const auto &s : obj.section_names) {
        for (const char *banned : k_banned_sections) {
            if (s == banned || s.rfind(std::string(banned) + ".", 0) == 0) {
                return {false, "section " + s + " is not allowed: code that runs at load time"};
            }
        }
    }
    bool has_entry = false, has_argv = false;
    for (const auto &sym : obj.symbols) {
        if (sym.undefined) {
            for (const auto &b : k_banned_symbols) {
                if (sym.name.rfind(b.prefix, 0) == 0) {
                    return {false, "symbol " + sym.name + " is not allowed: " + b.why};
                }
            }
            if (!allowlist.count(sym.name)) {
                return {false, "symbol " + sym.name +
                                   " is not allowed: the pipeline may call only the Halide runtime and the "
                                   "libc/libm functions on the backend's allowlist (extern stages and raw "
                                   "calls are rejected)"};
            }
        } else if (sym.global) {
            if (sym.name == fn) has_entry = true;
            if (sym.name == fn + "_argv") has_argv = true;
            // Halide names every function it emits after the pipeline (closures, kernels).
            if (sym.name.rfind(fn, 0) != 0 && !inlined_runtime(sym.name)) {
                return {false, "symbol " + sym.name + " is defined but not allowed: a pipeline object defines only " +
                                   fn + "* symbols"};
            }
        }
    }
    if (!has_entry || !has_argv) return {false, "the object does not define " + fn + " and " + fn + "_argv"};
    return r;
}

}  // namespace ekb
