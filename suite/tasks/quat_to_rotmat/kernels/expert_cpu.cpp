// Expert cpu schedule for `quat_to_rotmat`: one pass over the quaternions, in parallel chunks
// of 8 vectors, vectorized across quaternions. The [P, 4] input rows and the [P, 3, 3] output
// are dense (strides declared below) and the nine entries are unrolled, so each select folds
// to its own formula and the interleaved rows are read and written as dense vectors plus
// shuffles. 1/|q| is computed once per vector of quaternions; qn is inlined.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var po{"po"}, pi{"pi"}, pv{"pv"};
    // @layer compute
    // Contiguous PyTorch tensors: q rows 4 apart, matrices 9 apart, matrix rows 3 apart.
    a.q.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.R.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_bounds(0, 3).set_stride(3).dim(2).set_stride(9);
    // @layer loops
    // Quaternion tail: with P >= vec, ShiftInwards recomputes a few quaternions of the last
    // vector, so every vector is whole; fewer quaternions than a vector (P = 1 is a real
    // call) take the same loops with the vector guarded.
    a.R.bound(a.c, 0, 3).bound(a.r, 0, 3);
    Stage whole = a.R.specialize(a.R.output_buffer().dim(2).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.R), TailStrategy::GuardWithIf}}) {
        s.split(a.p, pi, pv, vec, tail)
            .split(pi, po, pi, 8, TailStrategy::GuardWithIf)
            .reorder(a.c, a.r, pv, pi, po)
            .parallel(po);
    }
    // @layer memory
    a.rnorm.compute_at(a.R, pi);
    // @layer vector
    for (Stage s : {whole, Stage(a.R)}) s.vectorize(pv).unroll(a.c).unroll(a.r);
    a.rnorm.vectorize(a.p, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
