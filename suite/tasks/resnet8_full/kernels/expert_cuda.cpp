// Expert cuda schedule for `resnet8_full`: nine kernels, every stage on the device (the naive
// schedule has 29), the zero padding of every map inlined into the loads (a clamped load
// and a select, no padded copies in global memory).
//   a0, h1, a1, h2, a2, h3, feat: one kernel per conv layer, 16x8-thread blocks over
//      (columns, rows), channel groups of 4 along the grid's third dimension; each thread
//      accumulates one pixel of 4 output channels in registers across all input channels
//      and the 9 unrolled taps (one input load feeds 4 FMAs), plus the 1x1 stride-2
//      shortcut for a2 and feat; bias, residual add and ReLU fused into the store;
//   pool_sum: one thread per channel sums its map; logits: one thread per class.
// Threads are adjacent along the columns (coalesced rows, warp-uniform weights). All tails
// use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    struct Layer {
        Func out;
        std::vector<std::pair<Func, RDom>> convs;
    };
    const std::vector<Layer> layers = {
        {a.a0, {{a.conv0, a.r0}}},
        {a.h1, {{a.conv11, a.r11}}},
        {a.a1, {{a.conv12, a.r12}}},
        {a.h2, {{a.conv21, a.r21}}},
        {a.a2, {{a.conv22, a.r22}, {a.sc2, a.rs2}}},
        {a.h3, {{a.conv31, a.r31}}},
        {a.feat, {{a.conv32, a.r32}, {a.sc3, a.rs3}}},
    };
    // @layer compute
    for (Layer l : layers) {
        if (l.out.name() != a.feat.name()) l.out.compute_root();
    }
    a.pool_sum.compute_root();
    // @layer loops
    for (Layer l : layers) {
        l.out.split(a.c, a.c, cv, chans, guard)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 8, 1, guard);
    }
    a.pool_sum.gpu_tile(a.c, a.n, co, yo, ci, yi, 32, 1, guard);
    a.pool_sum.update().gpu_tile(a.c, a.n, co, yo, ci, yi, 32, 1, guard);
    a.logits.gpu_tile(a.o, a.n, co, yo, ci, yi, 16, 1, guard);
    // @layer memory
    for (Layer l : layers) {
        for (auto [conv, r] : l.convs) conv.compute_at(l.out, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    }
    a.fc.compute_at(a.logits, ci).store_in(MemoryType::Register);
    // @layer vector
    for (Layer l : layers) {
        l.out.unroll(cv);
        for (auto [conv, r] : l.convs) {
            conv.unroll(a.c);
            if (r.dimensions() == 3) {
                conv.update().reorder(a.c, r.y, r.z, r.x, a.col, a.row, a.n).unroll(a.c).unroll(r.y).unroll(r.z);
            } else {
                conv.update().reorder(a.c, r.x, a.col, a.row, a.n).unroll(a.c);
            }
        }
    }
    // @end
    return a.kernel();
}
