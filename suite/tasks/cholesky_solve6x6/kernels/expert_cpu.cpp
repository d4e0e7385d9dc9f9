// Expert cpu schedule for `cholesky_solve6x6`: the batch in parallel chunks of 4 vectors,
// vectorized across systems (natural float width). Per vector of systems H's 36 entries are
// formed once into a small buffer (r, c unrolled; A's rows are dense, strides declared
// below), then the 21 factor entries, 6 reciprocal diagonals and the 12 substitution values
// are each one vector computed in order into registers / L1 (compute_at the vector), and the
// 6 outputs written interleaved (i unrolled). With B >= the vector width, ShiftInwards
// recomputes a few systems of the last vector; smaller batches take guarded vectors.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var bo{"bo"}, bi{"bi"}, bv{"bv"};
    // @layer compute
    a.A.dim(0).set_bounds(0, 6).dim(1).set_bounds(0, 6).set_stride(6).dim(2).set_stride(36);
    a.rhs.dim(0).set_bounds(0, 6).dim(1).set_stride(6);
    a.x.output_buffer().dim(0).set_bounds(0, 6).dim(1).set_stride(6);
    // @layer loops
    a.x.bound(a.i, 0, 6);
    Stage whole = a.x.specialize(a.x.output_buffer().dim(1).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.x), TailStrategy::GuardWithIf}}) {
        s.split(a.b, bi, bv, vec, tail)
            .split(bi, bo, bi, 4, TailStrategy::GuardWithIf)
            .reorder(a.i, bv, bi, bo)
            .parallel(bo);
    }
    // @layer memory
    a.H.compute_at(a.x, bi).bound(a.c, 0, 6).bound(a.r, 0, 6).reorder(a.c, a.r, a.b);
    for (Func f : a.scalar_stages()) f.compute_at(a.x, bi);
    // @layer vector
    for (Stage s : {whole, Stage(a.x)}) s.vectorize(bv).unroll(a.i);
    a.H.vectorize(a.b, vec, TailStrategy::GuardWithIf).unroll(a.c).unroll(a.r);
    for (Func f : a.scalar_stages()) f.vectorize(a.b, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
