// Halide reference algorithm for task `se3_relative_pose`: rot_a, rot_b = the rotation matrices
// of the (normalized) quaternions of pa, pb; rel[r][c] = sum_k Ra[k][r] Rb[k][c] for c < 3 and
// sum_k Ra[k][r] (tb[k] - ta[k]) for c = 3.
// Halide dimension 0 is the last PyTorch dimension: pa(j, b) is pa[b, j], rot_a(c, r, b) is
// Ra[b][r][c] and rel(c, r, b) is rel[b, r, c]. Entry (r, c) selects its own formula; with r, c
// unrolled (bounded) every select folds to a constant.
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr quat_rot_entry(const Halide::Expr &w, const Halide::Expr &x, const Halide::Expr &y,
                                   const Halide::Expr &z, const Halide::Expr &r, const Halide::Expr &c) {
    using namespace Halide;
    Expr e = r * 3 + c;
    return select(e == 0, 1.0f - 2.0f * (y * y + z * z), e == 1, 2.0f * (x * y - w * z),
                  e == 2, 2.0f * (x * z + w * y), e == 3, 2.0f * (x * y + w * z),
                  e == 4, 1.0f - 2.0f * (x * x + z * z), e == 5, 2.0f * (y * z - w * x),
                  e == 6, 2.0f * (x * z - w * y), e == 7, 2.0f * (y * z + w * x),
                  1.0f - 2.0f * (x * x + y * y));
}

struct Algorithm {
    Halide::ImageParam pa{Halide::Float(32), 2, "pa"};  // [B, 7]
    Halide::ImageParam pb{Halide::Float(32), 2, "pb"};  // [B, 7]
    Halide::Var c{"c"}, r{"r"}, b{"b"};
    Halide::Func rn_a{"rn_a"}, rn_b{"rn_b"};    // 1 / |q|
    Halide::Func rot_a{"rot_a"}, rot_b{"rot_b"};  // the rotation matrices
    Halide::Func rel{"rel"};                    // the output

    Algorithm() {
        using namespace Halide;
        auto rnorm = [&](ImageParam p) {
            return 1.0f / sqrt(p(0, b) * p(0, b) + p(1, b) * p(1, b) + p(2, b) * p(2, b) + p(3, b) * p(3, b));
        };
        rn_a(b) = rnorm(pa);
        rn_b(b) = rnorm(pb);
        rot_a(c, r, b) = quat_rot_entry(pa(0, b) * rn_a(b), pa(1, b) * rn_a(b), pa(2, b) * rn_a(b),
                                        pa(3, b) * rn_a(b), r, c);
        rot_b(c, r, b) = quat_rot_entry(pb(0, b) * rn_b(b), pb(1, b) * rn_b(b), pb(2, b) * rn_b(b),
                                        pb(3, b) * rn_b(b), r, c);
        Expr s = 0.0f;
        for (int k = 0; k < 3; k++) {
            Expr rhs = select(c < 3, rot_b(min(c, 2), k, b), pb(4 + k, b) - pa(4 + k, b));
            s += rot_a(r, k, b) * rhs;
        }
        rel(c, r, b) = s;
    }

    ekb::Kernel kernel() { return {{pa, pb}, {rel}}; }
};

}  // namespace task
