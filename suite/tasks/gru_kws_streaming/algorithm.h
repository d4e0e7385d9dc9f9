// Halide reference algorithm for task `gru_kws_streaming`: a one-layer GRU (torch.gru, gates
// r, z, n along the 3H rows of w_ih, w_hh) over a chunk of T frames from the carried state
// h0, an FC on every frame's hidden state, softmax over the C classes; h_n the last state.
// gi(row, t) = b_ih + [row < 2H] b_hh + w_ih x_t is the input projection of every frame (the
// r and z rows also take b_hh; the n row's b_hh stays inside r (W_hn h + b_hn)). The
// recurrence is one Tuple-valued Func `state(m, t, b)` of four values per hidden unit m and
// frame t: the r and z pre-activations, W_hn h + b_hn, and h. Its pure definition seeds
// (gi_r, gi_z, b_hn, 0); the update runs over rd = (m, k, t) (the reference's order: t
// outermost, m innermost): for k < H unit m's three accumulators add w_hh[row, k] h_{t-1}[k];
// at k = H its new h is computed from them, gi_n and h_{t-1}[m]. Frame -1 is h0. (Halide
// needs a recurrence's self-references at pure positions, so a step's matrix-vector product
// cannot be a separate Func; within one (k, t) no unit reads another unit's values of that
// step, so the m loop may run in any order.) Algorithm(true) builds the same recurrence with
// rd = (k, m, t), k innermost: the order GPU schedules need (one thread per unit looping over
// k), which Halide does not let a schedule reorder; the result is identical.
// Halide dimension 0 is the last PyTorch dimension: x(i, b, t) is x[t, b, i], w_ih(i, row)
// is w_ih[row, i], probs(c, b, t) is probs[t, b, c], h_n(k, b, l) is h_n[l, b, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr sigmoid(const Halide::Expr &v) { return 1.0f / (1.0f + Halide::exp(-v)); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};        // [T, 1, I]
    Halide::ImageParam h0{Halide::Float(32), 3, "h0"};      // [1, 1, H]
    Halide::ImageParam w_ih{Halide::Float(32), 2, "w_ih"};  // [3H, I]
    Halide::ImageParam w_hh{Halide::Float(32), 2, "w_hh"};  // [3H, H]
    Halide::ImageParam b_ih{Halide::Float(32), 1, "b_ih"};  // [3H]
    Halide::ImageParam b_hh{Halide::Float(32), 1, "b_hh"};  // [3H]
    Halide::ImageParam fc_w{Halide::Float(32), 2, "fc_w"};  // [C, H]
    Halide::ImageParam fc_b{Halide::Float(32), 1, "fc_b"};  // [C]
    // row: a gate row (3H), k: a hidden unit (H), t: a frame (T), b: the batch (1),
    // c: a class (C), l: h_n's layer (1).
    Halide::Var row{"row"}, k{"k"}, t{"t"}, b{"b"}, c{"c"}, l{"l"};
    Halide::RDom ri;  // the input features (I)
    Halide::RDom rd;  // the recurrence: (m, k, t) or, k_inner, (k, m, t)
    Halide::RDom rh;  // the FC's hidden features (H)
    Halide::RDom rc;  // the classes (C), for the softmax
    Halide::Func gi{"gi"};          // the input projection, every frame
    Halide::Func state{"state"};    // (r, z, hn, h) per unit and frame
    Halide::Func logits{"logits"};  // fc_w h_t + fc_b
    Halide::Func lmax{"lmax"}, ex{"ex"}, esum{"esum"};
    Halide::Func probs{"probs"}, h_n{"h_n"};
    Halide::Expr m, kk;  // the recurrence's unit and k reduction variables

    explicit Algorithm(bool k_inner = false) {
        using namespace Halide;
        Expr H = h0.dim(0).extent(), T = x.dim(2).extent(), I = x.dim(0).extent(), C = fc_b.dim(0).extent();
        ri = RDom(0, I, "ri");
        rh = RDom(0, H, "rh");
        rc = RDom(0, C, "rc");
        gi(row, t, b) = b_ih(row) + select(row < 2 * H, b_hh(row), 0.0f);
        gi(row, t, b) += w_ih(ri, row) * x(ri, b, t);
        state(k, t, b) = Tuple(gi(k, t, b), gi(H + k, t, b), b_hh(2 * H + k), 0.0f);
        Expr tt;
        if (k_inner) {
            rd = RDom(0, H + 1, 0, H, 0, T, "rd");
            kk = rd.x;
            m = rd.y;
        } else {
            rd = RDom(0, H, 0, H + 1, 0, T, "rd");
            m = rd.x;
            kk = rd.y;
        }
        tt = rd.z;
        Expr kc = min(kk, H - 1), tp = max(tt - 1, 0);
        Expr hk_prev = select(tt == 0, h0(kc, b, 0), state(kc, tp, b)[3]);
        Expr hm_prev = select(tt == 0, h0(m, b, 0), state(m, tp, b)[3]);
        Expr ar = state(m, tt, b)[0], az = state(m, tt, b)[1], an = state(m, tt, b)[2];
        Expr n = tanh(gi(2 * H + m, tt, b) + sigmoid(ar) * an);
        Expr z = sigmoid(az);
        Expr h_new = (1.0f - z) * n + z * hm_prev;
        Expr steady = likely(kk < H), last = likely(kk == H);
        state(m, tt, b) = Tuple(select(steady, ar + w_hh(kc, m) * hk_prev, ar),
                                select(steady, az + w_hh(kc, H + m) * hk_prev, az),
                                select(steady, an + w_hh(kc, 2 * H + m) * hk_prev, an),
                                select(last, h_new, state(m, tt, b)[3]));
        logits(c, t, b) = fc_b(c);
        logits(c, t, b) += fc_w(rh, c) * state(rh, t, b)[3];
        lmax(t, b) = maximum(logits(rc, t, b));
        ex(c, t, b) = exp(logits(c, t, b) - lmax(t, b));
        esum(t, b) = sum(ex(rc, t, b));
        probs(c, b, t) = ex(c, t, b) / esum(t, b);
        h_n(k, b, l) = state(k, T - 1, b)[3];
    }

    ekb::Kernel kernel() { return {{x, h0, w_ih, w_hh, b_ih, b_hh, fc_w, fc_b}, {probs, h_n}}; }
};

}  // namespace task
