// Expert opencl schedule for `pointnet2_sa`, layer by layer as a GPU runtime runs a set
// abstraction whose groups do not fit in shared memory (a 64-neighbour group of SA2 is
// 128 KB of activations): the gather one work-item per element; each shared-MLP layer one
// kernel, one work-item per (output channel, 4 neighbours of a centroid) with the 4 dot products
// in registers, 16 x 4 work-groups, the weights copied once transposed so adjacent work-items read
// adjacent weights, bias + ReLU fused; the max over each group one work-item per (channel,
// centroid). Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, kv{"kv"};
    // @layer compute
    std::vector<std::pair<ImageParam, Func>> ws = {{a.w1, a.h1_dot}, {a.w2, a.h2_dot}, {a.w3, a.h3_dot}};
    for (auto [w, dot] : ws) {
        Func wt = w.in(dot);
        Var i = wt.args()[0], o = wt.args()[1];
        wt.compute_root().reorder_storage(o, i).gpu_tile(o, i, xo, yo, xi, yi, 16, 4, guard);
    }
    for (Func f : {a.inp, a.h1, a.h2, a.h3, a.pooled}) f.compute_root();
    auto layer = [&](Func out, Func dot, RDom r) {
        out.split(a.k, a.k, kv, 4, guard).reorder(kv, a.o, a.k, a.s)
            .gpu_tile(a.o, a.k, a.s, xo, yo, zo, xi, yi, zi, 16, 4, 1, guard).unroll(kv);
        dot.compute_at(out, xi).store_in(MemoryType::Register).unroll(a.k);
        dot.update().reorder(a.k, a.o, r.x).unroll(a.k);
    };
    // @layer loops
    a.inp.gpu_tile(a.j, a.k, a.s, xo, yo, zo, xi, yi, zi, 8, 16, 1, guard);
    layer(a.h1, a.h1_dot, a.r1);
    layer(a.h2, a.h2_dot, a.r2);
    layer(a.h3, a.h3_dot, a.r3);
    a.pooled.gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 4, guard);
    a.pooled.update().gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 4, guard);
    // @layer vector
    a.new_xyz.gpu_tile(a.j, a.s, xo, yo, xi, yi, 4, 32, guard);
    a.new_feat.gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 4, guard);
    // @end
    return a.kernel();
}
