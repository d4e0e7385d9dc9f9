// ekb's seeded input generator: the one source of truth for input values. The runner
// generates every input on the device itself; the PyTorch side loads dumps of the same
// values, never re-implements this.
//
// Counter-based: element i of tensor t under seed s is a pure function of (s, t, i), so any
// slice can be generated independently and the values do not depend on thread count.
#pragma once
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "suite/dtype.h"

namespace ekb {

// Uniform in [lo, hi) for float32; float16: that value rounded to nearest (kept below hi);
// integers uniform in [lo, hi] (inclusive).
void generate_tensor(void *dst, DType dtype, size_t count, double lo, double hi, uint64_t seed, uint64_t tensor_index);

// Mixes a seed with a stream index (SplitMix64 finalizer).
uint64_t mix_seed(uint64_t seed, uint64_t stream);

// Adversarial input sets (task.json "adversarial" per input, docs/task-format.md): values at
// the edges the reference defines, beside the uniform random sets. Each kind a task lists
// for any input becomes one verification set; in it, the inputs that list the kind get its
// values and the others their ordinary random values.
//   large       uniform in `lo`..`hi` (the range where the reference is still stable; for float16
//               inputs within its finite values, |v| <= 65504, so the set itself holds no inf)
//   ties        `levels` evenly spaced values of the input's range (many exact ties)
//   round_half  float32/float16: values v with float(v) * multiplier == k + 0.5 exactly (rounding ties)
//   zeros       every element 0
//   denormal    float32/float16: half the elements subnormal in the input's own type (either
//               sign), half ordinary
//   extremes    every element the low or the high end of the input's range
struct AdversarialGen {
    std::string kind;
    double lo = 0, hi = 0;   // large
    int levels = 4;          // ties
    double multiplier = 1;   // round_half
    nlohmann::json to_json() const;  // the task.json value of the kind
};

// The kinds, in the order verification sets use them.
const std::vector<std::string> &adversarial_kinds();

// Parses one kind's task.json value; returns an error message or "" (then fills g).
std::string parse_adversarial(const std::string &kind, const nlohmann::json &value, DType dtype, double range_lo,
                              double range_hi, AdversarialGen &g);

// Fills dst with `g`'s values; `lo`, `hi` are the input's ordinary range.
void generate_adversarial(void *dst, DType dtype, size_t count, const AdversarialGen &g, double lo, double hi,
                          uint64_t seed, uint64_t tensor_index);

}  // namespace ekb
