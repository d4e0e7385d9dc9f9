// What device a backend runs on here, or why it cannot run ("not supported" is a status,
// not a failure). GPU APIs are loaded at run time, so ekb builds and runs without them.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace ekb {

struct DeviceInfo {
    bool supported = false;
    std::string reason;       // when not supported
    bool float16 = true;      // runs float16 kernels (OpenCL: the device has cl_khr_fp16)
    nlohmann::json details;   // device name, vendor, driver, compute units, cores, ...
};

DeviceInfo probe_device(const std::string &backend);

// dlopen for GPU driver libraries on machines with only a driver installed: `name` (the
// unversioned name Halide 14's runtime asks for, from -dev packages), then `name`.1 (what
// drivers install), then `name`.1 beside the runner executable (a bundle may carry the
// OpenCL ICD loader there). Used by the probe and, through halide_set_custom_load_library,
// by workers. Returns the handle or nullptr.
void *open_driver_library(const char *name, int flags);

// CPU facts for device profiles: model, online cores, caches (from /sys), kernel.
nlohmann::json cpu_details();

}  // namespace ekb
