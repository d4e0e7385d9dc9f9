// Halide reference algorithm for task `cfar_caso_1d`: 1-D smallest-of cell-averaging CFAR
// (CASO-CFAR) along range, guard 4 and training window 8 cells per side (TI mmWave SDK
// cfarCfg default for the range direction, non-cyclic). For cell i of row d:
//   left  = mean of x[d, i-4-k], k = 1..8, over the cells inside [0, R)  (lc of them)
//   right = mean of x[d, i+4+k], k = 1..8, over the cells inside [0, R)  (rc of them)
//   noise = min(left, right); the left mean alone when rc = 0, the right mean alone when lc = 0
//   snr[d, i] = x[d, i] / noise
// R >= 10, so every cell has at least one training cell.
// Halide dimension 0 is the last PyTorch dimension: x(i, d) is x[d, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kGuard = 4, kTrain = 8;  // = get_init_inputs() in reference.py

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [D, R]
    Halide::Var i{"i"}, d{"d"};      // i: range cell (R), d: row (Doppler bin, D)
    Halide::RDom k;                  // over the training cells of one side, 1 .. 8
    Halide::Func zx{"zx"};           // x, zero outside [0, R)
    Halide::Func lsum{"lsum"}, rsum{"rsum"};  // the training sums of each side
    Halide::Func snr{"snr"};         // the output

    Algorithm() {
        using namespace Halide;
        Expr R = x.dim(0).extent();
        k = RDom(1, kTrain, "k");
        zx(i, d) = select(i >= 0 && i < R, x(clamp(i, 0, R - 1), d), 0.0f);
        lsum(i, d) = 0.0f;
        lsum(i, d) += zx(i - kGuard - k, d);
        rsum(i, d) = 0.0f;
        rsum(i, d) += zx(i + kGuard + k, d);
        Expr lc = clamp(i - kGuard, 0, kTrain), rc = clamp(R - 1 - i - kGuard, 0, kTrain);
        Expr lm = lsum(i, d) / cast<float>(max(lc, 1)), rm = rsum(i, d) / cast<float>(max(rc, 1));
        Expr noise = select(lc == 0, rm, rc == 0, lm, min(lm, rm));
        snr(i, d) = x(i, d) / noise;
    }

    ekb::Kernel kernel() { return {{x}, {snr}}; }
};

}  // namespace task
