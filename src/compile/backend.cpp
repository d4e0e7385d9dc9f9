#include "compile/backend.h"

#include <Halide.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>
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

std::set<std::string> cpuinfo_flags() {
    std::set<std::string> flags;
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("flags", 0) != 0) continue;
        std::istringstream ss(line.substr(line.find(':') + 1));
        std::string f;
        while (ss >> f) flags.insert(f);
        break;
    }
    return flags;
}

// Halide 14's host detection can claim a feature group the CPU only partly has (on an AMD
// Zen 4 it reports avx512_sapphirerapids, whose code may use AVX-VNNI, which Zen 4 lacks:
// SIGILL). Keep a group only when the kernel lists every instruction set it implies.
std::string host_cpu_target() {
    Halide::Target t = Halide::get_host_target();
    std::set<std::string> flags = cpuinfo_flags();
    if (flags.empty()) return t.to_string();  // not Linux/x86: trust Halide
    const std::pair<Halide::Target::Feature, std::vector<const char *>> requirements[] = {
        {Halide::Target::AVX512_SapphireRapids, {"avx_vnni", "avx512_bf16", "avx512_vnni"}},
        {Halide::Target::AVX512_Cannonlake, {"avx512ifma", "avx512vbmi"}},
        {Halide::Target::AVX512_Skylake, {"avx512bw", "avx512vl", "avx512dq"}},
    };
    for (const auto &[feature, needs] : requirements) {
        if (!t.has_feature(feature)) continue;
        for (const char *f : needs) {
            if (!flags.count(f)) {
                t = t.without_feature(feature);
                break;
            }
        }
    }
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
