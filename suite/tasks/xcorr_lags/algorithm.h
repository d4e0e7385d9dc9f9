// Halide reference algorithm for task `xcorr_lags`: the cross-correlation of each microphone
// pair over a window of lags, the core of time-difference-of-arrival estimation. The frame
// x[p, :] of one microphone (N samples) is slid over the other microphone's samples y[p, :],
// which carry M samples of context on each side (N + 2M samples):
//   c[p, l] = sum over n of x[p, n] * y[p, n + l],  l = 0 .. 2M  (the delay l - M)
// Halide dimension 0 is the last PyTorch dimension: x(n, p) is x[p, n]; c(l, p) is c[p, l].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [P, N]
    Halide::ImageParam y{Halide::Float(32), 2, "y"};  // [P, N + 2M]
    Halide::Var l{"l"}, p{"p"};  // l: lag index (2M+1), p: pair (P)
    Halide::RDom r;              // over the samples of the frame
    Halide::Func corr{"corr"};   // the reduction over the samples
    Halide::Func c{"c"};         // the output [P, 2M + 1]

    Algorithm() {
        using namespace Halide;
        r = RDom(0, x.dim(0).extent(), "r");
        corr(l, p) = 0.0f;
        corr(l, p) += x(r, p) * y(r + l, p);
        c(l, p) = corr(l, p);
    }

    ekb::Kernel kernel() { return {{x, y}, {c}}; }
};

}  // namespace task
