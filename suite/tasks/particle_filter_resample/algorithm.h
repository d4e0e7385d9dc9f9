// Halide reference algorithm for task `particle_filter_resample`: a fixed-point Monte Carlo
// localization step, all integer (see reference.py):
//   score(i) = sum over beams b of lf at the particle's cell + the beam offset of its heading
//   w(i) = 65536 >> min((score - min score) >> kShift, 16)
//   cum: the inclusive prefix sum of w, a scan over the particles (int32: P w <= 2^28)
//   pos(j) = (j total + ((u0 total) >> 16)) / P in int64 (systematic resampling)
//   idx(j) = #{i : cum(i) <= pos(j)} (clamped to P - 1), by binary search over cum (cum is
//            non-decreasing): bs(j) = (lo, hi) from (0, P), ceil(log2(P)) + 1 halvings,
//            each only while lo < hi, so spare iterations leave it unchanged
// Halide dimension 0 is the last PyTorch dimension: particles(c, i) is particles[i, c],
// offsets(c, b, h) is offsets[h, b, c], lf(gx, gy) is lf[gy, gx].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kShift = 2;

struct Algorithm {
    Halide::ImageParam particles{Halide::Int(32), 2, "particles"};  // [P, 3]: x, y, heading bin
    Halide::ImageParam offsets{Halide::Int(32), 3, "offsets"};      // [H, B, 2]
    Halide::ImageParam lf{Halide::Int(32), 2, "lf"};                // [GY, GX]
    Halide::ImageParam u0{Halide::Int(32), 1, "u0"};                // [1]
    Halide::Var i{"i"}, j{"j"}, c{"c"};
    Halide::RDom rb;  // the beams (B)
    Halide::RDom rp;  // the particles (P): the minimum score
    Halide::RDom rc;  // the particles, in order: the prefix sum
    Halide::RDom rs;  // the binary search's halvings
    Halide::Func cell{"cell"};  // the particle's (x mod GX, y mod GY, h mod H)
    Halide::Func score{"score"}, smin{"smin"}, w{"w"}, cum{"cum"}, pos{"pos"}, bs{"bs"};
    Halide::Func new_particles{"new_particles"}, idx{"idx"}, weights{"weights"};

    Algorithm() {
        using namespace Halide;
        Expr P = particles.dim(1).extent(), B = offsets.dim(1).extent(), H = offsets.dim(2).extent();
        Expr GX = lf.dim(0).extent(), GY = lf.dim(1).extent();
        rb = RDom(0, B, "rb");
        rp = RDom(0, P, "rp");
        rc = RDom(0, P, "rc");
        rs = RDom(0, 2 + cast<int>(log(cast<float>(P)) / float(M_LN2)), "rs");
        cell(i) = Tuple(particles(0, i) % GX, particles(1, i) % GY, particles(2, i) % H);
        Expr x = cell(i)[0], y = cell(i)[1], h = cell(i)[2];
        Expr ex = clamp(x + offsets(0, rb, h), 0, GX - 1), ey = clamp(y + offsets(1, rb, h), 0, GY - 1);
        score(i) = 0;
        score(i) += lf(ex, ey);
        smin() = score(0);
        smin() = min(smin(), score(rp));
        w(i) = 65536 >> min((score(i) - smin()) >> kShift, 16);
        cum(i) = w(i);
        cum(rc) = select(rc == 0, w(0), cum(max(rc - 1, 0)) + w(rc));
        Expr total = cast<int64_t>(cum(P - 1));
        pos(j) = (cast<int64_t>(j) * total + ((cast<int64_t>(u0(0)) * total) >> 16)) / cast<int64_t>(P);
        bs(j) = Tuple(0, P);
        Expr lo = bs(j)[0], hi = bs(j)[1], mid = (lo + hi) / 2;
        Expr right = cast<int64_t>(cum(clamp(mid, 0, P - 1))) <= pos(j);
        Expr active = lo < hi && rs.x >= 0;  // (rs.x named so the update iterates over rs)
        bs(j) = Tuple(select(active && right, mid + 1, lo), select(active && !right, mid, hi));
        idx(j) = clamp(bs(j)[0], 0, P - 1);
        new_particles(c, j) = particles(c, idx(j));
        weights(i) = w(i);
    }

    ekb::Kernel kernel() { return {{particles, offsets, lf, u0}, {new_particles, idx, weights}}; }
};

}  // namespace task
