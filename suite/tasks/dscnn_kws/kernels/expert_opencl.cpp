// Expert opencl schedule for `dscnn_kws`: one kernel per layer (a1, d1, a2, d2, a3, the pool
// sum, the FC, the logits) instead of one per stage and update. The activations are stored
// channel-innermost (NHWC), and every layer runs as work-groups of 32 channels x 4 rows of
// one column, one work-item per output value: each accumulates its conv / depthwise /
// pointwise sum in a register across the whole reduction and applies bias + ReLU before the
// single store; neighbouring work-items read neighbouring channels of the same pixel (the
// pointwise and depthwise inputs) and write neighbouring outputs. The zero pads are selects
// on the loads (inlined), the average pool's division is folded into the FC's loads. Tails
// use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var co{"co"}, ci{"ci"}, xo{"xo"}, xi{"xi"}, ro{"ro"}, ri{"ri"}, ko{"ko"}, ki{"ki"};
    const std::vector<std::pair<Func, Func>> layers = {
        {a.a1, a.conv1}, {a.d1, a.dw1}, {a.a2, a.pw1}, {a.d2, a.dw2}, {a.a3, a.pw2}};
    // @layer compute
    // Materialized: a1, d1, a2, d2, a3, pool_sum, fc. The pads, x_padded and pool are inlined;
    // the reductions live in registers of the work-items (below).
    for (auto [f, red] : layers) f.compute_root().reorder_storage(a.c, a.col, a.row, a.n);
    a.pool_sum.compute_root();
    a.fc.compute_root();
    // @layer loops
    for (auto [f, red] : layers) {
        f.reorder(a.c, a.row, a.col, a.n)
            .gpu_tile(a.c, a.row, co, ro, ci, ri, 32, 4, guard)
            .gpu_blocks(a.col);
    }
    a.pool_sum.gpu_tile(a.c, co, ci, 32, guard);
    a.pool_sum.update().gpu_tile(a.c, co, ci, 32, guard);
    a.fc.gpu_tile(a.k, ko, ki, 32, guard);
    a.fc.update().gpu_tile(a.k, ko, ki, 32, guard);
    a.logits.gpu_tile(a.k, ko, ki, 32, guard);
    // @layer memory
    for (auto [f, red] : layers) {
        red.compute_at(f, ci).store_in(MemoryType::Register);
    }
    // @layer vector
    a.conv1.update().unroll(a.r1.x);
    a.dw1.update().unroll(a.rk.x).unroll(a.rk.y);
    a.dw2.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
