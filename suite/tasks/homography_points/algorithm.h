// Halide reference algorithm for task `homography_points`: (u, v, w) = H (x, y, 1),
// out = (u / w, v / w).
// Halide dimension 0 is the last PyTorch dimension: pts(j, n) is pts[n, j], Hm(c, r) is
// Hm[r, c] and out(j, n) is out[n, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam pts{Halide::Float(32), 2, "pts"};  // [N, 2]
    Halide::ImageParam Hm{Halide::Float(32), 2, "Hm"};    // [3, 3]
    Halide::Var j{"j"}, n{"n"};                           // out[n, j]
    Halide::Func rw{"rw"};    // w = h20 x + h21 y + h22, the divisor
    Halide::Func out{"out"};  // the output

    Algorithm() {
        using namespace Halide;
        Expr x = pts(0, n), y = pts(1, n);
        rw(n) = Hm(0, 2) * x + Hm(1, 2) * y + Hm(2, 2);
        // row j of H (j = 0: u, 1: v)
        Expr num = Hm(0, j) * x + Hm(1, j) * y + Hm(2, j);
        out(j, n) = num / rw(n);
    }

    ekb::Kernel kernel() { return {{pts, Hm}, {out}}; }
};

}  // namespace task
