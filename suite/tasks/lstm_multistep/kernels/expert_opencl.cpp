// Expert opencl schedule for `lstm_multistep`, as GPU sequence runtimes run a batch-1 LSTM:
// per layer, the input projection for all T steps is one GEMM kernel out of the time loop
// (one work-item per (gate row, 4 steps), the 4 dot products in registers, 16 x 4 work-groups, the
// weights copied once transposed so adjacent work-items read adjacent weights); then one kernel
// launch per step (the host loops over the steps: a step needs every unit's h of the last
// one, and a launch boundary is the grid-wide barrier), one work-item per hidden unit, 64 per
// work-group: the work-item accumulates its unit's four gates over k in registers (w_hh^T rows
// contiguous across the work-group, h_{t-1}[k] a broadcast) and then computes its c_t and h_t.
// This needs the reduction over k inside the unit loop, the reverse of the reference's
// order (unit innermost, for cpu vectors), which Halide does not let a schedule reorder; so
// the recurrence is restated here with rd = (k, m, t) -- the same update, legal in either
// order since no unit reads another unit's values of the current step. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int threads = 64;
    const Expr H = a.h0.dim(0).extent(), T = a.x.dim(2).extent();
    Var k = a.k, t = a.t, b = a.b, row = a.row;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, tv{"tv"};
    RVar mo{"mo"}, mi{"mi"};
    // @layer compute
    Func st0("st0"), st1("st1"), gi1("gi1_gpu"), y("y_gpu");
    // The recurrence of task::Algorithm::recur with the reduction over k innermost.
    auto recur = [&](Func s, RDom r, ImageParam w_hh, int layer) {
        Expr kk = r.x, m = r.y, tt = r.z;
        Expr kc = min(kk, H - 1), tp = max(tt - 1, 0);
        Expr h_prev = select(tt == 0, a.h0(kc, b, layer), s(kc, tp, b)[5]);
        Expr c_prev = select(tt == 0, a.c0(m, b, layer), s(m, tp, b)[4]);
        std::vector<Expr> g(4), acc(4);
        for (int q = 0; q < 4; q++) {
            g[q] = s(m, tt, b)[q];
            acc[q] = g[q] + w_hh(kc, q * H + m) * h_prev;
        }
        Expr c_new = task::sigmoid(g[1]) * c_prev + task::sigmoid(g[0]) * tanh(g[2]);
        Expr h_new = task::sigmoid(g[3]) * tanh(c_new);
        Expr steady = kk < H;
        s(m, tt, b) = Tuple(select(steady, acc[0], g[0]), select(steady, acc[1], g[1]), select(steady, acc[2], g[2]),
                            select(steady, acc[3], g[3]), select(steady, s(m, tt, b)[4], c_new),
                            select(steady, s(m, tt, b)[5], h_new));
    };
    RDom r0(0, H + 1, 0, H, 0, T, "r0"), r1(0, H + 1, 0, H, 0, T, "r1");
    st0(k, t, b) = Tuple(a.gi0(k, t, b), a.gi0(H + k, t, b), a.gi0(2 * H + k, t, b), a.gi0(3 * H + k, t, b), 0.0f, 0.0f);
    recur(st0, r0, a.w_hh0, 0);
    gi1(row, t, b) = a.b_ih1(row) + a.b_hh1(row);
    gi1(row, t, b) += a.w_ih1(a.ri1, row) * st0(a.ri1, t, b)[5];
    st1(k, t, b) = Tuple(gi1(k, t, b), gi1(H + k, t, b), gi1(2 * H + k, t, b), gi1(3 * H + k, t, b), 0.0f, 0.0f);
    recur(st1, r1, a.w_hh1, 1);
    y(k, b, t) = st1(k, t, b)[5];
    // Weights copied once transposed (gate row innermost).
    std::vector<Func> wt = {a.w_ih0.in(a.gi0), a.w_hh0.in(st0), a.w_ih1.in(gi1), a.w_hh1.in(st1)};
    for (Func w : wt) {
        Var i = w.args()[0], r = w.args()[1];
        w.compute_root().reorder_storage(r, i).gpu_tile(r, i, xo, yo, xi, yi, 16, 4, guard);
    }
    st0.compute_root();
    st1.compute_root();
    // @layer loops
    for (auto [gi, r] : {std::pair<Func, RDom>{a.gi0, a.ri0}, {gi1, a.ri1}}) {
        Func out = gi.in();
        out.compute_root()
            .split(t, t, tv, 4, guard)
            .reorder(tv, row, t, b)
            .gpu_tile(row, t, xo, yo, xi, yi, 16, 4, guard)
            .unroll(tv);
        gi.compute_at(out, xi).store_in(MemoryType::Register).unroll(t);
        gi.update().reorder(t, row, r.x).unroll(t);
    }
    for (auto [s, r] : {std::pair<Func, RDom>{st0, r0}, {st1, r1}}) {
        s.gpu_tile(k, t, xo, yo, xi, yi, 16, 4, guard);
        s.update().allow_race_conditions().split(r.y, mo, mi, threads, guard).gpu_blocks(mo).gpu_threads(mi);
    }
    // @layer vector
    y.gpu_tile(k, t, xo, yo, xi, yi, 16, 4, guard);
    // @end
    return {{a.x, a.h0, a.c0, a.w_ih0, a.w_hh0, a.b_ih0, a.b_hh0, a.w_ih1, a.w_hh1, a.b_ih1, a.b_hh1}, {y}};
}
