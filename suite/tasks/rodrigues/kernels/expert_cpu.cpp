// Expert cpu schedule for `rodrigues`: one pass over the batch in parallel chunks of 8 vectors,
// vectorized across rotations. The [B, 3] input and [B, 3, 3] output are dense (strides
// declared below); per vector of rotations the coefficients (a, b, t^2: Halide's vectorized
// sin and sqrt) are computed once into registers, and the 9 outputs (unrolled, each select
// folded to its formula) written as interleaved vectors. With B >= the vector width, ShiftInwards
// recomputes a few rotations of the last vector; smaller batches take guarded vectors.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var bo{"bo"}, bi{"bi"}, bv{"bv"};
    // @layer compute
    a.r.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.R.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_bounds(0, 3).set_stride(3).dim(2).set_stride(9);
    // @layer loops
    a.R.bound(a.c, 0, 3).bound(a.q, 0, 3);
    Stage whole = a.R.specialize(a.R.output_buffer().dim(2).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.R), TailStrategy::GuardWithIf}}) {
        s.split(a.p, bi, bv, vec, tail)
            .split(bi, bo, bi, 8, TailStrategy::GuardWithIf)
            .reorder(a.c, a.q, bv, bi, bo)
            .parallel(bo);
    }
    // @layer memory
    a.coef.compute_at(a.R, bi);
    // @layer vector
    for (Stage s : {whole, Stage(a.R)}) s.vectorize(bv).unroll(a.c).unroll(a.q);
    a.coef.vectorize(a.p, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
