// Expert cpu schedule for `se3_relative_pose`: one pass over the batch in parallel chunks of 8
// vectors, vectorized across pose pairs. The [B, 7] inputs and [B, 3, 4] output are dense
// (strides declared below); per vector of pairs the two 1/|q| and the two rotation matrices
// (9 entries each, unrolled, each select folded) are computed once into registers / L1, then
// the 12 outputs (unrolled) written as interleaved vectors. With B >= the vector width,
// ShiftInwards recomputes a few pairs of the last vector; smaller batches take guarded
// vectors.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var bo{"bo"}, bi{"bi"}, bv{"bv"};
    // @layer compute
    a.pa.dim(0).set_bounds(0, 7).dim(1).set_stride(7);
    a.pb.dim(0).set_bounds(0, 7).dim(1).set_stride(7);
    a.rel.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 3).set_stride(4).dim(2).set_stride(12);
    // @layer loops
    a.rel.bound(a.c, 0, 4).bound(a.r, 0, 3);
    Stage whole = a.rel.specialize(a.rel.output_buffer().dim(2).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.rel), TailStrategy::GuardWithIf}}) {
        s.split(a.b, bi, bv, vec, tail)
            .split(bi, bo, bi, 8, TailStrategy::GuardWithIf)
            .reorder(a.c, a.r, bv, bi, bo)
            .parallel(bo);
    }
    // @layer memory
    for (Func f : {a.rn_a, a.rn_b, a.rot_a, a.rot_b}) f.compute_at(a.rel, bi);
    // @layer vector
    for (Stage s : {whole, Stage(a.rel)}) s.vectorize(bv).unroll(a.c).unroll(a.r);
    a.rn_a.vectorize(a.b, vec, TailStrategy::GuardWithIf);
    a.rn_b.vectorize(a.b, vec, TailStrategy::GuardWithIf);
    for (Func f : {a.rot_a, a.rot_b}) {
        f.bound(a.c, 0, 3).bound(a.r, 0, 3).reorder(a.c, a.r, a.b)
            .vectorize(a.b, vec, TailStrategy::GuardWithIf).unroll(a.c).unroll(a.r);
    }
    // @end
    return a.kernel();
}
