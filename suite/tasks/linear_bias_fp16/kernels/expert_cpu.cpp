// Expert cpu schedule for `linear_bias_fp16`: x and W rows are both K-contiguous, so each output
// is a dot product along k. Outputs are computed in 4-feature x 4-token tiles, in parallel
// over strips of features (the strip's 4 rows of W stay in L1 while every token tile reuses
// them). Each tile keeps 16 vector accumulators (natural_vector_size lanes of partial sums
// over k per output) in registers across the whole k loop: k is rfactored over the lanes,
// so each step is 4 loads of W and 4 loads of x feeding 16 vector FMAs (the naive dot
// product needs 2 loads per FMA). The k tail is one predicated step; then each output's
// lanes are summed and the bias added as the tile is stored.
// float16 variant of `linear_bias` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tn = 4, tt = 4;
    Var no{"no"}, ni{"ni"}, to{"to"}, ti{"ti"}, u{"u"};
    RVar ko{"ko"}, ku{"ku"};
    Func lanes;  // dot's per-lane partial sums (below)
    // @layer compute
    // dot sums the lanes of an rfactor stage (below).
    // @layer loops
    a.out.tile(a.n, a.t, no, to, ni, ti, tn, tt, TailStrategy::GuardWithIf)
        .reorder(ni, ti, to, no)
        .parallel(no);
    lanes = a.dot.update().split(a.k, ko, ku, vec).rfactor(ku, u);
    // @layer memory
    a.dot.compute_at(a.out, to);
    lanes.compute_at(a.out, to)
        .reorder_storage(u, a.n, a.t)
        .bound_storage(a.n, tn)
        .bound_storage(a.t, tt);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    lanes.vectorize(u).unroll(a.n).unroll(a.t);
    lanes.update().reorder(u, a.n, a.t, ko).vectorize(u).unroll(a.n).unroll(a.t);
    a.dot.unroll(a.n).unroll(a.t);
    a.dot.update().reorder(ku, a.n, a.t).atomic().vectorize(ku).unroll(a.n).unroll(a.t);
    a.out.unroll(ni).unroll(ti);
    // @end
    return a.kernel();
}
