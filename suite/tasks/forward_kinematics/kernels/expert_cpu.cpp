// Expert cpu schedule for `forward_kinematics`: vectorized across configurations. The batch
// is cut into tiles of one vector of configurations, 8 tiles per parallel task. Per tile the
// six joint cosines and sines are computed into a small buffer, then the four partial
// products and the pose, each a 4x4 matrix of vectors with rows and columns unrolled; the
// link transforms are inlined, so their constant entries (the zeros and the last row) fold
// away and each product costs only its nonzero FMAs. The twists' cosines and sines are 6
// pairs computed once.
// One algorithm rewrite: Halide 14 turns a vector cos or sin into one libm call per lane
// (and LLVM fuses a cos and a sin of the same value into sincosf, which the object check
// rejects), which would take most of the time. Here each cosine and sine pair comes from one
// vectorizable Cody-Waite reduction to [-pi/4, pi/4] and the Cephes sinf / cosf minimax
// polynomials (about 1 ulp), selected by quadrant. The products are those of algorithm.h.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const Var c = a.c, r = a.r, j = a.j, b = a.b;
    Var bo{"bo"}, bi{"bi"}, bp{"bp"};
    // @layer compute
    // trig(j, b) = (cos q, sin q) and trig_alpha(j) = (cos alpha, sin alpha), vectorizable;
    // link, the chain and the pose as in algorithm.h over them.
    Func trig{"trig"}, trig_alpha{"trig_alpha"}, link{"link_fast"};
    // (cos x, sin x): Cody-Waite reduction by pi/2 (3-part constant), then the Cephes
    // minimax polynomials on [-pi/4, pi/4], selected by quadrant.
    auto cos_sin = [](Expr xq) {
        Expr k = round(xq * 0.636619772f);  // nearest multiple of pi/2
        Expr rr = ((xq - k * 1.5703125f) - k * 4.837512969970703125e-4f) - k * 7.54978995489188216e-8f;
        Expr z = rr * rr;
        Expr s = rr + rr * z * (-1.6666654611e-1f + z * (8.3321608736e-3f + z * -1.9515295891e-4f));
        Expr co = (1.0f - 0.5f * z) +
                  z * z * (4.166664568298827e-2f + z * (-1.388731625493765e-3f + z * 2.443315711809948e-5f));
        Expr quad = cast<int>(k) & 3;
        return Tuple(select(quad == 0, co, quad == 1, -s, quad == 2, -co, s),
                     select(quad == 0, s, quad == 1, co, quad == 2, -s, -co));
    };
    trig(j, b) = cos_sin(a.q(j, b));
    trig_alpha(j) = cos_sin(a.dh_alpha(j));
    Expr ct = trig(j, b)[0], st = trig(j, b)[1];
    Expr ca = trig_alpha(j)[0], sa = trig_alpha(j)[1], la = a.dh_a(j), ld = a.dh_d(j);
    link(c, r, j, b) = select(r == 0, mux(c, {ct, -st * ca, st * sa, la * ct}),
                              r == 1, mux(c, {st, ct * ca, -ct * sa, la * st}),
                              r == 2, mux(c, {0.0f, sa, ca, ld}),
                              mux(c, {0.0f, 0.0f, 0.0f, 1.0f}));
    std::vector<Func> chain;
    for (int i = 0; i < task::Algorithm::joints - 1; i++) {
        Func f(i + 1 < task::Algorithm::joints - 1 ? "chain_fast" + std::to_string(i + 1) : "pose_fast");
        // i == 0: T_0 T_1; else chain[i - 1] T_{i + 1}
        Expr s = (i == 0 ? link(0, r, 0, b) : chain[i - 1](0, r, b)) * link(c, 0, i + 1, b);
        for (int k = 1; k < 4; k++) {
            s = s + (i == 0 ? link(k, r, 0, b) : chain[i - 1](k, r, b)) * link(c, k, i + 1, b);
        }
        f(c, r, b) = s;
        chain.push_back(f);
    }
    Func pose = chain.back();  // T_0 ... T_5
    chain.pop_back();
    trig_alpha.compute_root();
    pose.bound(c, 0, 4).bound(r, 0, 4);
    a.q.dim(0).set_bounds(0, 6).dim(1).set_stride(6);  // contiguous [B, 6]
    pose.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    // @layer loops
    pose.split(b, bo, bi, vec, TailStrategy::GuardWithIf).reorder(bi, c, r, bo).split(bo, bp, bo, 8, TailStrategy::GuardWithIf).parallel(bp);
    // @layer memory
    trig.compute_at(pose, bo).reorder(b, j).reorder_storage(b, j);
    for (Func f : chain) f.compute_at(pose, bo).reorder(b, c, r).reorder_storage(b, c, r);
    // @layer vector
    pose.vectorize(bi).unroll(c).unroll(r);
    trig.vectorize(b, vec, TailStrategy::GuardWithIf).unroll(j);
    for (Func f : chain) f.vectorize(b, vec, TailStrategy::GuardWithIf).unroll(c).unroll(r);
    // @end
    return {{a.q, a.dh_a, a.dh_alpha, a.dh_d}, {pose}};
}
