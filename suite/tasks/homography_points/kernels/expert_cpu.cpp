// Expert cpu schedule for `homography_points`: one pass over the points in parallel chunks of
// 8 vectors, vectorized across points (natural float width). The [N, 2] input and output are
// dense (strides declared below): the point pairs are loaded as deinterleaving vector loads,
// the divisor w computed once per vector into registers, the two outputs (unrolled, H's
// entries broadcast) stored interleaved. With N >= the vector width, ShiftInwards recomputes a
// few points of the last vector; smaller batches take guarded vectors.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var bo{"bo"}, bi{"bi"}, bv{"bv"};
    // @layer compute
    a.pts.dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    a.Hm.dim(0).set_bounds(0, 3).dim(1).set_bounds(0, 3).set_stride(3);
    a.out.output_buffer().dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    // @layer loops
    a.out.bound(a.j, 0, 2);
    Stage whole = a.out.specialize(a.out.output_buffer().dim(1).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.out), TailStrategy::GuardWithIf}}) {
        s.split(a.n, bi, bv, vec, tail)
            .split(bi, bo, bi, 8, TailStrategy::GuardWithIf)
            .reorder(a.j, bv, bi, bo)
            .parallel(bo);
    }
    // @layer memory
    a.rw.compute_at(a.out, bi);
    // @layer vector
    for (Stage s : {whole, Stage(a.out)}) s.vectorize(bv).unroll(a.j);
    a.rw.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
