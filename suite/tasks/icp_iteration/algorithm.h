// Halide reference algorithm for task `icp_iteration`: one point-to-point ICP iteration's
// data pass. x(i, p) = R0 src_p + t0 (i the coordinate), dist(q, p) = ((dx^2 + dy^2) + dz^2)
// to each target point, nn(p) = the running (index, distance) minimum over q, replaced only
// on a strictly smaller distance, so the first index wins a tie, as in torch.argmin, the matched target m(i, p) = dst[corr[p]][i], the centroids and
// the cross-covariance of the centred pairs.
// Halide dimension 0 is the last PyTorch dimension: src(i, p) is src[p, i], R0(j, i) is
// R0[i, j], cent(i, w) is cent[w, i], cov(j, i) is cov[i, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam src{Halide::Float(32), 2, "src"};  // [P, 3]
    Halide::ImageParam dst{Halide::Float(32), 2, "dst"};  // [Q, 3]
    Halide::ImageParam R0{Halide::Float(32), 2, "R0"};    // [3, 3]
    Halide::ImageParam t0{Halide::Float(32), 1, "t0"};    // [3]
    Halide::Var i{"i"}, j{"j"}, p{"p"}, w{"w"};  // i, j: coordinates, p: a source point, w: which centroid
    Halide::RDom rq;  // the target points (Q)
    Halide::RDom rp;  // the source points (P)
    Halide::Func x{"x"};        // the transformed source points (i, p)
    Halide::Func nn{"nn"};      // (index, squared distance) of the nearest target, per p
    Halide::Func corr{"corr"};  // int32 index
    Halide::Func m{"m"};        // the matched target point (i, p)
    Halide::Func csum{"csum"};  // sums of x (i, 0) and of m (i, 1)
    Halide::Func cent{"cent"};
    Halide::Func cov{"cov"};

    Algorithm() {
        using namespace Halide;
        Expr P = src.dim(1).extent(), Q = dst.dim(1).extent();
        rq = RDom(0, Q, "rq");
        rp = RDom(0, P, "rp");
        x(i, p) = src(0, p) * R0(0, i) + src(1, p) * R0(1, i) + src(2, p) * R0(2, i) + t0(i);
        Expr dx = x(0, p) - dst(0, rq), dy = x(1, p) - dst(1, rq), dz = x(2, p) - dst(2, rq);
        Expr d = (dx * dx + dy * dy) + dz * dz;
        nn(p) = Tuple(0, Float(32).max());
        nn(p) = Tuple(select(d < nn(p)[1], rq, nn(p)[0]), select(d < nn(p)[1], d, nn(p)[1]));
        corr(p) = cast<int32_t>(nn(p)[0]);
        m(i, p) = dst(i, clamp(corr(p), 0, Q - 1));
        csum(i, w) = 0.0f;
        csum(i, w) += select(w == 0, x(i, rp), m(i, rp));
        cent(i, w) = csum(i, w) / cast<float>(P);
        cov(j, i) = 0.0f;
        cov(j, i) += (x(i, rp) - cent(i, 0)) * (m(j, rp) - cent(j, 1));
    }

    ekb::Kernel kernel() { return {{src, dst, R0, t0}, {corr, cent, cov}}; }
};

}  // namespace task
