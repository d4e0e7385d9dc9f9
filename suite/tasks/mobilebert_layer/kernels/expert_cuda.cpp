// Expert cuda schedule for `mobilebert_layer`: one kernel per stored stage, every stage on the
// device. Each dense layer (15 of them: bottlenecks, q, k, v, attention output, 3 FFNs,
// intermediate, output, output bottleneck) and P V run one thread per (feature, 4 tokens), the
// 4 dot products in registers across the reduction so a weight load feeds 4 FMAs, the bias,
// ReLU, residual and NoNorm fused into the store; the scores likewise per (key, 4 queries,
// head); the softmax's max and sum one thread per row accumulating in a register. 32
// threads along the features (keys) of a group; all tails GuardWithIf, so any legal shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, tv{"tv"};
    Func max_out = a.row_max.in(), sum_out = a.row_sum.in();  // one value per row and head
    Func ctx_out = a.ctx.in();  // the heads' output, stored; ctx is its register tile
    std::vector<std::tuple<Func, Func, RDom>> tiles = {{ctx_out, a.ctx, a.rs}};
    for (auto &p : a.projections) tiles.emplace_back(p.out, p.dot, p.r);
    // @layer compute
    for (auto [out, dot, r] : tiles) {
        if (out.name() != a.y.name()) out.compute_root();
    }
    for (Func f : {a.scores, max_out, a.ex, sum_out, a.probs}) f.compute_root();
    // @layer loops
    for (auto [out, dot, r] : tiles) {
        out.split(a.t, a.t, tv, 4, guard).reorder(tv, a.c, a.t).gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, guard);
    }
    a.scores.split(a.t, a.t, tv, 4, guard)
        .reorder(tv, a.s, a.t, a.h)
        .gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, guard);
    for (Func f : {a.ex, a.probs}) f.gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, guard);
    for (Func f : {max_out, sum_out}) f.gpu_tile(a.t, a.h, xo, yo, xi, yi, 8, 1, guard);
    // @layer memory
    for (auto [out, dot, r] : tiles) dot.compute_at(out, xi).store_in(MemoryType::Register);
    a.s_dot.compute_at(a.scores, xi).store_in(MemoryType::Register);
    a.row_max.compute_at(max_out, xi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, xi).store_in(MemoryType::Register);
    // @layer vector
    for (auto [out, dot, r] : tiles) {
        out.unroll(tv);
        dot.unroll(a.t);
        dot.update().reorder(a.t, a.c, r.x).unroll(a.t);
    }
    a.scores.unroll(tv);
    a.s_dot.unroll(a.t);
    a.s_dot.update().reorder(a.t, a.s, a.h, a.rd).unroll(a.t);
    // @end
    return a.kernel();
}
