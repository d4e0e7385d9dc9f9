// Expert opencl schedule for `conv1d_relu_maxpool`: one kernel. Work-groups of 32 pooled
// samples x 4 channel groups; each work-item computes one pooled sample of 4 output
// channels, i.e. the 2 x 4 conv sums of its sample pair in registers across the (input
// channel, tap) loop (each input load feeds 4 FMAs, each weight load 2), with bias, ReLU and
// the pair max fused into the store. Neighbouring work-items read neighbouring input samples.
// The zero padding is a select on the input load (cheap next to the FMAs). All tails use
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var lo{"lo"}, co{"co"}, li{"li"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    // act and x_padded are inlined; conv lives in registers of each work-item (below).
    // @layer loops
    a.y.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.l, a.c, a.n)
        .gpu_tile(a.l, a.c, lo, co, li, ci, 32, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.y, li).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(cv);
    a.conv.unroll(a.l).unroll(a.c);
    a.conv.update().reorder(a.l, a.c, a.r.x, a.r.y, a.n).unroll(a.l).unroll(a.c);
    // @end
    return a.kernel();
}
