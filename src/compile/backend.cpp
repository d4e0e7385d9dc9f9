#include "compile/backend.h"

#include <Halide.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <stdexcept>

namespace ekb {

const std::vector<std::string> &known_backends() {
    static const std::vector<std::string> b = {"cpu", "opencl", "cuda"};
    return b;
}

bool is_known_backend(const std::string &backend) {
    const auto &b = known_backends();
    return std::find(b.begin(), b.end(), backend) != b.end();
}

bool is_gpu_backend(const std::string &backend) { return backend == "opencl" || backend == "cuda"; }

namespace {

std::string host_cpu_target() {
    Halide::Target t = Halide::get_host_target();
    return t.to_string();
}

}  // namespace

std::string backend_target(const std::string &backend) {
    if (!is_known_backend(backend)) throw std::invalid_argument("unknown backend '" + backend + "' (cpu, opencl, cuda)");
    std::string env = "EKB_TARGET_" + backend;
    std::transform(env.begin(), env.end(), env.begin(), [](unsigned char c) { return std::toupper(c); });
    if (const char *v = std::getenv(env.c_str()); v && *v) return v;
    std::string t = host_cpu_target();
    if (backend == "opencl") t += "-opencl";
    // Halide 14 tops out at compute capability 8.6; newer GPUs JIT its PTX in the driver.
    if (backend == "cuda") t += "-cuda-cuda_capability_86";
    return Halide::Target(t).to_string();
}

std::string reference_target() { return backend_target("cpu"); }

}  // namespace ekb
