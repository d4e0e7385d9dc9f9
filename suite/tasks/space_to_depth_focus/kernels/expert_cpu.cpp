// Expert cpu schedule for `space_to_depth_focus`: each output row is one phase of one input row,
// a stride-2 read that LLVM turns into dense loads and a deinterleaving shuffle; the phase and
// the input channel are per-row scalars. Output channels x rows in parallel (serial under 16K
// elements); guarded vectors, so narrow rows are legal.
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
    Stage big = a.output.specialize(work >= 16384);
    big.parallel(t, 8, TailStrategy::GuardWithIf);
    // @layer vector
    for (Stage s : {big, Stage(a.output)}) s.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
