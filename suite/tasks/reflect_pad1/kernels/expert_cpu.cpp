// Expert cpu schedule for `reflect_pad1`: the boundary condition stays inlined; its coordinate selects
// carry Halide's `likely` hints, so loop partitioning splits each row into the left border,
// a steady state of dense vector copies, and the right border, and likewise the rows. Channels
// x rows in parallel; guarded vectors, so narrow rows are legal.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var t{"t"};
    // @layer compute
    // one stage.
    // @layer loops
    a.output.fuse(a.y, a.c, t).parallel(t, 8);
    // @layer vector
    a.output.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
