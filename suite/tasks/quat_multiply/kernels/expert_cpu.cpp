// Expert cpu schedule for `quat_multiply`: one pass over the quaternions, in parallel chunks
// of 8 vectors, vectorized across quaternions. The [P, 4] rows are dense (stride 4, declared
// below) and the four components are unrolled, so each select folds to its own formula and
// the interleaved rows are read and written as dense vectors plus shuffles.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var po{"po"}, pi{"pi"}, pv{"pv"};
    // @layer compute
    // Contiguous PyTorch tensors: a quaternion's components are adjacent, quaternions 4 apart.
    a.q1.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.q2.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.out.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    // @layer loops
    // Quaternion tail: with P >= vec, ShiftInwards recomputes a few quaternions of the last
    // vector, so every vector is whole; fewer quaternions than a vector (P = 1 is a real
    // call) take the same loops with the vector guarded.
    a.out.bound(a.j, 0, 4);
    Stage whole = a.out.specialize(a.out.output_buffer().dim(1).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.out), TailStrategy::GuardWithIf}}) {
        s.split(a.p, pi, pv, vec, tail).split(pi, po, pi, 8, TailStrategy::GuardWithIf).reorder(a.j, pv, pi, po).parallel(po);
    }
    // @layer vector
    for (Stage s : {whole, Stage(a.out)}) s.vectorize(pv).unroll(a.j);
    // @end
    return a.kernel();
}
