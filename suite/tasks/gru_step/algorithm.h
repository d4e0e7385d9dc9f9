// Halide reference algorithm for task `gru_step`: one GRU cell step (nn.GRUCell), gates
// stacked (r, z, n) along the rows of w_ih [3H, I], w_hh [3H, H], b_ih, b_hh [3H]:
//   gi = w_ih x + b_ih,  gh = w_hh h + b_hh              (rows 0..H-1: r, H..2H-1: z, 2H..: n)
//   r = sigmoid(gi_r + gh_r),  z = sigmoid(gi_z + gh_z),  n = tanh(gi_n + r gh_n)
//   h_new = (1 - z) n + z h
// Halide dimension 0 is the last PyTorch dimension: x(i, b) is x[b, i], w_ih(i, j) is
// w_ih[j, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};        // [1, I]
    Halide::ImageParam h{Halide::Float(32), 2, "h"};        // [1, H]
    Halide::ImageParam w_ih{Halide::Float(32), 2, "w_ih"};  // [3H, I]
    Halide::ImageParam w_hh{Halide::Float(32), 2, "w_hh"};  // [3H, H]
    Halide::ImageParam b_ih{Halide::Float(32), 1, "b_ih"};  // [3H]
    Halide::ImageParam b_hh{Halide::Float(32), 1, "b_hh"};  // [3H]
    Halide::Var j{"j"}, b{"b"};  // j: a row (3H in gi, gh; H in the gates), b: the batch (1)
    Halide::RDom ri;             // the input features (I)
    Halide::RDom rh;             // the hidden features (H)
    Halide::Func gi{"gi"};        // w_ih x + b_ih: a reduction over ri
    Halide::Func gh{"gh"};        // w_hh h + b_hh: a reduction over rh
    Halide::Func r{"r"};          // the reset gate
    Halide::Func z{"z"};          // the update gate
    Halide::Func n{"n"};          // the candidate state
    Halide::Func h_new{"h_new"};  // the output

    Algorithm() {
        using namespace Halide;
        Expr H = h.dim(0).extent();
        ri = RDom(0, x.dim(0).extent(), "ri");
        rh = RDom(0, H, "rh");
        gi(j, b) = b_ih(j);
        gi(j, b) += w_ih(ri, j) * x(ri, b);
        gh(j, b) = b_hh(j);
        gh(j, b) += w_hh(rh, j) * h(rh, b);
        r(j, b) = 1.0f / (1.0f + exp(-(gi(j, b) + gh(j, b))));
        z(j, b) = 1.0f / (1.0f + exp(-(gi(j + H, b) + gh(j + H, b))));
        n(j, b) = tanh(gi(j + 2 * H, b) + r(j, b) * gh(j + 2 * H, b));
        h_new(j, b) = (1.0f - z(j, b)) * n(j, b) + z(j, b) * h(j, b);
    }

    ekb::Kernel kernel() { return {{x, h, w_ih, w_hh, b_ih, b_hh}, {h_new}}; }
};

}  // namespace task
