// ekb's seeded input generator: the one source of truth for input values. The runner
// generates every input on the device itself; the PyTorch side loads dumps of the same
// values, never re-implements this.
//
// Counter-based: element i of tensor t under seed s is a pure function of (s, t, i), so any
// slice can be generated independently and the values do not depend on thread count.
#pragma once
#include <cstddef>
#include <cstdint>

#include "suite/dtype.h"

namespace ekb {

// Uniform in [lo, hi) for float32; integers uniform in [lo, hi] (inclusive).
void generate_tensor(void *dst, DType dtype, size_t count, double lo, double hi, uint64_t seed, uint64_t tensor_index);

// Mixes a seed with a stream index (SplitMix64 finalizer).
uint64_t mix_seed(uint64_t seed, uint64_t stream);

}  // namespace ekb
