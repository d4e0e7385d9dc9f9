// Expert cpu schedule for `space_to_depth_focus`: each output row is one phase of one input row,
// a stride-2 read that LLVM turns into dense loads and a deinterleaving shuffle; the phase and
// the input channel are per-row scalars. Output channels x rows in parallel (serial under 16K
// elements). A row is one loop of full vectors whose last vector is shifted back inside the row
// (ShiftInwards, only under a specialization where the row is at least one vector long: never a
// masked strided tail, which costs a gather per lane); rows shorter than a vector use half
// vectors, and rows shorter than half a vector a guarded vector.
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
    a.output.fuse(a.y, a.c, t);
    Expr work = a.input.dim(0).extent() * a.input.dim(1).extent() * a.input.dim(2).extent();
    Expr W = a.input.dim(0).extent() / 2;  // output row length
    Stage big = a.output.specialize(work >= 16384);
    big.parallel(t, 8, TailStrategy::GuardWithIf);
    // @layer vector
    for (Stage s : {big, Stage(a.output)}) {
        s.specialize(W >= vec).vectorize(a.x, vec, TailStrategy::ShiftInwards);
        s.specialize(W >= vec / 2).vectorize(a.x, vec / 2, TailStrategy::ShiftInwards);
        s.vectorize(a.x, vec / 2, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
