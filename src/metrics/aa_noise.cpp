#include "metrics/aa_noise.h"

#include <cmath>

#include "metrics/suspect.h"

namespace ekb {

std::map<std::string, AANoise> aa_noise(const std::vector<ResultRecord> &records) {
    std::map<std::string, std::vector<double>> logs;
    for (const auto &r : records) {
        if (r.producer == "expert" && speedup_counts(r)) logs[r.backend].push_back(std::log(r.speedup));
    }
    std::map<std::string, AANoise> out;
    for (const auto &[backend, ls] : logs) {
        if (static_cast<int>(ls.size()) < kMinAASamples) continue;
        AANoise n;
        n.samples = static_cast<int>(ls.size());
        double sq = 0, sum = 0;
        for (double l : ls) sq += l * l, sum += l;
        n.sigma = std::sqrt(sq / double(ls.size()));
        n.bias = sum / double(ls.size());
        out[backend] = n;
    }
    return out;
}

double widened_lower(double value, double lo, double sigma, int evaluations) {
    if (std::isnan(value) || std::isnan(lo) || value <= 0 || lo <= 0) return NAN;
    if (sigma <= 0) return lo;
    double own = std::log(value) - std::log(lo);
    double floor = 1.96 * sigma;
    return std::exp(std::log(value) - std::sqrt(own * own + double(evaluations) * floor * floor));
}

}  // namespace ekb
