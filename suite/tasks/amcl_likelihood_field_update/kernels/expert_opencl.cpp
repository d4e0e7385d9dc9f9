// Expert opencl schedule for `amcl_likelihood_field_update`: the beams' and particles' sines and
// cosines once (below), then one work-item per particle runs over the beams (every work-item of a
// group reads the same beam, a broadcast) with the endpoint, the bilinear distance-field
// gather, the exp and the cube in registers; the normalizing sum over the particles is split
// into 256 partial sums (rfactor, one work-item each) and added up on one work-item; the division
// one work-item per particle. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"}, u{"u"};
    RVar ro{"ro"}, rl{"rl"};
    // @layer compute
    // The algorithm, rewritten: cos(theta + a) = cos theta cos a - sin theta sin a (likewise
    // sin), with the particle's and the beam's sine and cosine computed once each, so the
    // P x B loop has no trigonometry; the invalid beams contribute 0 as before.
    using T = task::Algorithm;
    Var i = a.i, b = a.b;
    Expr GX = a.dist.dim(0).extent(), GY = a.dist.dim(1).extent();
    RDom rb(0, a.ranges.dim(0).extent(), "rb"), rp(0, a.weights.dim(0).extent(), "rp");
    // (The cosines and sines are separate stages, so that a CPU build does not merge them into
    // a libm sincos call, which ekb's allowlist rejects.)
    Func bcos("bcos"), bsin("bsin"), pcos("pcos"), psin("psin"), lik("lik"), w("w"), total("total"), out("out");
    bcos(b) = cos(a.angles(b));
    bsin(b) = sin(a.angles(b));
    pcos(i) = cos(a.particles(2, i));
    psin(i) = sin(a.particles(2, i));
    Expr ca = bcos(rb), sa = bsin(rb), r = a.ranges(rb);
    Expr x = a.particles(0, i), y = a.particles(1, i), ct = pcos(i), st = psin(i);
    Expr hx = x + r * (ct * ca - st * sa), hy = y + r * (st * ca + ct * sa);
    Expr gx = clamp(hx * (1.0f / T::res), 0.0f, cast<float>(GX - 1)), gy = clamp(hy * (1.0f / T::res), 0.0f, cast<float>(GY - 1));
    Expr x0f = floor(gx), y0f = floor(gy);
    Expr fx = gx - x0f, fy = gy - y0f;
    Expr x0 = clamp(cast<int>(x0f), 0, GX - 1), y0 = clamp(cast<int>(y0f), 0, GY - 1);
    Expr x1 = min(x0 + 1, GX - 1), y1 = min(y0 + 1, GY - 1);
    Expr top = a.dist(x0, y0) + fx * (a.dist(x1, y0) - a.dist(x0, y0));
    Expr bot = a.dist(x0, y1) + fx * (a.dist(x1, y1) - a.dist(x0, y1));
    Expr z = top + fy * (bot - top);
    Expr p = T::z_hit * exp(z * z * (-1.0f / (2.0f * T::sigma * T::sigma))) + T::z_rand / T::max_range;
    lik(i) = 1.0f;
    lik(i) += select(r < T::max_range, p * p * p, 0.0f);
    w(i) = a.weights(i) * lik(i);
    total() = 0.0f;
    total() += w(rp);
    out(i) = w(i) / total();
    for (Func f : {bcos, bsin, pcos, psin, w, total}) f.compute_root();
    Func lanes = total.update().split(rp.x, ro, rl, 256, guard).rfactor(rl, u);
    lanes.compute_root();
    // @layer loops
    for (Func f : {bcos, bsin}) f.gpu_tile(b, xo, xi, 32, guard);
    for (Func f : {pcos, psin}) f.gpu_tile(i, xo, xi, 64, guard);
    w.gpu_tile(i, xo, xi, 64, guard);
    lanes.gpu_tile(u, xo, xi, 64, guard);
    lanes.update().gpu_tile(u, xo, xi, 64, guard);
    total.gpu_single_thread();
    total.update().gpu_single_thread();
    out.gpu_tile(i, xo, xi, 64, guard);
    // @layer memory
    lik.compute_at(w, xi);
    // @end
    return {{a.particles, a.weights, a.ranges, a.angles, a.dist}, {out}};
}
