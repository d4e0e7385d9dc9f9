// Halide reference algorithm for task `rigid_transform`: p' = R p + t for every point, with
// R = T[:3, :3] and t = T[:3, 3] of a 4x4 homogeneous transform (its last row is not read).
// Halide dimension 0 is the last PyTorch dimension: T(c, r) is T[r, c], p(j, n) is p[n, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam T{Halide::Float(32), 2, "T"};  // [4, 4]
    Halide::ImageParam p{Halide::Float(32), 2, "p"};  // [P, 3]
    Halide::Var i{"i"}, n{"n"};  // out[n, i]: i output coordinate (3), n point (P)
    Halide::RDom j;              // over the input coordinates of a point
    Halide::Func rot{"rot"};     // R p: the reduction over j
    Halide::Func out{"out"};     // the output: rot + t

    Algorithm() {
        j = Halide::RDom(0, 3, "j");
        rot(i, n) = 0.0f;
        rot(i, n) += T(j, i) * p(j, n);
        out(i, n) = rot(i, n) + T(3, i);
    }

    ekb::Kernel kernel() { return {{T, p}, {out}}; }
};

}  // namespace task
