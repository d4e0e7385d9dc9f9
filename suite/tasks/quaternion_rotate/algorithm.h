// Halide reference algorithm for task `quaternion_rotate`: rotate points by per-point
// quaternions, normalized first: v' = v + 2 w (u x v) + 2 u x (u x v), u = (x, y, z).
// Halide dimension 0 is the last PyTorch dimension: q(j, p) is q[p, j] (j = 0: w, 1..3: x, y, z)
// and v(i, p) is v[p, i]. A cross product's component i uses components (i + 1) % 3 and
// (i + 2) % 3 of its operands.
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam q{Halide::Float(32), 2, "q"};  // [P, 4]
    Halide::ImageParam v{Halide::Float(32), 2, "v"};  // [P, 3]
    Halide::Var j{"j"}, i{"i"}, p{"p"};  // j: quaternion component, i: coordinate, p: point
    Halide::Func rnorm{"rnorm"};  // 1 / |q| per point
    Halide::Func qn{"qn"};        // the normalized quaternion
    Halide::Func uv{"uv"};        // u x v
    Halide::Func uuv{"uuv"};      // u x (u x v)
    Halide::Func out{"out"};      // the output: v + 2 w uv + 2 uuv

    Algorithm() {
        using namespace Halide;
        rnorm(p) = 1.0f / sqrt(q(0, p) * q(0, p) + q(1, p) * q(1, p) + q(2, p) * q(2, p) + q(3, p) * q(3, p));
        qn(j, p) = q(j, p) * rnorm(p);
        Expr a = (i + 1) % 3, b = (i + 2) % 3;  // u is qn(1..3): u[a] = qn(a + 1)
        uv(i, p) = qn(a + 1, p) * v(b, p) - qn(b + 1, p) * v(a, p);
        uuv(i, p) = qn(a + 1, p) * uv(b, p) - qn(b + 1, p) * uv(a, p);
        out(i, p) = v(i, p) + 2.0f * qn(0, p) * uv(i, p) + 2.0f * uuv(i, p);
    }

    ekb::Kernel kernel() { return {{q, v}, {out}}; }
};

}  // namespace task
