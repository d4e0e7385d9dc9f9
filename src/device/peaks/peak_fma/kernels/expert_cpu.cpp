// Compute peak on CPUs: parallel strips of 16 vectors; per vector of elements the 8 chains
// live in vector registers (store_in Register: 8 x 2 registers), and each step of the r loop
// issues one fused multiply-add per chain and register, 16 independent ones in flight, as a
// hand-written loop with 16 accumulators does (bench/roof_probe.cpp). GuardWithIf keeps the
// register block fixed-size on the last, partial vector.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32)), w = 2 * vec;
    Var o{"o"}, in{"in"};
    // @layer loops
    a.y.split(a.i, o, in, 16 * vec, TailStrategy::GuardWithIf).parallel(o);
    // @layer memory
    a.acc.compute_at(a.y, in).store_in(MemoryType::Register).bound(a.k, 0, task::Algorithm::chains)
        .bound_storage(a.i, w).reorder_storage(a.i, a.k);
    a.acc.update().reorder(a.k, a.i, a.r);
    // @layer vector
    a.y.vectorize(in, w);
    a.acc.unroll(a.k).vectorize(a.i, w, TailStrategy::GuardWithIf);
    a.acc.update().unroll(a.k).vectorize(a.i, w, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
