// The physical lower bound of a call (issue 15): no honest kernel moves a task's bytes
// faster than the device's memory system or does its FLOPs faster than its arithmetic.
// The peaks are the device's measured ones (`ekb device probe`: a streaming kernel's GB/s,
// a compute-bound kernel's GFLOP/s). A time below
//     max(bytes / (k_bandwidth_margin * peak GB/s), flops / (k_flops_margin * peak GFLOP/s))
// is `suspect`: recorded with the reason and kept out of speedups and Fast@p.
//
// The margins are generous on purpose, because the measured peaks are not hard limits:
// caches beat the DRAM bandwidth the streaming probe measures (small instances live in L1/L2,
// up to ~10x faster on CPUs, and GPU L2 several times HBM), and a task's FLOP formula may
// count work a legal rewrite avoids (separable or sliding-window stencils), and peaks probed
// on a busy machine are low. Measured on this project's 2-core test machine (peaks probed
// under load: 12.5 GFLOP/s, 2.5 GB/s), the fastest shipped expert relative to the bound
// with margins 4 (FLOPs) and 16 (bytes) was conv2d_3x3 at 1.6x above it and l2_normalize
// at 4.2x; the margins are twice those. The skip-the-work and replay cheats are 100x-3000x
// too fast, far beyond them (docs/evaluation.md).
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace ekb {

constexpr double k_bandwidth_margin = 32;  // x the measured streaming GB/s
constexpr double k_flops_margin = 8;       // x the measured GFLOP/s

struct PeakRates {
    double gflops = 0;  // 0: unknown
    double gbps = 0;
};

// The peaks of `backend` from a peaks file ({"<backend>": {"gflops": G, "gbps": B}}, as
// `ekb device probe` writes it): $EKB_PEAKS when set, else <cache>/peaks.json; nullopt
// when there is none or it does not name the backend (a malformed file: nullopt too, the
// check then says "no peaks").
std::optional<PeakRates> peaks_for_backend(const std::string &backend);
std::filesystem::path default_peaks_file();

// The check of one instance's median time per call. Returns
//   {"checked": false, "reason": "no peaks"}                  peaks or work unknown
//   {"checked": true, "suspect": false, "min_s": ...}         plausible
//   {"checked": true, "suspect": true, "bound": "bytes"|"flops", "min_s", "median_s",
//    "reason": "..."}                                           below the bound
nlohmann::json check_physical_bound(double flops, double bytes, double median_seconds, const PeakRates &peaks);

}  // namespace ekb
