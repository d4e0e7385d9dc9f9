// Expert cpu schedule for `lidar_spherical_projection`: one pass over the points in parallel
// chunks of 8 vectors, vectorized across points (natural float width). The [N, 2] xy input and
// [N, 3] output are dense (strides declared below); per vector of points the depth is computed
// once into registers, and the 3 outputs (unrolled: Halide's vectorized atan2 and asin
// polynomials) written as interleaved vectors. With N >= the vector width, ShiftInwards
// recomputes a few points of the last vector; smaller clouds take guarded vectors.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var bo{"bo"}, bi{"bi"}, bv{"bv"};
    // @layer compute
    a.xy.dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    a.proj.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    // @layer loops
    a.proj.bound(a.k, 0, 3);
    Stage whole = a.proj.specialize(a.proj.output_buffer().dim(1).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.proj), TailStrategy::GuardWithIf}}) {
        s.split(a.n, bi, bv, vec, tail)
            .split(bi, bo, bi, 8, TailStrategy::GuardWithIf)
            .reorder(a.k, bv, bi, bo)
            .parallel(bo);
    }
    // @layer memory
    a.depth.compute_at(a.proj, bi);
    // @layer vector
    for (Stage s : {whole, Stage(a.proj)}) s.vectorize(bv).unroll(a.k);
    a.depth.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
