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
// Zen 4 it reports avx512_sapphirerapids, whose code may use AVX-VNNI or AVX512-FP16, which
// Zen 4 lacks: SIGILL). Keep a group only when the kernel lists every instruction set it implies.
std::string host_cpu_target() {
    Halide::Target t = Halide::get_host_target();
    std::set<std::string> flags = cpuinfo_flags();
    if (flags.empty()) return t.to_string();  // not Linux/x86: trust Halide
    const std::pair<Halide::Target::Feature, std::vector<const char *>> requirements[] = {
        // LLVM's sapphirerapids also emits AVX512-FP16 (vmovw when int16 vectors are built
        // lane by lane): an AMD EPYC with every other group but no avx512_fp16 died of SIGILL.
        {Halide::Target::AVX512_SapphireRapids, {"avx_vnni", "avx512_bf16", "avx512_vnni", "avx512_fp16"}},
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
    const Backend &b = backend_info(backend);
    std::string env = "EKB_TARGET_" + b.name;
    std::transform(env.begin(), env.end(), env.begin(),
                   [](unsigned char c) { return c == '-' ? '_' : static_cast<char>(std::toupper(c)); });
    if (const char *v = std::getenv(env.c_str()); v && *v) return v;
    std::string t = (b.host_target ? host_cpu_target() : b.target) + b.target_features;
    return Halide::Target(t).to_string();
}

std::string reference_target() { return backend_target(host_cpu_backend().name); }

std::string reference_target_for(const std::string &backend) { return backend_target(backend_info(backend).reference); }

}  // namespace ekb
