#include "run/pipeline_library.h"

#include <dlfcn.h>

namespace ekb {

PipelineLibrary::~PipelineLibrary() {
    // Never dlclose: a pipeline may have registered kernels with the runtime; the process
    // ends soon after anyway.
}

std::string PipelineLibrary::load(const std::string &path) {
    handle_ = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_) return std::string("cannot load the artifact: ") + ::dlerror();
    argv_fn_ = reinterpret_cast<int (*)(void **)>(::dlsym(handle_, "ekb_pipeline_argv"));
    metadata_fn_ = reinterpret_cast<const halide_filter_metadata_t *(*)()>(::dlsym(handle_, "ekb_pipeline_metadata"));
    if (!argv_fn_ || !metadata_fn_) return "the artifact lacks ekb_pipeline_argv / ekb_pipeline_metadata";
    return "";
}

std::string PipelineLibrary::check_signature(const std::vector<ArgLayout> &args) const {
    const halide_filter_metadata_t *md = metadata_fn_();
    if (!md) return "the artifact has no metadata";
    if (md->num_arguments != static_cast<int>(args.size())) {
        return "the artifact takes " + std::to_string(md->num_arguments) + " arguments; the task has " +
               std::to_string(args.size());
    }
    for (size_t i = 0; i < args.size(); i++) {
        const auto &a = md->arguments[i];
        const auto &want = args[i];
        int kind = want.output ? halide_argument_kind_output_buffer : halide_argument_kind_input_buffer;
        halide_type_t t = halide_type_of(want.dtype);
        if (a.kind != kind || a.dimensions != static_cast<int>(want.shape.size()) || !(a.type == t)) {
            return "artifact argument #" + std::to_string(i) + " ('" + a.name + "') does not match the task's '" +
                   want.name + "' (kind, type or dimensions)";
        }
    }
    return "";
}

}  // namespace ekb
