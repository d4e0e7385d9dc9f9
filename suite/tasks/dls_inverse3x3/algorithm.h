// Halide reference algorithm for task `dls_inverse3x3`: S = J J^T + lambda^2 I per batch entry,
// then S^-1 = adj(S) / det(S), the cofactors written out (S is symmetric, so the adjugate is
// too). Entry (r, c) of the output selects its own cofactor; with r and c unrolled (bounded to
// 3) every select folds to a constant.
// Halide dimension 0 is the last PyTorch dimension: J(k, r, b) is J[b, r, k] and out(c, r, b)
// is out[b, r, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam J{Halide::Float(32), 3, "J"};  // [B, 3, 3]
    Halide::Var c{"c"}, r{"r"}, b{"b"};
    Halide::Func S{"S"};      // S(c, r, b) = sum_k J[b, r, k] J[b, c, k] + lambda^2 [r == c]
    Halide::Func rdet{"rdet"};  // 1 / det(S)
    Halide::Func out{"out"};  // the inverse

    Algorithm() {
        using namespace Halide;
        const float damping = 0.5f;  // = get_init_inputs() in reference.py
        S(c, r, b) = J(0, r, b) * J(0, c, b) + J(1, r, b) * J(1, c, b) + J(2, r, b) * J(2, c, b) +
                     select(r == c, damping * damping, 0.0f);
        auto s = [&](int i, int j) { return S(j, i, b); };
        // cofactors C(i, j) of the symmetric S; adj = C^T = C
        Expr c00 = s(1, 1) * s(2, 2) - s(1, 2) * s(2, 1);
        Expr c01 = s(1, 2) * s(2, 0) - s(1, 0) * s(2, 2);
        Expr c02 = s(1, 0) * s(2, 1) - s(1, 1) * s(2, 0);
        Expr c11 = s(0, 0) * s(2, 2) - s(0, 2) * s(2, 0);
        Expr c12 = s(0, 1) * s(2, 0) - s(0, 0) * s(2, 1);
        Expr c22 = s(0, 0) * s(1, 1) - s(0, 1) * s(1, 0);
        rdet(b) = 1.0f / (s(0, 0) * c00 + s(0, 1) * c01 + s(0, 2) * c02);
        Expr e = r * 3 + c;
        Expr cof = select(e == 0, c00, e == 1 || e == 3, c01, e == 2 || e == 6, c02,
                          e == 4, c11, e == 5 || e == 7, c12, c22);
        out(c, r, b) = cof * rdet(b);
    }

    ekb::Kernel kernel() { return {{J}, {out}}; }
};

}  // namespace task
