// The object check (design.md, trust model): before anything loads a compiled pipeline,
// its object must only reach the Halide runtime entry points and libc/libm functions on
// the backend's committed allowlist, define nothing global beyond the pipeline's own
// entry points, and carry no constructors or other code that runs at load time.
#pragma once
#include <filesystem>
#include <set>
#include <string>

namespace ekb {

struct ObjectCheckResult {
    bool ok = true;
    std::string message;  // names the offending symbol or section
};

// Reads src/compile/allowlist/<backend>.txt (one symbol per line, '#' comments).
// Changes whenever the rules above the allowlist change, so cached verdicts are redone.
constexpr const char *k_object_check_rules = "object-check-2 (inlined profiler helpers allowed)";

std::set<std::string> load_allowlist(const std::filesystem::path &allowlist_dir, const std::string &backend);

ObjectCheckResult check_pipeline_object(const std::string &object_bytes, const std::string &file_name,
                                        const std::set<std::string> &allowlist,
                                        const std::string &function_name = "ekb_pipeline");

}  // namespace ekb
