// A loaded pipeline artifact: dlopen'ed, its argv entry point and metadata resolved, and its
// signature checked against what the task expects.
#pragma once
#include <HalideRuntime.h>

#include <string>
#include <vector>

#include "run/layout.h"

namespace ekb {

class PipelineLibrary {
public:
    PipelineLibrary() = default;
    PipelineLibrary(const PipelineLibrary &) = delete;
    PipelineLibrary &operator=(const PipelineLibrary &) = delete;
    ~PipelineLibrary();

    // Loads `path` (a file, or /proc/self/fd/N). Returns "" or an error message.
    std::string load(const std::string &path);
    // Checks the artifact's metadata against the expected arguments (inputs then outputs).
    std::string check_signature(const std::vector<ArgLayout> &args) const;
    int call(void **argv) const { return argv_fn_(argv); }

private:
    void *handle_ = nullptr;
    int (*argv_fn_)(void **) = nullptr;
    const halide_filter_metadata_t *(*metadata_fn_)() = nullptr;
};

}  // namespace ekb
