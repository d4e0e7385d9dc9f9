// Expert cpu schedule for `so3_log_quat`: one pass over the batch in parallel chunks of 8
// vectors, vectorized across quaternions. The [B, 4] input and [B, 3] output are dense
// (strides declared below); per vector of quaternions 1/|q| and the factor f (Halide's
// vectorized sqrt and atan, the three branches as selects) are computed once into registers,
// and the 3 outputs (unrolled) written as interleaved vectors. With B >= the vector width,
// ShiftInwards recomputes a few quaternions of the last vector; smaller batches take guarded
// vectors.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var bo{"bo"}, bi{"bi"}, bv{"bv"};
    // @layer compute
    a.q.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.omega.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    // @layer loops
    a.omega.bound(a.k, 0, 3);
    Stage whole = a.omega.specialize(a.omega.output_buffer().dim(1).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.omega), TailStrategy::GuardWithIf}}) {
        s.split(a.p, bi, bv, vec, tail)
            .split(bi, bo, bi, 8, TailStrategy::GuardWithIf)
            .reorder(a.k, bv, bi, bo)
            .parallel(bo);
    }
    // @layer memory
    a.rnorm.compute_at(a.omega, bi);
    a.f.compute_at(a.omega, bi);
    // @layer vector
    for (Stage s : {whole, Stage(a.omega)}) s.vectorize(bv).unroll(a.k);
    a.rnorm.vectorize(a.p, vec, TailStrategy::GuardWithIf);
    a.f.vectorize(a.p, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
