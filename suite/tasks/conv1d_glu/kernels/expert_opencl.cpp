// Expert opencl schedule for `conv1d_glu`: one kernel. Work-groups of 32 time steps x 4
// channel groups, adjacent work-items along time, so each input load is contiguous across
// the work-group (vectorizable by CPU drivers such as PoCL) and each weight load is uniform.
// Each work-item accumulates one time step of 4 channels of both halves (value a and gate b)
// in 8 registers across the whole (input channel, tap) loop; bias, sigmoid and the product
// are fused into the store. The zero padding is a select on the load. The channel block
// shifts inwards (never shrinks, so it stays a fixed-size register tile); that needs
// C >= 4, so narrower outputs take one channel per work-item. Work-group tails use
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const Expr fits = a.y.output_buffer().dim(1).extent() >= chans;
    Var lo{"lo"}, co{"co"}, li{"li"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    // x_padded and biased are inlined; conv lives in registers of each work-item (below).
    // @layer loops
    a.y.specialize(fits)
        .split(a.c, a.c, cv, chans, TailStrategy::ShiftInwards)
        .reorder(cv, a.l, a.c, a.n)
        .gpu_tile(a.l, a.c, lo, co, li, ci, 32, 4, TailStrategy::GuardWithIf)
        .gpu_blocks(a.n);
    a.y.gpu_tile(a.l, a.c, lo, co, li, ci, 32, 4, TailStrategy::GuardWithIf).gpu_blocks(a.n);
    // @layer memory
    a.conv.compute_at(a.y, li).store_in(MemoryType::Register);
    // @layer vector
    a.y.specialize(fits).unroll(cv);
    a.conv.unroll(a.c).unroll(a.g);
    a.conv.update().reorder(a.c, a.g, a.l, a.r.x, a.r.y, a.n).unroll(a.c).unroll(a.g);
    // @end
    return a.kernel();
}
