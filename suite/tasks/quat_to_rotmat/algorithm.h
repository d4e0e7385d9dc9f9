// Halide reference algorithm for task `quat_to_rotmat`: quaternions (w, x, y, z), normalized
// first, to 3x3 rotation matrices.
// Halide dimension 0 is the last PyTorch dimension: q(j, p) is q[p, j] (j = 0: w, 1..3: x, y, z)
// and R(c, r, p) is R[p, r, c]. Entry (r, c) selects its own formula; with r and c unrolled
// (bounded to 3) every select folds to a constant.
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam q{Halide::Float(32), 2, "q"};  // [P, 4]
    Halide::Var j{"j"}, c{"c"}, r{"r"}, p{"p"};  // j: quaternion component, r, c: row, column
    Halide::Func rnorm{"rnorm"};  // 1 / |q| per quaternion
    Halide::Func qn{"qn"};        // the normalized quaternion
    Halide::Func R{"R"};          // the output rotation matrices

    Algorithm() {
        using namespace Halide;
        rnorm(p) = 1.0f / sqrt(q(0, p) * q(0, p) + q(1, p) * q(1, p) + q(2, p) * q(2, p) + q(3, p) * q(3, p));
        qn(j, p) = q(j, p) * rnorm(p);
        Expr w = qn(0, p), x = qn(1, p), y = qn(2, p), z = qn(3, p);
        Expr e = r * 3 + c;
        R(c, r, p) = select(e == 0, 1.0f - 2.0f * (y * y + z * z),
                            e == 1, 2.0f * (x * y - w * z),
                            e == 2, 2.0f * (x * z + w * y),
                            e == 3, 2.0f * (x * y + w * z),
                            e == 4, 1.0f - 2.0f * (x * x + z * z),
                            e == 5, 2.0f * (y * z - w * x),
                            e == 6, 2.0f * (x * z - w * y),
                            e == 7, 2.0f * (y * z + w * x),
                            1.0f - 2.0f * (x * x + y * y));
    }

    ekb::Kernel kernel() { return {{q}, {R}}; }
};

}  // namespace task
