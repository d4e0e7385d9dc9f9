#include "device/device_profile.h"

#include <algorithm>
#include <cstdlib>

#include "compile/backend.h"

namespace ekb {

using nlohmann::json;

int simd_bits_of_target(const std::string &target) {
    auto has = [&](const char *f) { return ("-" + target + "-").find(std::string("-") + f) != std::string::npos; };
    if (has("avx512")) return 512;
    if (has("avx")) return 256;  // avx, avx2
    if (has("sse41") || target.rfind("x86", 0) == 0) return 128;
    if (target.rfind("arm", 0) == 0) return 128;  // NEON (SVE is not targeted by Halide 14)
    return 0;
}

namespace {

template <typename T>
void read_number(const json &d, const char *key, T &out) {
    if (d.contains(key) && d.at(key).is_number()) out = d.at(key).get<T>();
}

void read_string(const json &d, const char *key, std::string &out) {
    if (d.contains(key) && d.at(key).is_string()) out = d.at(key).get<std::string>();
}

}  // namespace

DeviceProfile profile_from_probe(const std::string &backend, const json &probe) {
    const Backend &b = backend_info(backend);
    DeviceProfile p;
    p.backend = b.name;
    p.device_class = b.device_class;
    p.target = backend_target(b.name);
    p.supported = probe.is_object() && probe.value("supported", false);
    if (!p.supported) {
        p.note = "no such device on the machine that made this profile" +
                 (probe.is_object() && !probe.value("reason", std::string()).empty() ? ": " + probe.value("reason", std::string())
                                                                                     : std::string());
    }
    if (probe.is_object() && probe.contains("emulated") && probe.at("emulated").is_string() &&
        !probe.at("emulated").get<std::string>().empty()) {
        p.emulated = true;
        p.note = "the runner ran under " + probe.at("emulated").get<std::string>() +
                 " on another CPU: the cores and caches below are that machine's, timings are emulated";
    }
    json d = probe.is_object() ? probe.value("device", json::object()) : json::object();
    if (!d.is_object()) d = json::object();
    read_number(d, "cpu_cores_online", p.cores);
    p.simd_bits = simd_bits_of_target(p.target);
    p.f32_lanes = p.simd_bits / 32;
    if (d.contains("cpu_caches") && d.at("cpu_caches").is_object()) {
        for (auto &[name, v] : d.at("cpu_caches").items()) {
            // "L1d", "L1i", "L2", "L3": instruction caches say nothing about data.
            if (name.size() < 2 || name[0] != 'L' || name.back() == 'i' || !v.is_object()) continue;
            CacheLevel c;
            c.level = std::atoi(name.c_str() + 1);
            c.type = name.back() == 'd' ? "Data" : "Unified";
            read_number(v, "bytes", c.bytes);
            read_number(v, "line_bytes", c.line_bytes);
            if (c.level > 0 && c.bytes > 0) p.caches.push_back(c);
        }
        std::sort(p.caches.begin(), p.caches.end(), [](const CacheLevel &a, const CacheLevel &c) { return a.level < c.level; });
    }
    if (b.device_class == DeviceClass::cpu) {
        read_string(d, "cpu_model", p.device);
        return p;
    }
    read_string(d, "device", p.device);
    read_string(d, "device_type", p.device_type);
    read_string(d, "compute_capability", p.compute_capability);
    read_string(d, "driver", p.driver);
    if (p.driver.empty() && d.contains("driver_version") && d.at("driver_version").is_number()) {
        p.driver = std::to_string(d.at("driver_version").get<int64_t>());
    }
    read_number(d, "compute_units", p.compute_units);  // OpenCL
    read_number(d, "sm_count", p.compute_units);       // CUDA
    read_number(d, "warp_size", p.warp_size);
    read_number(d, "local_mem_bytes", p.local_mem_bytes);             // OpenCL
    read_number(d, "shared_mem_per_block_bytes", p.local_mem_bytes);  // CUDA
    read_number(d, "max_work_group_size", p.max_threads_per_block);   // OpenCL
    read_number(d, "max_threads_per_block", p.max_threads_per_block); // CUDA
    read_number(d, "global_mem_cache_bytes", p.l2_bytes);             // OpenCL
    read_number(d, "l2_cache_bytes", p.l2_bytes);                     // CUDA
    read_number(d, "clock_mhz", p.clock_mhz);                         // OpenCL
    if (b.probe == ProbeKind::cuda) {  // the same on every NVIDIA GPU (without opt-in shared memory)
        if (p.warp_size == 0) p.warp_size = 32;
        if (p.local_mem_bytes == 0) p.local_mem_bytes = 48 << 10;
    }
    if (d.contains("clock_khz") && d.at("clock_khz").is_number()) p.clock_mhz = d.at("clock_khz").get<double>() / 1000;
    return p;
}

json DeviceProfile::to_json() const {
    json j = {{"backend", backend}, {"target", target}, {"device_class", device_class_name(device_class)},
              {"supported", supported}, {"device", device}, {"cores", cores}};
    if (!note.empty()) j["note"] = note;
    if (emulated) j["emulated"] = true;
    if (device_class == DeviceClass::cpu) {
        j["simd_bits"] = simd_bits;
        j["float32_lanes"] = f32_lanes;
    }
    json c = json::array();
    for (const auto &l : caches) {
        json e = {{"level", l.level}, {"type", l.type}, {"bytes", l.bytes}};
        if (l.line_bytes > 0) e["line_bytes"] = l.line_bytes;
        c.push_back(e);
    }
    if (!caches.empty()) j["caches"] = c;
    auto put = [&](const char *k, auto v, bool present) {
        if (present) j[k] = v;
    };
    put("compute_units", compute_units, compute_units > 0);
    put("warp_size", warp_size, warp_size > 0);
    put("local_mem_bytes", local_mem_bytes, local_mem_bytes > 0);
    put("max_threads_per_block", max_threads_per_block, max_threads_per_block > 0);
    put("l2_bytes", l2_bytes, l2_bytes > 0);
    put("clock_mhz", clock_mhz, clock_mhz > 0);
    put("compute_capability", compute_capability, !compute_capability.empty());
    put("device_type", device_type, !device_type.empty());
    put("driver", driver, !driver.empty());
    if (gflops) j["gflops"] = *gflops;
    if (gbps) j["gbps"] = *gbps;
    return j;
}

DeviceProfile DeviceProfile::from_json(const json &j) {
    DeviceProfile p;
    if (!j.is_object()) return p;
    read_string(j, "backend", p.backend);
    if (const Backend *b = find_backend(p.backend)) p.device_class = b->device_class;
    read_string(j, "target", p.target);
    p.supported = j.value("supported", false);
    read_string(j, "note", p.note);
    read_string(j, "device", p.device);
    p.emulated = j.value("emulated", false);
    read_number(j, "cores", p.cores);
    read_number(j, "simd_bits", p.simd_bits);
    read_number(j, "float32_lanes", p.f32_lanes);
    if (j.contains("caches") && j.at("caches").is_array()) {
        for (const auto &e : j.at("caches")) {
            if (!e.is_object()) continue;
            CacheLevel c;
            read_number(e, "level", c.level);
            read_string(e, "type", c.type);
            read_number(e, "bytes", c.bytes);
            read_number(e, "line_bytes", c.line_bytes);
            p.caches.push_back(c);
        }
    }
    read_number(j, "compute_units", p.compute_units);
    read_number(j, "warp_size", p.warp_size);
    read_number(j, "local_mem_bytes", p.local_mem_bytes);
    read_number(j, "max_threads_per_block", p.max_threads_per_block);
    read_number(j, "l2_bytes", p.l2_bytes);
    read_number(j, "clock_mhz", p.clock_mhz);
    read_string(j, "compute_capability", p.compute_capability);
    read_string(j, "device_type", p.device_type);
    read_string(j, "driver", p.driver);
    if (j.contains("gflops") && j.at("gflops").is_number()) p.gflops = j.at("gflops").get<double>();
    if (j.contains("gbps") && j.at("gbps").is_number()) p.gbps = j.at("gbps").get<double>();
    return p;
}

int64_t DeviceProfile::last_level_cache_bytes() const {
    int64_t best = 0;
    for (const auto &c : caches) best = std::max(best, c.bytes);
    return best;
}

namespace {

std::string size_text(int64_t bytes) {
    if (bytes >= (1 << 20) && bytes % (1 << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string number_text(double v) {
    char buf[32];
    snprintf(buf, sizeof(buf), "%g", v);
    return buf;
}

}  // namespace

std::string DeviceProfile::text() const {
    std::string s = "backend " + backend + " (" + device_class_name(device_class) + "), Halide target `" + target +
                    "`, device " + (device.empty() ? std::string("?") : device) + "\n";
    if (!note.empty()) s += "note: " + note + "\n";
    if (device_class == DeviceClass::cpu) {
        s += "cores: " + (cores > 0 ? std::to_string(cores) : std::string("?")) + " (the kernel runs with all of them); SIMD: " +
             std::to_string(simd_bits) + "-bit vectors, " + std::to_string(f32_lanes) +
             " float32 lanes (target.natural_vector_size(Float(32)))\n";
        for (const auto &c : caches) {
            s += "L" + std::to_string(c.level) + " " + c.type + " cache: " + size_text(c.bytes) +
                 (c.line_bytes > 0 ? ", lines of " + std::to_string(c.line_bytes) + " bytes" : std::string()) + "\n";
        }
    } else {
        if (compute_units > 0) s += "compute units (SMs): " + std::to_string(compute_units) + "\n";
        if (warp_size > 0) s += "warp size: " + std::to_string(warp_size) + "\n";
        if (max_threads_per_block > 0) s += "max threads per block: " + std::to_string(max_threads_per_block) + "\n";
        if (local_mem_bytes > 0) s += "shared (local) memory per block: " + size_text(local_mem_bytes) + "\n";
        if (l2_bytes > 0) s += "L2 cache: " + size_text(l2_bytes) + "\n";
        if (clock_mhz > 0) s += "clock: " + number_text(clock_mhz) + " MHz\n";
        if (!compute_capability.empty()) s += "compute capability: " + compute_capability + "\n";
        if (!device_type.empty()) s += "OpenCL device type: " + device_type + "\n";
        if (cores > 0) s += "host cores: " + std::to_string(cores) + "\n";
    }
    if (gflops) s += "measured peak: " + number_text(*gflops) + " GFLOP/s\n";
    if (gbps) s += "measured bandwidth: " + number_text(*gbps) + " GB/s\n";
    return s;
}

}  // namespace ekb
