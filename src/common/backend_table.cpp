#include "common/backend_table.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace ekb {

namespace fs = std::filesystem;

const char *device_class_name(DeviceClass c) { return c == DeviceClass::gpu ? "gpu" : "cpu"; }

const std::vector<Backend> &backend_table() {
    // The rows (docs/backends.md explains each column and how to add a row).
    static const std::vector<Backend> table = {
        {"cpu", DeviceClass::cpu, "", true, "", "", "native", ProbeKind::cpu, "", TimingLane::host, "cpu", "cpu", "cpu", "",
         "the host CPU through LLVM, with its detected features"},
        {"opencl", DeviceClass::gpu, "", true, "", "-opencl", "native", ProbeKind::opencl, "halide_opencl_device_interface",
         TimingLane::host_if_cpu_device, "opencl", "opencl", "cpu", "", "OpenCL (a GPU, or PoCL on the CPU)"},
        // Halide 14 tops out at compute capability 8.6; newer GPUs JIT its PTX in the driver.
        {"cuda", DeviceClass::gpu, "", true, "", "-cuda-cuda_capability_86", "native", ProbeKind::cuda,
         "halide_cuda_device_interface", TimingLane::own_device, "cuda", "cuda", "cpu", "", "CUDA (NVIDIA GPUs)"},
        // Edge CPUs: 64-bit Arm, cross-compiled. ARMv8.0-A NEON runs on every arm64 board
        // (Cortex-A53/A72: Raspberry Pi 3/4); the v8.2 row adds the dot-product and fp16
        // instructions of Cortex-A76/A78 and Neoverse (Raspberry Pi 5, Jetson Orin). Their
        // experts are the cpu experts: natural_vector_size gives 128-bit NEON vectors.
        {"cpu-arm64", DeviceClass::cpu, "aarch64", false, "arm-64-linux", "", "cross-aarch64-linux-gnu", ProbeKind::cpu, "",
         TimingLane::host, "cpu-arm64", "cpu", "cpu-arm64", "qemu-aarch64-static",
         "64-bit Arm CPUs (ARMv8.0-A NEON), cross-compiled; emulated timings off arm64"},
        {"cpu-arm64-v82", DeviceClass::cpu, "aarch64", false, "arm-64-linux", "-arm_dot_prod-arm_fp16", "cross-aarch64-linux-gnu",
         ProbeKind::cpu, "", TimingLane::host, "cpu-arm64", "cpu", "cpu-arm64", "qemu-aarch64-static",
         "64-bit Arm CPUs with ARMv8.2-A dot product and fp16 (Cortex-A76/A78), cross-compiled"},
    };
    return table;
}

const Backend *find_backend(std::string_view name) {
    for (const auto &b : backend_table()) {
        if (b.name == name) return &b;
    }
    return nullptr;
}

std::string backend_names(const std::string &sep) {
    std::string s;
    for (const auto &b : backend_table()) s += (s.empty() ? "" : sep) + b.name;
    return s;
}

const Backend &backend_info(std::string_view name) {
    if (const Backend *b = find_backend(name)) return *b;
    throw std::invalid_argument("unknown backend '" + std::string(name) + "' (" + backend_names() + ")");
}

bool is_known_backend(std::string_view name) { return find_backend(name) != nullptr; }

bool is_gpu_backend(std::string_view name) {
    const Backend *b = find_backend(name);
    return b && b->device_class == DeviceClass::gpu;
}

const Backend &host_cpu_backend() { return backend_table().front(); }

std::string machine_arch() {
    struct utsname u{};
    if (::uname(&u) != 0) return "";
    return u.machine;
}

bool runs_natively(const Backend &b) { return b.cpu_arch.empty() || b.cpu_arch == machine_arch(); }

std::string emulator_for(const Backend &b) {
    if (runs_natively(b)) return "";
    if (b.emulator.empty()) {
        throw std::runtime_error("backend " + b.name + " runs on " + b.cpu_arch + " CPUs and has no emulator for this " +
                                 machine_arch() + " machine");
    }
    if (const char *v = std::getenv("EKB_EMULATOR"); v && *v) return v;
    std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
    path += ":/usr/bin";
    size_t start = 0;
    while (start <= path.size()) {
        size_t end = path.find(':', start);
        if (end == std::string::npos) end = path.size();
        std::string dir = path.substr(start, end - start);
        if (!dir.empty()) {
            fs::path p = fs::path(dir) / b.emulator;
            if (::access(p.c_str(), X_OK) == 0) return p.string();
        }
        start = end + 1;
    }
    throw std::runtime_error("backend " + b.name + " runs on " + b.cpu_arch + " CPUs; to run it on this " + machine_arch() +
                             " machine install " + b.emulator + " (Debian: qemu-user-static)");
}

}  // namespace ekb
