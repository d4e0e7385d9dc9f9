// Expert cpu schedule for `dequant_matmul_int8w`: bound by streaming the int8 weight
// (K-contiguous rows) once, dequantized in registers, never materialized as float. Parallel
// strips of 32 output rows; each row is one dot product along k, accumulated in four
// independent vectors of partial sums (rfactor over 4 * natural_vector_size lanes, so the
// FMA latency is hidden): each step widens a vector of int8 weights to float and multiplies
// it with a vector of x. The lanes are folded at the end of the row, and the per-channel
// scale and bias are applied once per output. The k tail is one predicated block after the
// steady loop.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var no{"no"}, ni{"ni"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // dot sums the lanes of an rfactor stage (below).
    // @layer loops
    a.y.split(a.n, no, ni, 32, TailStrategy::GuardWithIf).parallel(no);
    // Lane-wise partial sums: lane u of 4*vec lanes reduces k = u, u + 4*vec, ...
    Func lanes = a.dot.update().split(a.k, ko, ki, 4 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    lanes.compute_at(a.y, ni);
    a.dot.compute_at(a.y, ni);
    // @layer vector
    lanes.vectorize(u, vec).unroll(u);  // four vector accumulators
    lanes.update().vectorize(u, vec).unroll(u);
    a.dot.update().atomic().vectorize(ki);  // the final cross-lane sum as a vector reduction
    // @end
    return a.kernel();
}
