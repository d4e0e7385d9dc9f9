// Halide reference algorithm for task `icp_point_to_plane_normal_eq`: per correspondence the
// unit normal n, the residual r = (p - q) . n and the Jacobian J = (p x n, n); then the sums
// H(j, i) = sum_n J(i, n) J(j, n) and g(i) = sum_n J(i, n) r(n), as update definitions over
// the correspondences (so a schedule can split and rfactor them).
// Halide dimension 0 is the last PyTorch dimension: src(k, n) is src[n, k], H(j, i) is H[i, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam src{Halide::Float(32), 2, "src"};  // [N, 3]
    Halide::ImageParam dst{Halide::Float(32), 2, "dst"};  // [N, 3]
    Halide::ImageParam nrm{Halide::Float(32), 2, "nrm"};  // [N, 3]
    Halide::Var i{"i"}, j{"j"}, n{"n"};
    Halide::RDom r;                 // over the correspondences
    Halide::Func unit{"unit"};      // unit(k, n): the normalized normal
    Halide::Func res{"res"};        // the residual of each correspondence
    Halide::Func jac{"jac"};        // jac(i, n): the Jacobian row, i < 6
    Halide::Func hsum{"hsum"};      // zero, then + J J^T per correspondence
    Halide::Func gsum{"gsum"};      // zero, then + J r per correspondence
    Halide::Func H{"H"}, g{"g"};    // the outputs

    Algorithm() {
        using namespace Halide;
        r = RDom(0, src.dim(1).extent(), "r");
        Var k{"k"};
        Expr rn = 1.0f / sqrt(nrm(0, n) * nrm(0, n) + nrm(1, n) * nrm(1, n) + nrm(2, n) * nrm(2, n));
        unit(k, n) = nrm(k, n) * rn;
        res(n) = (src(0, n) - dst(0, n)) * unit(0, n) + (src(1, n) - dst(1, n)) * unit(1, n) +
                 (src(2, n) - dst(2, n)) * unit(2, n);
        Expr px = src(0, n), py = src(1, n), pz = src(2, n);
        Expr nx = unit(0, n), ny = unit(1, n), nz = unit(2, n);
        jac(i, n) = select(i == 0, py * nz - pz * ny, i == 1, pz * nx - px * nz, i == 2, px * ny - py * nx,
                           i == 3, nx, i == 4, ny, nz);
        hsum(j, i) = 0.0f;
        hsum(j, i) += jac(i, r) * jac(j, r);
        gsum(i) = 0.0f;
        gsum(i) += jac(i, r) * res(r);
        H(j, i) = hsum(j, i);
        g(i) = gsum(i);
    }

    ekb::Kernel kernel() { return {{src, dst, nrm}, {H, g}}; }
};

}  // namespace task
