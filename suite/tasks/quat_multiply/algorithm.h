// Halide reference algorithm for task `quat_multiply`: the Hamilton product out = q1 * q2 of
// quaternions stored as (w, x, y, z).
// Halide dimension 0 is the last PyTorch dimension: q1(j, p) is q1[p, j] (j = 0: w, 1..3:
// x, y, z). Output component j selects its own 4-term formula; with j unrolled (bounded to
// 4) every select folds to a constant.
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam q1{Halide::Float(32), 2, "q1"};  // [P, 4]
    Halide::ImageParam q2{Halide::Float(32), 2, "q2"};  // [P, 4]
    Halide::Var j{"j"}, p{"p"};  // j: quaternion component, p: quaternion index
    Halide::Func out{"out"};     // the output: q1 * q2

    Algorithm() {
        using namespace Halide;
        Expr w1 = q1(0, p), x1 = q1(1, p), y1 = q1(2, p), z1 = q1(3, p);
        Expr w2 = q2(0, p), x2 = q2(1, p), y2 = q2(2, p), z2 = q2(3, p);
        Expr w = w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2;
        Expr x = w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2;
        Expr y = w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2;
        Expr z = w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2;
        out(j, p) = select(j == 0, w, j == 1, x, j == 2, y, z);
    }

    ekb::Kernel kernel() { return {{q1, q2}, {out}}; }
};

}  // namespace task
