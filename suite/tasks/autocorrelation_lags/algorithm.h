// Halide reference algorithm for task `autocorrelation_lags`: the short-time autocorrelation
// of every frame over the lags [0, M), times a lag window:
//   R[f, l] = lagw[l] * sum_{n in [0, N)} x[f, n] * xz[f, n + l]
// with xz the frame extended by zeros past its end (so the sum stops at n = N - l - 1).
// Halide dimension 0 is the last PyTorch dimension: x(n, f) is x[f, n], R(l, f) is R[f, l].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};        // [F, N]
    Halide::ImageParam lagw{Halide::Float(32), 1, "lagw"};  // [M]
    Halide::Var n{"n"}, l{"l"}, f{"f"};  // n: sample, l: lag (M), f: frame (F)
    Halide::RDom r;                      // over the samples of a frame
    Halide::Func xz{"xz"};               // the frame, zero past its end
    Halide::Func acc{"acc"};             // the raw autocorrelation: a reduction over r
    Halide::Func R{"R"};                 // the output

    Algorithm() {
        using namespace Halide;
        Expr N = x.dim(0).extent();
        r = RDom(0, N, "r");
        xz(n, f) = select(n < N, x(clamp(n, 0, N - 1), f), 0.0f);
        acc(l, f) = 0.0f;
        acc(l, f) += x(r, f) * xz(r + l, f);
        R(l, f) = lagw(l) * acc(l, f);
    }

    ekb::Kernel kernel() { return {{x, lagw}, {R}}; }
};

}  // namespace task
