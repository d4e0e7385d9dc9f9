// Expert cpu schedule for `rigid_transform`: one pass over the points, in parallel chunks of
// 8 vectors of points, vectorized across points. The point rows are dense (stride 3, declared
// below) and the coordinates and the 3-term sums are unrolled, so the interleaved [P, 3] rows
// are read and written as dense vectors plus shuffles and the 12 entries of T are broadcast
// scalars; R p stays in registers.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var no{"no"}, ni{"ni"}, nv{"nv"};
    // @layer compute
    // Contiguous PyTorch tensors: a point's coordinates are adjacent, points 3 apart.
    a.p.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.out.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    // rot is computed per vector of points (memory, below).
    // @layer loops
    // Points tail: with N >= vec, ShiftInwards recomputes a few points of the last vector,
    // so every stage works on whole vectors; fewer points than a vector take the same loops
    // with the vector guarded.
    a.out.bound(a.i, 0, 3);
    Stage whole = a.out.specialize(a.out.output_buffer().dim(1).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.out), TailStrategy::GuardWithIf}}) {
        s.split(a.n, ni, nv, vec, tail).split(ni, no, ni, 8, TailStrategy::GuardWithIf).reorder(a.i, nv, ni, no).parallel(no);
    }
    // @layer memory
    a.rot.compute_at(a.out, ni);
    // @layer vector
    for (Stage s : {whole, Stage(a.out)}) s.vectorize(nv).unroll(a.i);
    a.rot.reorder(a.i, a.n).vectorize(a.n, vec, TailStrategy::GuardWithIf).unroll(a.i);
    a.rot.update().reorder(a.i, a.j, a.n).vectorize(a.n, vec, TailStrategy::GuardWithIf).unroll(a.i).unroll(a.j);
    // @end
    return a.kernel();
}
