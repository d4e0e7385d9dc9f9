// Expert cuda schedule for `mbv3_small_stem_bneck1`: seven small kernels, every stage on the
// device, the SE gate folded into the project weights (conv1x1(d * g, w) == conv1x1(d, w * g)):
//   s: each thread one stem pixel for 4 channels, the 4 sums in registers across the 27 taps
//      (x a zero-padded guarded read, the weights warp-uniform), h-swish fused;
//   d: each thread one stride-2 depthwise output, 9 taps unrolled, ReLU fused;
//   pool_sum, s1, gate: one thread per channel (the plane sum, then the SE MLP rows);
//   w_scaled: one thread per weight;
//   y: each thread projects one pixel onto 4 output channels, the 4 sums in registers across
//      C, the bias fused.
// 32x4-thread blocks over (columns, rows), threads adjacent along the columns (coalesced
// rows); channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const int tx = 32, ty = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"}, e{"e"}, eo{"eo"}, ei{"ei"};
    // @layer compute
    Func w_scaled("w_scaled"), project("project_fast"), y("y_fast");
    w_scaled(e, a.c) = a.w_proj(0, 0, e, a.c) * a.gate(e, 0);
    project(a.col, a.row, a.c, a.n) = 0.0f;
    project(a.col, a.row, a.c, a.n) += w_scaled(a.rcc, a.c) * a.d(a.col, a.row, a.rcc, a.n);
    y(a.col, a.row, a.c, a.n) = project(a.col, a.row, a.c, a.n) + a.b_proj(a.c);
    for (Func f : {a.s, a.d, a.pool_sum, a.s1, a.gate, w_scaled}) f.compute_root();
    // @layer loops
    for (Func f : {a.s, y}) {
        f.split(a.c, a.c, cv, chans, guard)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, guard);
    }
    a.d.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, guard);
    a.pool_sum.gpu_tile(a.c, co, ci, 32, guard);
    a.pool_sum.update().gpu_tile(a.c, co, ci, 32, guard);
    for (Func f : {a.s1, a.gate}) f.gpu_tile(a.c, co, ci, 32, guard);
    w_scaled.gpu_tile(e, a.c, eo, co, ei, ci, tx, ty, guard);
    a.stem.update().reorder(a.c, a.col, a.row, a.rs.x, a.rs.y, a.rs.z, a.n);
    project.update().reorder(a.c, a.col, a.row, a.rcc, a.n);
    // @layer memory
    a.stem.compute_at(a.s, xi).store_in(MemoryType::Register);
    a.dw.compute_at(a.d, xi).store_in(MemoryType::Register);
    a.fc1.compute_at(a.s1, ci).store_in(MemoryType::Register);
    a.fc2.compute_at(a.gate, ci).store_in(MemoryType::Register);
    project.compute_at(y, xi).store_in(MemoryType::Register);
    // @layer vector
    for (Func f : {a.s, y}) f.unroll(cv);
    for (Func f : {a.stem, project}) {
        f.unroll(a.c);
        f.update().unroll(a.c);
    }
    a.stem.update().unroll(a.rs.x).unroll(a.rs.y);
    a.dw.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return {{a.x, a.w_stem, a.b_stem, a.w_dw, a.b_dw, a.w_fc1, a.b_fc1, a.w_fc2, a.b_fc2, a.w_proj, a.b_proj}, {y}};
}
