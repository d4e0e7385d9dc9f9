#include "produce/device_profile.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "compile/backend.h"
#include "eval/evaluator.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

int simd_f32_lanes(const std::string &target) {
    if (target.find("avx512") != std::string::npos) return 16;
    if (target.find("avx") != std::string::npos) return 8;
    if (target.find("arm") != std::string::npos || target.find("sse") != std::string::npos) return 4;
    return 4;
}

namespace {

std::string read_line(const fs::path &p) {
    std::ifstream f(p);
    std::string s;
    std::getline(f, s);
    return s;
}

json cpu_caches() {
    json out = json::array();
    fs::path base = "/sys/devices/system/cpu/cpu0/cache";
    if (!fs::exists(base)) return out;
    for (int i = 0; i < 8; i++) {
        fs::path d = base / ("index" + std::to_string(i));
        if (!fs::exists(d)) break;
        std::string type = read_line(d / "type");
        if (type == "Instruction") continue;
        out.push_back({{"level", read_line(d / "level")}, {"type", type}, {"size", read_line(d / "size")},
                       {"line_bytes", read_line(d / "coherency_line_size")}});
    }
    return out;
}

}  // namespace

json device_profile(Toolchain &tc, const std::string &backend) {
    json probe;
    try {
        probe = probe_backend(tc, backend);
    } catch (const std::exception &e) {
        probe = {{"supported", false}, {"reason", e.what()}};
    }
    return device_profile_from_probe(backend, probe, true);
}

json device_profile_from_probe(const std::string &backend, const json &probe, bool local) {
    json p = {{"backend", backend}, {"target", backend_target(backend)}};
    json dev = probe.value("device", json::object());
    p["device"] = dev.value("device", dev.value("cpu_model", "unknown"));
    int here = static_cast<int>(::sysconf(_SC_NPROCESSORS_ONLN));
    int cores = local ? here : dev.value("cpu_cores_online", here);
    if (backend == "cpu") {
        p["cores"] = cores;
        p["simd_f32_lanes"] = simd_f32_lanes(backend_target(backend));
        if (local) p["caches"] = cpu_caches();
    } else {
        for (const char *k : {"compute_units", "local_mem_bytes", "global_mem_bytes", "multiprocessors",
                              "shared_mem_per_block", "warp_size", "clock_mhz", "driver"}) {
            if (dev.contains(k)) p[k] = dev[k];
        }
        if (backend == "cuda") {
            if (!p.contains("warp_size")) p["warp_size"] = 32;
            if (!p.contains("shared_mem_per_block")) p["shared_mem_per_block"] = 49152;
        }
        p["host_cores"] = cores;
    }
    if (!probe.value("supported", false)) p["note"] = "no such device on the machine that built this prompt: " + probe.value("reason", std::string());
    return p;
}

std::string device_profile_text(const json &p) {
    std::string s = "backend " + p.value("backend", "") + ", Halide target `" + p.value("target", "") + "`, device " +
                    p.value("device", std::string("?")) + "\n";
    if (p.value("backend", "") == "cpu") {
        s += "cores: " + std::to_string(p.value("cores", 0)) + " (the kernel runs with all of them); SIMD: " +
             std::to_string(p.value("simd_f32_lanes", 0)) + " float32 lanes (target.natural_vector_size(Float(32)))\n";
        for (const auto &c : p.value("caches", json::array())) {
            s += "L" + c.value("level", "?") + " " + c.value("type", "") + " cache: " + c.value("size", "?") + ", lines of " +
                 c.value("line_bytes", "?") + " bytes\n";
        }
    } else {
        for (auto &[k, v] : p.items()) {
            if (k == "backend" || k == "target" || k == "device" || k == "note") continue;
            s += k + ": " + (v.is_string() ? v.get<std::string>() : v.dump()) + "\n";
        }
    }
    return s;
}

}  // namespace ekb
