// Expert cuda schedule for `bigru_sequence`, as GPU sequence runtimes run a batch-1 BiGRU:
// per direction, the input projection for all T steps is one GEMM kernel out of the time loop
// (one thread per (gate row, 4 steps), the 4 dot products in registers, 32 x 4 blocks, the
// weights copied once transposed so adjacent threads read adjacent weights); then one kernel
// launch per step (the host loops over the steps: a step needs every unit's h of the last
// one, and a launch boundary is the grid-wide barrier), one thread per hidden unit, 64 per
// block: the thread accumulates its unit's r, z and n rows over k in registers (w_hh^T rows
// coalesced across the block, h_{s-1}[k] a broadcast) and then computes its new h.
// This needs the reduction over k inside the unit loop, the reverse of the reference's
// order (unit innermost, for cpu vectors), which Halide does not let a schedule reorder; so
// the recurrence is restated here (task::gru_update) with rd = (k, m, s) -- the same update,
// legal in either order since no unit reads another unit's values of the current step.
// Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int threads = 64;
    const Expr H = a.h0.dim(0).extent(), T = a.x.dim(2).extent();
    Var k = a.k, t = a.t, b = a.b, row = a.row, c = a.c;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, tv{"tv"};
    RVar mo{"mo"}, mi{"mi"};
    // @layer compute
    Func st_f("st_f"), st_b("st_b"), y("y_gpu");
    RDom r_f(0, H + 1, 0, H, 0, T, "r_f"), r_b(0, H + 1, 0, H, 0, T, "r_b");
    st_f(k, t, b) = Tuple(a.gi_f(k, t, b), a.gi_f(H + k, t, b), a.b_hh_f(2 * H + k), 0.0f);
    task::gru_update(st_f, r_f.y, r_f.x, r_f.z, r_f.z, a.gi_f, a.w_hh_f, a.h0, 0, b, false);
    st_b(k, t, b) = Tuple(a.gi_b(k, T - 1 - t, b), a.gi_b(H + k, T - 1 - t, b), a.b_hh_b(2 * H + k), 0.0f);
    task::gru_update(st_b, r_b.y, r_b.x, r_b.z, T - 1 - r_b.z, a.gi_b, a.w_hh_b, a.h0, 1, b, false);
    y(c, b, t) = select(c < H, st_f(min(c, H - 1), t, b)[3], st_b(clamp(c - H, 0, H - 1), T - 1 - t, b)[3]);
    // Weights copied once transposed (gate row innermost).
    std::vector<Func> wt = {a.w_ih_f.in(a.gi_f), a.w_hh_f.in(st_f), a.w_ih_b.in(a.gi_b), a.w_hh_b.in(st_b)};
    for (Func w : wt) {
        Var i = w.args()[0], r = w.args()[1];
        w.compute_root().reorder_storage(r, i).gpu_tile(r, i, xo, yo, xi, yi, 32, 4, guard);
    }
    st_f.compute_root();
    st_b.compute_root();
    // @layer loops
    for (auto [gi, r] : {std::pair<Func, RDom>{a.gi_f, a.ri_f}, {a.gi_b, a.ri_b}}) {
        Func out = gi.in();
        out.compute_root()
            .split(t, t, tv, 4, guard)
            .reorder(tv, row, t, b)
            .gpu_tile(row, t, xo, yo, xi, yi, 32, 4, guard)
            .unroll(tv);
        gi.compute_at(out, xi).store_in(MemoryType::Register).unroll(t);
        gi.update().reorder(t, row, r.x).unroll(t);
    }
    for (auto [s, r] : {std::pair<Func, RDom>{st_f, r_f}, {st_b, r_b}}) {
        s.gpu_tile(k, t, xo, yo, xi, yi, 32, 4, guard);
        s.update().allow_race_conditions().split(r.y, mo, mi, threads, guard).gpu_blocks(mo).gpu_threads(mi);
    }
    // @layer vector
    y.gpu_tile(c, t, xo, yo, xi, yi, 32, 4, guard);
    // @end
    return {{a.x, a.h0, a.w_ih_f, a.w_hh_f, a.b_ih_f, a.b_hh_f, a.w_ih_b, a.w_hh_b, a.b_ih_b, a.b_hh_b}, {y}};
}
