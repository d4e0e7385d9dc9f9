// Halide reference algorithm for task `bigru_sequence`: a one-layer bidirectional GRU
// (torch.gru, bidirectional) over T steps, batch 1, gates stacked (r, z, n) along the 3H rows
// of w_ih, w_hh.
// Per direction d (f: forward, b: backward), gi_d(row, t) = b_ih + [row < 2H] b_hh + w_ih x_t
// is the input projection of every step (the r and z rows also take b_hh; the n row's b_hh
// stays inside r (W_hn h + b_hn)). Each direction's recurrence is one Tuple-valued Func
// `state(m, s, b)` over its own step order s (forward: t = s, backward: t = T-1-s) of four
// values per hidden unit m: the r and z pre-activations, W_hn h + b_hn, and h. Its pure
// definition seeds (gi_r, gi_z, b_hn, 0); the recurrence is one update over rd = (m, k, s),
// s outermost, m innermost: for k < H the three accumulators of unit m add
// w_hh[row, k] h_{s-1}[k]; at k = H unit m's new h is computed from them, gi_n and h_{s-1}[m].
// Step -1 is h0[d]. (Halide needs a recurrence's self-references at pure positions, so a
// step's matrix-vector product cannot be a separate Func; within one (k, s) no unit reads
// another unit's values of that step, so the m loop may run in any order.) The conditions
// k < H and k = H are likely, so a schedule's k loop partitions into the matrix-vector part
// and the state pass. `gru_update` is shared with the GPU experts, which restate the
// recurrence with k innermost.
// Halide dimension 0 is the last PyTorch dimension: x(i, b, t) is x[t, b, i], w_ih_f(i, row)
// is w_ih_f[row, i], h0(k, b, d) is h0[d, b, k], y(c, b, t) is y[t, b, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr sigmoid(const Halide::Expr &v) { return 1.0f / (1.0f + Halide::exp(-v)); }

// The update of GRU state Func `s` at unit m, recurrence index kk (0..H), step ss: reads gi
// (time-ordered: step ss is time t_of_s), w_hh, and h0 of direction `dir`.
inline void gru_update(Halide::Func s, Halide::Expr m, Halide::Expr kk, Halide::Expr ss, Halide::Expr t_of_s,
                       Halide::Func gi, Halide::ImageParam w_hh, Halide::ImageParam h0, int dir, Halide::Var b,
                       bool mark_likely) {
    using namespace Halide;
    Expr H = h0.dim(0).extent();
    Expr kc = min(kk, H - 1), sp = max(ss - 1, 0);
    Expr hk_prev = select(ss == 0, h0(kc, b, dir), s(kc, sp, b)[3]);
    Expr hm_prev = select(ss == 0, h0(m, b, dir), s(m, sp, b)[3]);
    Expr ar = s(m, ss, b)[0], az = s(m, ss, b)[1], an = s(m, ss, b)[2];
    Expr r = sigmoid(ar), z = sigmoid(az);
    Expr n = tanh(gi(2 * H + m, t_of_s, b) + r * an);
    Expr h_new = (1.0f - z) * n + z * hm_prev;
    Expr steady = kk < H, last = kk == H;
    if (mark_likely) {
        steady = likely(steady);
        last = likely(last);
    }
    s(m, ss, b) = Tuple(select(steady, ar + w_hh(kc, m) * hk_prev, ar),
                        select(steady, az + w_hh(kc, H + m) * hk_prev, az),
                        select(steady, an + w_hh(kc, 2 * H + m) * hk_prev, an),
                        select(last, h_new, s(m, ss, b)[3]));
}

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};          // [T, 1, I]
    Halide::ImageParam h0{Halide::Float(32), 3, "h0"};        // [2, 1, H]
    Halide::ImageParam w_ih_f{Halide::Float(32), 2, "w_ih_f"};  // [3H, I]
    Halide::ImageParam w_hh_f{Halide::Float(32), 2, "w_hh_f"};  // [3H, H]
    Halide::ImageParam b_ih_f{Halide::Float(32), 1, "b_ih_f"};  // [3H]
    Halide::ImageParam b_hh_f{Halide::Float(32), 1, "b_hh_f"};  // [3H]
    Halide::ImageParam w_ih_b{Halide::Float(32), 2, "w_ih_b"};  // [3H, I]
    Halide::ImageParam w_hh_b{Halide::Float(32), 2, "w_hh_b"};  // [3H, H]
    Halide::ImageParam b_ih_b{Halide::Float(32), 1, "b_ih_b"};  // [3H]
    Halide::ImageParam b_hh_b{Halide::Float(32), 1, "b_hh_b"};  // [3H]
    // row: a gate row (3H), k: a hidden unit (H), t: a step (T), b: the batch (1), c: y's column.
    Halide::Var row{"row"}, k{"k"}, t{"t"}, b{"b"}, c{"c"};
    Halide::RDom ri_f, ri_b;  // the input features (I)
    Halide::RDom rd_f, rd_b;  // the recurrences: .x m (H), .y k (H + 1), .z s (T)
    Halide::Func gi_f{"gi_f"}, gi_b{"gi_b"};        // the input projections, time-ordered
    Halide::Func state_f{"state_f"}, state_b{"state_b"};  // (r, z, hn, h) per unit and step
    Halide::Func y{"y"};

    static void projection(Halide::Func gi, Halide::RDom r, Halide::ImageParam x, Halide::ImageParam w_ih,
                           Halide::ImageParam b_ih, Halide::ImageParam b_hh, Halide::Var row, Halide::Var t,
                           Halide::Var b, Halide::Expr H) {
        gi(row, t, b) = b_ih(row) + Halide::select(row < 2 * H, b_hh(row), 0.0f);
        gi(row, t, b) += w_ih(r, row) * x(r, b, t);
    }

    Algorithm() {
        using namespace Halide;
        Expr H = h0.dim(0).extent(), T = x.dim(2).extent(), I = x.dim(0).extent();
        ri_f = RDom(0, I, "ri_f");
        ri_b = RDom(0, I, "ri_b");
        rd_f = RDom(0, H, 0, H + 1, 0, T, "rd_f");
        rd_b = RDom(0, H, 0, H + 1, 0, T, "rd_b");
        projection(gi_f, ri_f, x, w_ih_f, b_ih_f, b_hh_f, row, t, b, H);
        projection(gi_b, ri_b, x, w_ih_b, b_ih_b, b_hh_b, row, t, b, H);
        state_f(k, t, b) = Tuple(gi_f(k, t, b), gi_f(H + k, t, b), b_hh_f(2 * H + k), 0.0f);
        gru_update(state_f, rd_f.x, rd_f.y, rd_f.z, rd_f.z, gi_f, w_hh_f, h0, 0, b, true);
        state_b(k, t, b) = Tuple(gi_b(k, T - 1 - t, b), gi_b(H + k, T - 1 - t, b), b_hh_b(2 * H + k), 0.0f);
        gru_update(state_b, rd_b.x, rd_b.y, rd_b.z, T - 1 - rd_b.z, gi_b, w_hh_b, h0, 1, b, true);
        y(c, b, t) = select(c < H, state_f(min(c, H - 1), t, b)[3], state_b(clamp(c - H, 0, H - 1), T - 1 - t, b)[3]);
    }

    ekb::Kernel kernel() {
        return {{x, h0, w_ih_f, w_hh_f, b_ih_f, b_hh_f, w_ih_b, w_hh_b, b_ih_b, b_hh_b}, {y}};
    }
};

}  // namespace task
