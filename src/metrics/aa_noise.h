// The A/A noise floor: how far apart two evaluations of the same kernel land.
//
// A record's speedup CI comes from one evaluation (a bootstrap over its timed calls). Two
// evaluations also differ by an effect that is constant within each — where the processes
// landed, the machine's load in that minute — which no within-evaluation CI can see. The
// experiment's `expert` samples (the expert timed against itself) measure it: their log
// speedups would all be 0 without it. sigma is their root mean square (bias included), per
// backend, from at least kMinSamples samples.
//
// Confident Fast@p and Beat-naive widen each record's CI by this floor (in quadrature on the
// log scale, 1.96 sigma per evaluation involved), so that an A/A experiment scores
// confident Fast@1.0 near 2.5 % on a busy machine too. Without expert samples on a backend
// the record's own CI is used as is (and the report says so).
#pragma once
#include <map>
#include <string>
#include <vector>

#include "record/record.h"

namespace ekb {

struct AANoise {
    int samples = 0;
    double sigma = 0;  // RMS of log(speedup) of expert-vs-expert samples
    double bias = 0;   // their mean log(speedup)
};

constexpr int kMinAASamples = 3;

// Per backend with at least kMinAASamples correct, timed expert samples.
std::map<std::string, AANoise> aa_noise(const std::vector<ResultRecord> &records);

// The lower bound of a CI [lo, value] widened by `evaluations` independent noise-floor terms.
double widened_lower(double value, double lo, double sigma, int evaluations);

}  // namespace ekb
