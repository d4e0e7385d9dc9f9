// Halide reference algorithm for task `goertzel_bank`: a bank of K Goertzel filters run over
// every frame of x [F, N]. Per frame f and filter k, with c = coef[k] = 2 cos(w_k):
//   s[n] = x[f, n] + c s[n-1] - s[n-2]   (n = 0 .. N-1, s[-1] = s[-2] = 0)
//   P[f, k] = s[N-1]^2 + s[N-2]^2 - c s[N-1] s[N-2]   (= |DFT of the frame at w_k|^2)
// The recurrence is a Tuple state (s[n-1], s[n-2]) updated over the samples.
// Halide dimension 0 is the last PyTorch dimension: x(n, f) is x[f, n]; P(k, f) is P[f, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};        // [F, N]
    Halide::ImageParam coef{Halide::Float(32), 1, "coef"};  // [K]
    Halide::Var k{"k"}, f{"f"};  // k: filter (K), f: frame (F)
    Halide::RDom r;              // over the samples of a frame, in order
    Halide::Func state{"state"}; // (s[n-1], s[n-2]) after the samples
    Halide::Func P{"P"};         // the output [F, K]

    Algorithm() {
        using namespace Halide;
        r = RDom(0, x.dim(0).extent(), "r");
        Expr c = coef(k);
        state(k, f) = {0.0f, 0.0f};
        Expr s1 = state(k, f)[0], s2 = state(k, f)[1];
        state(k, f) = {x(r, f) + c * s1 - s2, s1};
        Expr q1 = state(k, f)[0], q2 = state(k, f)[1];
        P(k, f) = q1 * q1 + q2 * q2 - c * q1 * q2;
    }

    ekb::Kernel kernel() { return {{x, coef}, {P}}; }
};

}  // namespace task
