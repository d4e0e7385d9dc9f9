// Halide reference algorithm for task `so3_log_quat`: the SO(3) log of quaternions (w, x, y, z),
// normalized first: omega = f v, f = 2 atan(n/w)/n (n = |v|), with Sophus' limits
// f = 2/w - (2/3) n^2/w^3 for n^2 < eps^2 and f = +-pi/n for |w| < eps (eps = 1e-5).
// Halide dimension 0 is the last PyTorch dimension: q(j, p) is q[p, j] (j = 0: w) and
// omega(k, p) is omega[p, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam q{Halide::Float(32), 2, "q"};  // [B, 4]
    Halide::Var k{"k"}, p{"p"};                       // omega[p, k]
    Halide::Func rnorm{"rnorm"};  // 1 / |q|
    Halide::Func f{"f"};          // the factor: omega = f * v
    Halide::Func omega{"omega"};  // the output

    Algorithm() {
        using namespace Halide;
        const float eps = 1e-5f;  // = get_init_inputs() in reference.py
        const float pi = 3.14159265358979323846f;
        rnorm(p) = 1.0f / sqrt(q(0, p) * q(0, p) + q(1, p) * q(1, p) + q(2, p) * q(2, p) + q(3, p) * q(3, p));
        Expr w = q(0, p) * rnorm(p), x = q(1, p) * rnorm(p), y = q(2, p) * rnorm(p), z = q(3, p) * rnorm(p);
        Expr n2 = x * x + y * y + z * z;
        Expr n = sqrt(n2);
        Expr taylor = 2.0f / w - (2.0f / 3.0f) * n2 / (w * w * w);
        Expr limit = select(w > 0.0f, pi / n, -pi / n);
        Expr regular = 2.0f * atan(n / w) / n;
        f(p) = select(n2 < eps * eps, taylor, abs(w) < eps, limit, regular);
        omega(k, p) = f(p) * q(k + 1, p) * rnorm(p);
    }

    ekb::Kernel kernel() { return {{q}, {omega}}; }
};

}  // namespace task
