// Compute peak on CPUs: parallel strips of 16 vectors, vectorized two registers wide, so 16
// independent FMA chains are in flight (8 chains x 2 registers): a 4-cycle FMA latency on
// two ports needs 8, and 16 leaves slack, as a hand-written loop with 16 accumulators does
// (bench/roof_probe.cpp). Four registers wide would need more than the 32 vector registers.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var o{"o"}, in{"in"};
    // @layer loops
    a.y.split(a.i, o, in, 16 * vec, TailStrategy::GuardWithIf).parallel(o);
    // @layer vector
    a.y.vectorize(in, 2 * vec);
    // @end
    return a.kernel();
}
