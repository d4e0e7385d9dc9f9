// Halide reference algorithm for task `lstm_multistep`: a two-layer LSTM (torch.lstm) over T
// steps, batch 1, gates stacked (i, f, g, o) along the 4H rows of w_ih, w_hh.
// Each layer is one Tuple-valued Func `state(m, t, b)` of six values per hidden unit m and
// step t: the pre-activations of the four gates i, f, g, o (rows m, H + m, 2H + m, 3H + m of
// the stacked weights), the cell state c_t and the hidden state h_t. Its pure definition puts
// gi = b_ih + b_hh + w_ih x_t (the input projection, all steps) into the gates; the recurrence
// is one update over rd = (m, k, t), t outermost, m innermost: for k < H the four gates of m
// add w_hh[row, k] h_{t-1}[k]; at k = H unit m's c_t and h_t are computed from its finished
// gates and c_{t-1}. Step -1 is h0, c0. (Halide needs the self-references of a recurrence at
// pure positions, so the matrix-vector product of a step cannot be a separate Func; the unit
// is a reduction variable instead. Within one (k, t) no unit reads another unit's values of
// that step, so the m loop may run in any order.) The conditions k < H and k = H are marked
// likely, so a schedule's k loop partitions into the steady matrix-vector part and the
// state pass.
// Halide dimension 0 is the last PyTorch dimension: x(i, b, t) is x[t, b, i], w_ih0(i, row)
// is w_ih0[row, i], h0(k, b, layer) is h0[layer, b, k], y(k, b, t) is y[t, b, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr sigmoid(const Halide::Expr &v) { return 1.0f / (1.0f + Halide::exp(-v)); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};          // [T, 1, I]
    Halide::ImageParam h0{Halide::Float(32), 3, "h0"};        // [2, 1, H]
    Halide::ImageParam c0{Halide::Float(32), 3, "c0"};        // [2, 1, H]
    Halide::ImageParam w_ih0{Halide::Float(32), 2, "w_ih0"};  // [4H, I]
    Halide::ImageParam w_hh0{Halide::Float(32), 2, "w_hh0"};  // [4H, H]
    Halide::ImageParam b_ih0{Halide::Float(32), 1, "b_ih0"};  // [4H]
    Halide::ImageParam b_hh0{Halide::Float(32), 1, "b_hh0"};  // [4H]
    Halide::ImageParam w_ih1{Halide::Float(32), 2, "w_ih1"};  // [4H, H]
    Halide::ImageParam w_hh1{Halide::Float(32), 2, "w_hh1"};  // [4H, H]
    Halide::ImageParam b_ih1{Halide::Float(32), 1, "b_ih1"};  // [4H]
    Halide::ImageParam b_hh1{Halide::Float(32), 1, "b_hh1"};  // [4H]
    // row: a gate row (4H), k: a hidden unit (H), t: a step (T), b: the batch (1).
    Halide::Var row{"row"}, k{"k"}, t{"t"}, b{"b"};
    Halide::RDom ri0;  // layer 1's input features (I)
    Halide::RDom ri1;  // layer 2's input features (H: layer 1's h)
    Halide::RDom rd0;  // layer 1's recurrence: rd0.x m (H), rd0.y k (H + 1), rd0.z t (T)
    Halide::RDom rd1;  // layer 2's recurrence, likewise
    Halide::Func gi0{"gi0"};        // b_ih0 + b_hh0 + w_ih0 x_t, rows [0, 4H)
    Halide::Func state0{"state0"};  // layer 1's (i, f, g, o, c, h) per unit and step
    Halide::Func gi1{"gi1"};        // b_ih1 + b_hh1 + w_ih1 h1_t, rows [0, 4H)
    Halide::Func state1{"state1"};  // layer 2's (i, f, g, o, c, h) per unit and step
    Halide::Func y{"y"};            // layer 2's h: the output

    // The recurrence of one layer into `s` (its pure definition already set), reading w_hh and
    // the initial state of `layer`.
    void recur(Halide::Func s, Halide::RDom r, Halide::ImageParam w_hh, int layer) {
        using namespace Halide;
        Expr H = h0.dim(0).extent();
        Expr m = r.x, kk = r.y, tt = r.z;
        Expr kc = min(kk, H - 1), tp = max(tt - 1, 0);
        Expr h_prev = select(tt == 0, h0(kc, b, layer), s(kc, tp, b)[5]);
        Expr c_prev = select(tt == 0, c0(m, b, layer), s(m, tp, b)[4]);
        std::vector<Expr> g(4), acc(4);
        for (int q = 0; q < 4; q++) {
            g[q] = s(m, tt, b)[q];
            acc[q] = g[q] + w_hh(kc, q * H + m) * h_prev;
        }
        Expr c_new = sigmoid(g[1]) * c_prev + sigmoid(g[0]) * tanh(g[2]);
        Expr h_new = sigmoid(g[3]) * tanh(c_new);
        Expr steady = likely(kk < H), last = likely(kk == H);
        s(m, tt, b) = Tuple(select(steady, acc[0], g[0]), select(steady, acc[1], g[1]), select(steady, acc[2], g[2]),
                            select(steady, acc[3], g[3]), select(last, c_new, s(m, tt, b)[4]),
                            select(last, h_new, s(m, tt, b)[5]));
    }

    Algorithm() {
        using namespace Halide;
        Expr H = h0.dim(0).extent(), T = x.dim(2).extent();
        ri0 = RDom(0, x.dim(0).extent(), "ri0");
        ri1 = RDom(0, H, "ri1");
        rd0 = RDom(0, H, 0, H + 1, 0, T, "rd0");
        rd1 = RDom(0, H, 0, H + 1, 0, T, "rd1");
        gi0(row, t, b) = b_ih0(row) + b_hh0(row);
        gi0(row, t, b) += w_ih0(ri0, row) * x(ri0, b, t);
        state0(k, t, b) = Tuple(gi0(k, t, b), gi0(H + k, t, b), gi0(2 * H + k, t, b), gi0(3 * H + k, t, b), 0.0f, 0.0f);
        recur(state0, rd0, w_hh0, 0);
        gi1(row, t, b) = b_ih1(row) + b_hh1(row);
        gi1(row, t, b) += w_ih1(ri1, row) * state0(ri1, t, b)[5];
        state1(k, t, b) = Tuple(gi1(k, t, b), gi1(H + k, t, b), gi1(2 * H + k, t, b), gi1(3 * H + k, t, b), 0.0f, 0.0f);
        recur(state1, rd1, w_hh1, 1);
        y(k, b, t) = state1(k, t, b)[5];
    }

    ekb::Kernel kernel() { return {{x, h0, c0, w_ih0, w_hh0, b_ih0, b_hh0, w_ih1, w_hh1, b_ih1, b_hh1}, {y}}; }
};

}  // namespace task
