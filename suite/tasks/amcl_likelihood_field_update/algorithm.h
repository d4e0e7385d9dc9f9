// Halide reference algorithm for task `amcl_likelihood_field_update`: ROS AMCL's
// likelihood-field measurement update with a bilinearly sampled distance field.
//   hx = x + r cos(theta + a_b), hy = y + r sin(theta + a_b)
//   z = bilinear(dist, clamp(hx / res), clamp(hy / res)),  pz = z_hit exp(-z^2 / 2 s^2) + z_rand / r_max
//   p = 1 + sum over beams with r < r_max of pz^3;  w = weights * p;  out = w / sum(w)
// Halide dimension 0 is the last PyTorch dimension: particles(j, i) is particles[i, j],
// dist(x, y) is dist[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float res = 0.05f, max_range = 10.0f, z_hit = 0.95f, z_rand = 0.05f, sigma = 0.2f;
    Halide::ImageParam particles{Halide::Float(32), 2, "particles"};  // [P, 3]
    Halide::ImageParam weights{Halide::Float(32), 1, "weights"};      // [P]
    Halide::ImageParam ranges{Halide::Float(32), 1, "ranges"};        // [B]
    Halide::ImageParam angles{Halide::Float(32), 1, "angles"};        // [B]
    Halide::ImageParam dist{Halide::Float(32), 2, "dist"};            // [GY, GX]
    Halide::Var i{"i"}, b{"b"};  // a particle, a beam
    Halide::RDom rb;             // the beams
    Halide::RDom rp;             // the particles (the normalization)
    // ca, sa: cos and sin of each beam's world angle, separate stages (computed apart, so that
    // a CPU build does not merge them into a libm sincos call, which ekb's allowlist rejects).
    Halide::Func ca{"ca"}, sa{"sa"}, pz{"pz"}, lik{"lik"}, w{"w"}, total{"total"}, out{"out"};

    Algorithm() {
        using namespace Halide;
        Expr GX = dist.dim(0).extent(), GY = dist.dim(1).extent();
        rb = RDom(0, ranges.dim(0).extent(), "rb");
        rp = RDom(0, weights.dim(0).extent(), "rp");
        Expr x = particles(0, i), y = particles(1, i), th = particles(2, i);
        Expr a = th + angles(b), r = ranges(b);
        ca(b, i) = cos(a);
        sa(b, i) = sin(a);
        Expr hx = x + r * ca(b, i), hy = y + r * sa(b, i);
        Expr gx = clamp(hx / res, 0.0f, cast<float>(GX - 1)), gy = clamp(hy / res, 0.0f, cast<float>(GY - 1));
        Expr x0f = floor(gx), y0f = floor(gy);
        Expr fx = gx - x0f, fy = gy - y0f;
        Expr x0 = clamp(cast<int>(x0f), 0, GX - 1), y0 = clamp(cast<int>(y0f), 0, GY - 1);
        Expr x1 = min(x0 + 1, GX - 1), y1 = min(y0 + 1, GY - 1);
        Expr top = (1.0f - fx) * dist(x0, y0) + fx * dist(x1, y0);
        Expr bot = (1.0f - fx) * dist(x0, y1) + fx * dist(x1, y1);
        Expr z = (1.0f - fy) * top + fy * bot;
        Expr p = z_hit * exp(-(z * z) / (2.0f * sigma * sigma)) + z_rand / max_range;
        pz(b, i) = select(r < max_range, p * p * p, 0.0f);
        lik(i) = 1.0f;
        lik(i) += pz(rb, i);
        w(i) = weights(i) * lik(i);
        total() = 0.0f;
        total() += w(rp);
        out(i) = w(i) / total();
    }

    ekb::Kernel kernel() { return {{particles, weights, ranges, angles, dist}, {out}}; }
};

}  // namespace task
