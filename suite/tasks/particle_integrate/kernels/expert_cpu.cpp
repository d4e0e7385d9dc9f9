// Expert cpu schedule for `particle_integrate`: the [P, 3] tensors are dense (stride 3, declared
// below), so coordinate and particle are fused into one flat loop over 3P floats, split into
// parallel chunks of 16 vectors and vectorized; vnew is inlined, so each output is one pass
// of dense vector loads and multiply-adds.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var f{"f"}, fo{"fo"}, fi{"fi"}, fv{"fv"};
    // @layer compute
    // Contiguous PyTorch tensors: a particle's coordinates are adjacent, particles 3 apart.
    a.pos.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.vel.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.acc.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.out.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    // vnew is inlined into out.
    // @layer loops
    // Flat tail: with 3P >= vec, ShiftInwards recomputes a few floats of the last vector;
    // fewer floats than a vector (a single particle) take the same loops, guarded.
    a.out.bound(a.i, 0, 3);
    Stage whole = a.out.specialize(3 * a.out.output_buffer().dim(1).extent() >= vec);
    for (auto [s, tail] : {std::pair<Stage, TailStrategy>{whole, TailStrategy::ShiftInwards},
                           {Stage(a.out), TailStrategy::GuardWithIf}}) {
        s.fuse(a.i, a.p, f).split(f, fi, fv, vec, tail).split(fi, fo, fi, 16, TailStrategy::GuardWithIf).parallel(fo);
    }
    // @layer vector
    for (Stage s : {whole, Stage(a.out)}) s.vectorize(fv);
    // @end
    return a.kernel();
}
