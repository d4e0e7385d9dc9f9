// Expert cuda schedule for `conformer_relpos_attention`: every stage on the device.
//   pst: the position projection, one thread per (feature, 4 positions), the 4 sums in
//        registers across the features (one W_pos load feeds 4 FMAs), stored transposed
//        (positions innermost) so the score threads read it coalesced;
//   kt: the keys transposed (frames innermost);
//   scores: one thread per (key frame, 4 queries, head), the content and shifted position
//           terms in registers over the head's dimensions, threads adjacent along the keys
//           (coalesced kt and pst rows; q + u and q + v are warp-uniform);
//   row max, row sum: one thread per (query, head) over the keys; ex, attn elementwise.
// All tails GuardWithIf, so any shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, tv{"tv"};
    Func pst = a.p_dot.in();  // the projected positions, stored transposed
    Func kt = a.k.in();       // the keys, transposed
    Func max_out = a.row_max.in(), sum_out = a.row_sum.in();  // one value per row and head
    // @layer compute
    for (Func f : {pst, kt, a.scores, max_out, a.ex, sum_out}) f.compute_root();
    // @layer loops
    {
        Var c = pst.args()[0], j = pst.args()[1];
        pst.split(j, j, tv, 4, TailStrategy::GuardWithIf)
            .reorder(tv, c, j)
            .gpu_tile(c, j, xo, yo, xi, yi, tx, 4, TailStrategy::GuardWithIf)
            .unroll(tv);
        pst.reorder_storage(j, c);
        a.p_dot.compute_at(pst, xi).store_in(MemoryType::Register).unroll(a.j);
        a.p_dot.update().reorder(a.j, a.c, a.rc.x).unroll(a.j);
    }
    {
        Var c = kt.args()[0], t = kt.args()[1];
        kt.reorder_storage(t, c).gpu_tile(t, c, xo, yo, xi, yi, tx, 8, TailStrategy::GuardWithIf);
    }
    a.scores.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
        .reorder(tv, a.s, a.t, a.h)
        .gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, TailStrategy::GuardWithIf)
        .unroll(tv);
    for (Func f : {a.ex, a.attn}) {
        f.gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {max_out, sum_out}) f.gpu_tile(a.t, a.h, xo, yo, xi, yi, 8, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.s_dot.compute_at(a.scores, xi).store_in(MemoryType::Register);
    a.row_max.compute_at(max_out, xi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, xi).store_in(MemoryType::Register);
    // @layer vector
    a.s_dot.unroll(a.t);
    a.s_dot.update().reorder(a.t, a.s, a.h, a.rd).unroll(a.t);
    // @end
    return a.kernel();
}
