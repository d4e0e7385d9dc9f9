// Halide reference algorithm for task `rodrigues`: R = I (1 - b t^2) + a [r]x + b r r^T with
// t = |r|, a = sin(t)/t, b = 2 sin^2(t/2)/t^2 (a = 1, b = 1/2 when t^2 < 1e-12).
// Halide dimension 0 is the last PyTorch dimension: r(j, p) is r[p, j] and R(c, q, p) is
// R[p, q, c] (q: the row). Entry (q, c) selects its own formula; with q and c unrolled
// (bounded to 3) every select folds to a constant.
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam r{Halide::Float(32), 2, "r"};  // [B, 3]
    Halide::Var c{"c"}, q{"q"}, p{"p"};
    Halide::Func coef{"coef"};  // coef(p) = (a, b, t^2)
    Halide::Func R{"R"};        // the output

    Algorithm() {
        using namespace Halide;
        const float eps = 1e-12f;  // = get_init_inputs() in reference.py
        Expr x = r(0, p), y = r(1, p), z = r(2, p);
        Expr t2 = x * x + y * y + z * z;
        Expr small = t2 < eps;
        Expr t = sqrt(select(small, 1.0f, t2));
        Expr s = sin(0.5f * t);
        coef(p) = Tuple(select(small, 1.0f, sin(t) / t), select(small, 0.5f, 2.0f * s * s / (t * t)), t2);
        Expr a = coef(p)[0], b = coef(p)[1], tt = coef(p)[2];
        Expr e = q * 3 + c;
        // [r]x entries, row-major
        Expr k = select(e == 1, -z, e == 2, y, e == 3, z, e == 5, -x, e == 6, -y, e == 7, x, 0.0f);
        Expr ri = select(q == 0, x, q == 1, y, z), rj = select(c == 0, x, c == 1, y, z);
        Expr diag = select(q == c, 1.0f - b * tt, 0.0f);
        R(c, q, p) = diag + a * k + b * (ri * rj);
    }

    ekb::Kernel kernel() { return {{r}, {R}}; }
};

}  // namespace task
