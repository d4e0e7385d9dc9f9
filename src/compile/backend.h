// Backends and their Halide targets. A backend is a name users type (cpu, opencl, cuda);
// its target string is always explicit and recorded (the host's detected CPU features,
// plus the GPU API), never "host", so an artifact never silently depends on the machine
// that built it.
#pragma once
#include <string>
#include <vector>

namespace ekb {

const std::vector<std::string> &known_backends();
bool is_known_backend(const std::string &backend);
bool is_gpu_backend(const std::string &backend);

// The target string for a backend on this host, e.g.
// "x86-64-linux-avx-avx2-fma-sse41-opencl". Overridable with EKB_TARGET_<BACKEND>.
std::string backend_target(const std::string &backend);
// The target trusted reference artifacts are built for: the host CPU.
std::string reference_target();

}  // namespace ekb
