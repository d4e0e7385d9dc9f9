#include "verify/physical_bound.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "common/paths.h"

namespace ekb {

using nlohmann::json;

std::filesystem::path default_peaks_file() {
    if (const char *v = std::getenv("EKB_PEAKS"); v && *v) return v;
    return cache_dir() / "peaks.json";
}

std::optional<PeakRates> peaks_for_backend(const std::string &backend) {
    std::ifstream in(default_peaks_file());
    if (!in) return std::nullopt;
    std::stringstream ss;
    ss << in.rdbuf();
    json j = json::parse(ss.str(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains(backend) || !j.at(backend).is_object()) return std::nullopt;
    const json &b = j.at(backend);
    PeakRates p;
    if (b.contains("gflops") && b.at("gflops").is_number()) p.gflops = b.at("gflops").get<double>();
    if (b.contains("gbps") && b.at("gbps").is_number()) p.gbps = b.at("gbps").get<double>();
    if (!(p.gflops > 0) && !(p.gbps > 0)) return std::nullopt;
    return p;
}

json check_physical_bound(double flops, double bytes, double median_seconds, const PeakRates &peaks) {
    double by_bytes = peaks.gbps > 0 && bytes > 0 ? bytes / (k_bandwidth_margin * peaks.gbps * 1e9) : 0;
    double by_flops = peaks.gflops > 0 && flops > 0 ? flops / (k_flops_margin * peaks.gflops * 1e9) : 0;
    if (by_bytes <= 0 && by_flops <= 0) {
        return {{"checked", false}, {"reason", peaks.gbps > 0 || peaks.gflops > 0 ? "no work formula" : "no peaks"}};
    }
    bool bytes_bound = by_bytes >= by_flops;
    double min_s = std::max(by_bytes, by_flops);
    json r = {{"checked", true}, {"min_s", min_s}, {"bound", bytes_bound ? "bytes" : "flops"}};
    r["suspect"] = median_seconds > 0 && median_seconds < min_s;
    if (r["suspect"].get<bool>()) {
        char buf[400];
        if (bytes_bound) {
            snprintf(buf, sizeof(buf),
                     "%.3g s per call is below the memory-traffic bound %.3g s: %.4g bytes at %g x the measured %.4g GB/s "
                     "(the kernel would move %.4g GB/s)",
                     median_seconds, min_s, bytes, k_bandwidth_margin, peaks.gbps, bytes / median_seconds / 1e9);
        } else {
            snprintf(buf, sizeof(buf),
                     "%.3g s per call is below the FLOP bound %.3g s: %.4g FLOPs at %g x the measured %.4g GFLOP/s "
                     "(the kernel would do %.4g GFLOP/s)",
                     median_seconds, min_s, flops, k_flops_margin, peaks.gflops, flops / median_seconds / 1e9);
        }
        r["median_s"] = median_seconds;
        r["reason"] = buf;
    }
    return r;
}

}  // namespace ekb
