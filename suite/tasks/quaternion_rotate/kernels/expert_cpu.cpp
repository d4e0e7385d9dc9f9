// Expert cpu schedule for `quaternion_rotate`: one pass over the points, in parallel chunks of
// 8 vectors of points, vectorized across points. The inputs and the output are dense rows
// (strides 4 and 3 declared below), and the three coordinates are unrolled, so every
// (i + 1) % 3 folds to a constant and the interleaved [P, 4] / [P, 3] rows are read and
// written as dense vectors plus shuffles. 1/|q| and the two cross products are computed per
// vector of points and stay in registers.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var po{"po"}, pi{"pi"}, pv{"pv"};
    // @layer compute
    // Contiguous PyTorch tensors: a point's components are adjacent, points 4 or 3 apart.
    a.q.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.v.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.out.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    // qn is inlined; rnorm, uv and uuv are computed per vector of points (memory, below).
    // @layer loops
    // Points tail: with P >= vec, ShiftInwards recomputes a few points of the last vector,
    // so every stage works on whole vectors; fewer points than a vector (P = 1 is a real
    // call) take the same loops with the vector guarded.
    a.out.bound(a.i, 0, 3);
    Stage whole = a.out.specialize(a.out.output_buffer().dim(1).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.out), TailStrategy::GuardWithIf}}) {
        s.split(a.p, pi, pv, vec, tail).split(pi, po, pi, 8, TailStrategy::GuardWithIf).reorder(a.i, pv, pi, po).parallel(po);
    }
    // @layer memory
    a.rnorm.compute_at(a.out, pi);
    a.uv.compute_at(a.out, pi);
    a.uuv.compute_at(a.out, pi);
    // @layer vector
    for (Stage s : {whole, Stage(a.out)}) s.vectorize(pv).unroll(a.i);
    a.rnorm.vectorize(a.p, vec, TailStrategy::GuardWithIf);
    a.uv.reorder(a.i, a.p).vectorize(a.p, vec, TailStrategy::GuardWithIf).unroll(a.i);
    a.uuv.reorder(a.i, a.p).vectorize(a.p, vec, TailStrategy::GuardWithIf).unroll(a.i);
    // @end
    return a.kernel();
}
