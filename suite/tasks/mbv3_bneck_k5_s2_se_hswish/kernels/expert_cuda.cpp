// Expert cuda schedule for `mbv3_bneck_k5_s2_se_hswish`: seven small kernels, every stage on the
// device, the SE gate folded into the project weights (conv1x1(h2 * g, w) ==
// conv1x1(h2, w * g): K*E multiplies instead of E*Ho*Wo):
//   h1: each thread computes one pixel of 4 expanded channels, the 4 sums in registers
//       across the C input channels, h-swish fused;
//   h2: each thread one stride-2 depthwise output, 25 taps unrolled, zero pad by a guarded read;
//   pool_sum, s1, gate: one thread per channel (the plane sum, then the SE MLP rows), 64
//       channels per group;
//   w_scaled: one thread per weight;
//   y: each thread projects one pixel onto 4 output channels, the 4 sums in registers
//       across E, the bias fused.
// 32x4-thread blocks over (columns, rows), threads adjacent along the columns (coalesced rows, warp-uniform weights); channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"}, e{"e"}, eo{"eo"}, ei{"ei"};
    // @layer compute
    Func w_scaled("w_scaled"), project("project_fast"), y("y_fast");
    w_scaled(e, a.c) = a.w_proj(0, 0, e, a.c) * a.gate(e, 0);
    project(a.col, a.row, a.c, a.n) = 0.0f;
    project(a.col, a.row, a.c, a.n) += w_scaled(a.re, a.c) * a.h2(a.col, a.row, a.re, a.n);
    y(a.col, a.row, a.c, a.n) = project(a.col, a.row, a.c, a.n) + a.b_proj(a.c);
    for (Func f : {a.h1, a.h2, a.pool_sum, a.s1, a.gate, w_scaled}) f.compute_root();
    // @layer loops
    for (Func f : {a.h1, y}) {
        f.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, TailStrategy::GuardWithIf);
    }
    a.h2.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, TailStrategy::GuardWithIf);
    a.pool_sum.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    a.pool_sum.update().gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    for (Func f : {a.s1, a.gate}) f.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    w_scaled.gpu_tile(e, a.c, eo, co, ei, ci, 32, 4, TailStrategy::GuardWithIf);
    a.expand.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    project.update().reorder(a.c, a.col, a.row, a.re, a.n);
    // @layer memory
    a.expand.compute_at(a.h1, xi).store_in(MemoryType::Register);
    a.dw.compute_at(a.h2, xi).store_in(MemoryType::Register);
    a.fc1.compute_at(a.s1, ci).store_in(MemoryType::Register);
    a.fc2.compute_at(a.gate, ci).store_in(MemoryType::Register);
    project.compute_at(y, xi).store_in(MemoryType::Register);
    // @layer vector
    for (Func f : {a.h1, y}) f.unroll(cv);
    for (Func f : {a.expand, project}) {
        f.unroll(a.c);
        f.update().unroll(a.c);
    }
    a.dw.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return {{a.x, a.w_exp, a.b_exp, a.w_dw, a.b_dw, a.w_fc1, a.b_fc1, a.w_fc2, a.b_fc2, a.w_proj, a.b_proj},
            {y}};
}
