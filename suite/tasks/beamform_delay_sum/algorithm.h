// Halide reference algorithm for task `beamform_delay_sum`: frequency-domain delay-and-sum
// beamforming of M microphone STFTs. The steering weights come from the per-microphone delays
// tau [M] (in samples) for an N = 2 (K - 1)-point FFT:
//   w[m, k] = exp(+i theta),  theta = 2 pi k tau[m] / N        (undoes the delay of mic m)
//   Y[t, k] = (1/M) sum over m of w[m, k] X[m, t, k]
// sin(theta) is written as cos(theta - pi/2): LLVM would fuse a sin and a cos of one angle into
// sincosf, which the object check does not allow.
// Halide dimension 0 is the last PyTorch dimension: X(c, k, t, m) is X[m, t, k, c] (c = 0 real,
// 1 imaginary); Y(c, k, t) is Y[t, k, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam X{Halide::Float(32), 4, "X"};      // [M, T, K, 2]
    Halide::ImageParam tau{Halide::Float(32), 1, "tau"};  // [M]
    Halide::Var c{"c"}, k{"k"}, t{"t"}, m{"m"};  // c: re/im, k: bin (K), t: frame (T), m: mic (M)
    Halide::RDom r;                              // over the microphones
    Halide::Func w{"w"};                         // the steering weights (re, im) [M, K]
    Halide::Func acc{"acc"};                     // the weighted sum over the microphones (re, im)
    Halide::Func Y{"Y"};                         // the output [T, K, 2]

    Algorithm() {
        using namespace Halide;
        Expr K = X.dim(1).extent(), M = X.dim(3).extent();
        Expr N = 2 * (K - 1);
        r = RDom(0, M, "r");
        Expr theta = cast<float>(k) * tau(m) * (float(2.0 * 3.14159265358979323846) / cast<float>(N));
        w(k, m) = {cos(theta), cos(theta - float(3.14159265358979323846 / 2))};
        Expr xr = X(0, k, t, r), xi = X(1, k, t, r);
        Expr wr = w(k, r)[0], wi = w(k, r)[1];
        acc(k, t) = {0.0f, 0.0f};
        acc(k, t) = {acc(k, t)[0] + (wr * xr - wi * xi), acc(k, t)[1] + (wr * xi + wi * xr)};
        Expr inv = 1.0f / cast<float>(M);
        Y(c, k, t) = select(c == 0, acc(k, t)[0], acc(k, t)[1]) * inv;
    }

    ekb::Kernel kernel() { return {{X, tau}, {Y}}; }
};

}  // namespace task
