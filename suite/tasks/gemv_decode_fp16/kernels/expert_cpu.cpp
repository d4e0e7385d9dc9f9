// Expert cpu schedule for `gemv_decode_fp16`: bound by streaming W (K-contiguous rows) once.
// Parallel strips of 32 output rows; each row is one dot product along k, accumulated in
// four independent vectors of partial sums (rfactor over 4 * natural_vector_size lanes, so
// the FMA latency is hidden) that are folded across lanes at the end of the row. Rows are
// read one after another, so W is read as one linear stream per thread. The k tail is one
// predicated block after the steady loop.
// float16 variant of `gemv_decode` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
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
