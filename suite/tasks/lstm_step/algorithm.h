// Halide reference algorithm for task `lstm_step`: one LSTM cell step (torch.nn.LSTMCell,
// gate order i, f, g, o):
//   gates = x W_ih^T + b_ih + h W_hh^T + b_hh                       [4H]
//   c_new = sigmoid(f) * c + sigmoid(i) * tanh(g),  h_new = sigmoid(o) * tanh(c_new)
// Halide dimension 0 is the last PyTorch dimension: x(k, b) is x[b, k], W_ih(k, j) is
// W_ih[j, k], h_new(n, b) is h_new[b, n] (b = 0: batch 1).
#pragma once
#include <ekb/kernel.h>

namespace task {

static inline Halide::Expr sigmoid(const Halide::Expr &v) { return 1.0f / (1.0f + Halide::exp(-v)); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};        // [1, I]
    Halide::ImageParam h{Halide::Float(32), 2, "h"};        // [1, H]
    Halide::ImageParam c{Halide::Float(32), 2, "c"};        // [1, H]
    Halide::ImageParam W_ih{Halide::Float(32), 2, "W_ih"};  // [4H, I]
    Halide::ImageParam W_hh{Halide::Float(32), 2, "W_hh"};  // [4H, H]
    Halide::ImageParam b_ih{Halide::Float(32), 1, "b_ih"};  // [4H]
    Halide::ImageParam b_hh{Halide::Float(32), 1, "b_hh"};  // [4H]
    Halide::Var j{"j"}, n{"n"}, b{"b"};  // j gate rows (4H), n cells (H), b the batch (1)
    Halide::RDom ri;                     // over the inputs (I)
    Halide::RDom rh;                     // over the hidden state (H)
    Halide::Func ih_dot{"ih_dot"};    // x W_ih^T
    Halide::Func hh_dot{"hh_dot"};    // h W_hh^T
    Halide::Func gates{"gates"};      // ih_dot + b_ih + hh_dot + b_hh
    Halide::Func in_gate{"in_gate"};  // sigmoid(i)
    Halide::Func forget{"forget"};    // sigmoid(f)
    Halide::Func cell{"cell"};        // tanh(g): the candidate cell
    Halide::Func out_gate{"out_gate"};  // sigmoid(o)
    Halide::Func c_new{"c_new"};      // forget * c + in_gate * cell: an output
    Halide::Func h_new{"h_new"};      // out_gate * tanh(c_new): an output

    Algorithm() {
        Halide::Expr H = h.dim(0).extent();
        ri = Halide::RDom(0, x.dim(0).extent(), "ri");
        rh = Halide::RDom(0, H, "rh");
        ih_dot(j, b) = 0.0f;
        ih_dot(j, b) += x(ri, b) * W_ih(ri, j);
        hh_dot(j, b) = 0.0f;
        hh_dot(j, b) += h(rh, b) * W_hh(rh, j);
        gates(j, b) = ih_dot(j, b) + b_ih(j) + hh_dot(j, b) + b_hh(j);
        in_gate(n, b) = sigmoid(gates(n, b));
        forget(n, b) = sigmoid(gates(H + n, b));
        cell(n, b) = Halide::tanh(gates(2 * H + n, b));
        out_gate(n, b) = sigmoid(gates(3 * H + n, b));
        c_new(n, b) = forget(n, b) * c(n, b) + in_gate(n, b) * cell(n, b);
        h_new(n, b) = out_gate(n, b) * Halide::tanh(c_new(n, b));
    }

    ekb::Kernel kernel() { return {{x, h, c, W_ih, W_hh, b_ih, b_hh}, {h_new, c_new}}; }
};

}  // namespace task
