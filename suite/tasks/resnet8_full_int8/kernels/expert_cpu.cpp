// Expert cpu schedule for `resnet8_full_int8`: one parallel pass per conv layer over small,
// cache-resident maps, as an inference runtime runs ResNet-8 layer by layer.
//   a0, h1, a1, h2, a2, h3, feat: each conv in register tiles of 1 vector of columns x 2
//      rows x 4 output channels of int32 accumulators, across all input channels and the 9
//      unrolled taps (one widened input load feeds 4 multiply-adds, one weight broadcast
//      2); the 1x1 stride-2 shortcut of a2 and feat accumulates in the same tile; the
//      per-channel requantizations, the quantized ADD and the ReLU clamp are fused into the
//      single int8 store (c12, c22, c32, sc2, sc3 are never stored). Row pairs run in
//      parallel.
//   pad_*: each map is copied once into its zero-padded frame (a few KB), so every tile reads
//      densely and may run past the right and bottom edges: the conv tiles are full size
//      everywhere (bound_extent, so they stay in registers), their extra columns and rows
//      read the frame (defined everywhere) and are never stored;
//   pool_sum, logits: the global average pool as a vectorized sum over each channel's map,
//      then the classifier (the rounded average and the requantization inlined).
// The maps are 8-32 columns wide, so vectors are at most 8 lanes of int32 even where the
// natural width is 16. All store tails use GuardWithIf.
#include <ekb/kernel.h>

#include <algorithm>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = std::min(target.natural_vector_size(Int(32)), 8);
    const int rows = 2, chans = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // (the stored map, the convs accumulated in its register tiles with their reductions)
    struct Layer {
        Func out;
        std::vector<std::pair<Func, RDom>> convs;
    };
    const std::vector<Layer> layers = {
        {a.a0, {{a.conv0, a.r0}}},
        {a.h1, {{a.conv11, a.r11}}},
        {a.a1, {{a.conv12, a.r12}}},
        {a.h2, {{a.conv21, a.r21}}},
        {a.a2, {{a.conv22, a.r22}, {a.sc2_acc, a.rs2}}},
        {a.h3, {{a.conv31, a.r31}}},
        {a.feat, {{a.conv32, a.r32}, {a.sc3_acc, a.rs3}}},
    };
    const std::vector<Func> frames = {a.pad_x, a.pad_a0, a.pad_h1, a.pad_a1, a.pad_h2, a.pad_a2, a.pad_h3};
    // @layer compute
    for (Layer l : layers) {
        if (l.out.name() != a.feat.name()) l.out.compute_root();
    }
    for (Func f : frames) f.compute_root();
    a.pool_sum.compute_root();
    // @layer loops
    for (Layer l : layers) {
        Func out = l.out;
        out.split(a.row, yo, yi, rows, guard)
            .split(a.c, co, ci, chans, guard)
            .split(a.col, xo, xi, vec, guard)
            .reorder(xi, ci, yi, xo, co, yo, a.n)
            .parallel(yo);
    }
    for (Func f : frames) f.parallel(a.row);
    // @layer memory
    for (Layer l : layers) {
        for (auto [conv, r] : l.convs) {
            conv.compute_at(l.out, xo).bound_extent(a.col, vec).bound_extent(a.row, rows);
        }
    }
    a.fc.compute_at(a.logits, a.n);
    // @layer vector
    for (Layer l : layers) {
        l.out.vectorize(xi).unroll(ci).unroll(yi);
        for (auto [conv, r] : l.convs) {
            conv.vectorize(a.col).unroll(a.row).unroll(a.c, chans, guard);
            if (r.dimensions() == 3) {
                conv.update()
                    .reorder(a.col, a.c, a.row, r.y, r.z, r.x, a.n)
                    .vectorize(a.col)
                    .unroll(a.c, chans, guard)
                    .unroll(a.row)
                    .unroll(r.y)
                    .unroll(r.z);
            } else {
                conv.update().reorder(a.col, a.c, a.row, r.x, a.n).vectorize(a.col).unroll(a.c, chans, guard).unroll(a.row);
            }
        }
    }
    for (Func f : frames) f.vectorize(a.col, vec, guard);
    a.pool_sum.vectorize(a.c, vec, guard);
    a.pool_sum.update().reorder(a.c, a.rp.x, a.rp.y, a.n).vectorize(a.c, vec, guard);
    a.logits.vectorize(a.o, vec, guard);
    // @end
    return a.kernel();
}
