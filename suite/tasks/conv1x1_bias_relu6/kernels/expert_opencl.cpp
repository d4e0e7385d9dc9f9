// Expert opencl schedule for `conv1x1_bias_relu6`: 3-D work-groups of 8 column groups x 4
// rows x 4 channel groups; each thread accumulates an 8-channel x 4-column block of conv in
// registers across the input-channel loop (8-wide vector FMAs: one input value and one vector
// of 8 weights per column), with bias + ReLU6 fused into the store. The per-thread block uses
// ShiftInwards so that it never shrinks and stays a fixed-size register tile; that needs
// W >= 4 and C_out >= 8 (every MobileNet layer), so smaller outputs take a specialization
// with a scalar 4-channel block per thread and GuardWithIf tails. Work-group tails use
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, cj{"cj"}, xv{"xv"}, cv{"cv"};
    const Expr blocks_fit = a.output.output_buffer().dim(0).extent() >= 4 &&
                            a.output.output_buffer().dim(2).extent() >= 8;
    // @layer compute
    // biased is inlined into output; conv lives in registers of each GPU thread (below).
    // @layer loops
    a.output.specialize(blocks_fit)
        .split(a.c, a.c, cv, 8, TailStrategy::ShiftInwards)
        .split(a.x, a.x, xv, 4, TailStrategy::ShiftInwards)
        .reorder(cv, xv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, cj, 8, 4, 4, TailStrategy::GuardWithIf);
    a.output.split(a.c, a.c, cv, 4, TailStrategy::GuardWithIf)
        .reorder(cv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, cj, 16, 4, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.output, xi)
        .store_in(MemoryType::Register)
        .reorder_storage(a.c, a.x, a.y, a.n);
    // @layer vector
    a.output.specialize(blocks_fit).vectorize(cv).unroll(xv);
    a.output.unroll(cv);
    a.conv.specialize(blocks_fit).vectorize(a.c).unroll(a.x);
    a.conv.unroll(a.c);
    a.conv.update().specialize(blocks_fit).reorder(a.c, a.x, a.ci, a.y, a.n).vectorize(a.c).unroll(a.x);
    a.conv.update().reorder(a.c, a.x, a.y, a.ci).unroll(a.c);
    // @end
    return a.kernel();
}
