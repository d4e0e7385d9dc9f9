// Expert cpu schedule for `dls_inverse3x3`: one pass over the batch in parallel chunks of 8
// vectors, vectorized across matrices. The [B, 3, 3] input and output are dense (strides
// declared below); the 9 S entries of a vector of matrices are computed once into registers
// (r, c unrolled), 1/det once, and the 9 outputs (unrolled, each select folded to its
// cofactor) written as interleaved vectors. With B >= the vector width, ShiftInwards
// recomputes a few matrices of the last vector; smaller batches take guarded vectors.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var bo{"bo"}, bi{"bi"}, bv{"bv"};
    // @layer compute
    a.J.dim(0).set_bounds(0, 3).dim(1).set_bounds(0, 3).set_stride(3).dim(2).set_stride(9);
    a.out.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_bounds(0, 3).set_stride(3).dim(2).set_stride(9);
    // @layer loops
    a.out.bound(a.c, 0, 3).bound(a.r, 0, 3);
    Stage whole = a.out.specialize(a.out.output_buffer().dim(2).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.out), TailStrategy::GuardWithIf}}) {
        s.split(a.b, bi, bv, vec, tail)
            .split(bi, bo, bi, 8, TailStrategy::GuardWithIf)
            .reorder(a.c, a.r, bv, bi, bo)
            .parallel(bo);
    }
    // @layer memory
    a.S.compute_at(a.out, bi);
    a.rdet.compute_at(a.out, bi);
    // @layer vector
    for (Stage s : {whole, Stage(a.out)}) s.vectorize(bv).unroll(a.c).unroll(a.r);
    a.S.bound(a.c, 0, 3).bound(a.r, 0, 3).reorder(a.c, a.r, a.b)
        .vectorize(a.b, vec, TailStrategy::GuardWithIf).unroll(a.c).unroll(a.r);
    a.rdet.vectorize(a.b, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
