// Expert cpu schedule for `kws_mfcc_dscnn_e2e`:
//   front end: the windowed frames cut once (parallel over frames, vectorized); the 512 cos
//     and sin values tabulated; the 257 bins cut into blocks of 2 vectors, blocks in
//     parallel, each expanding its twiddles for all 480 samples once (bin innermost) and
//     keeping, per strip of 4 frames, 8 real and then 8 imaginary vector accumulators in
//     registers across the samples, the magnitude fused into the store; the mel filter bank
//     + log in register tiles of 1 vector of mel bins x 4 frames (one mel_w vector feeds 4
//     FMAs against broadcast magnitudes); the DCT (10 x M per frame) per frame;
//   DS-CNN (as in dscnn_kws): activations stored channel-innermost (the maps are 5 columns
//     wide), conv1 and the pointwise convs in register tiles of 1 vector of output channels
//     x 4 rows across the whole reduction, the depthwise convs one vector of channels per
//     pixel with the 9 taps unrolled, bias + ReLU fused into every store, each layer
//     parallel over its row tiles; the weights copied once transposed (output channel
//     innermost).
// All splits are guarded (GuardWithIf), so any shape (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    using A = task::Algorithm;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4;  // frames / rows per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var ko{"ko"}, ki{"ki"}, to{"to"}, ti{"ti"}, co{"co"}, ci{"ci"}, ro{"ro"}, ri{"ri"}, mo{"mo"}, mi{"mi"};
    // @layer compute
    for (Func f : {a.frame, a.cos_tab, a.sin_tab, a.mag, a.logmel, a.dct, a.mfcc, a.x_padded, a.pool_sum}) {
        f.compute_root();
    }
    a.a0.compute_root().reorder_storage(a.c, a.col, a.row, a.b);
    for (int i = 0; i < A::blocks; i++) {
        for (Func f : {a.d[i], a.act[i]}) f.compute_root().reorder_storage(a.c, a.col, a.row, a.b);
    }
    // The weights, transposed once: output channel innermost.
    {
        Func wt = a.w1.in();
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
        Func dwt = a.dw_w.in();
        v = dwt.args();
        dwt.compute_root().reorder_storage(v[3], v[0], v[1], v[2], v[4]);
        Func pwt = a.pw_w.in();
        v = pwt.args();
        pwt.compute_root().reorder_storage(v[3], v[2], v[0], v[1], v[4]);
    }
    // @layer loops
    a.frame.parallel(a.t);
    a.mag.split(a.k, ko, ki, 2 * vec, guard).split(a.t, to, ti, rows, guard).reorder(ki, ti, to, ko).parallel(ko);
    a.cos_tw.reorder(a.k, a.n);
    a.sin_tw.reorder(a.k, a.n);
    a.logmel.split(a.m, mo, mi, vec, guard).split(a.t, to, ti, rows, guard).reorder(mi, ti, mo, to).parallel(to);
    a.mfcc.parallel(a.t);
    for (Func f : {a.a0, a.act[0], a.act[1], a.act[2], a.act[3]}) {
        f.split(a.c, co, ci, vec, guard).split(a.row, ro, ri, rows, guard).reorder(ci, ri, co, a.col, ro, a.b).parallel(ro);
    }
    for (int i = 0; i < A::blocks; i++) {
        a.d[i].split(a.c, co, ci, vec, guard).reorder(ci, co, a.col, a.row, a.b).parallel(a.row);
        a.dw[i].update().reorder(a.c, a.r3.x, a.r3.y, a.col, a.row, a.b);
        a.pw[i].update().reorder(a.c, a.row, a.rc, a.col, a.b);
    }
    a.conv1.update().reorder(a.c, a.row, a.r1.x, a.r1.y, a.col, a.b);
    a.pool_sum.update().reorder(a.c, a.rp.x, a.rp.y, a.b);
    // @layer memory
    a.cos_tw.compute_at(a.mag, ko).reorder_storage(a.k, a.n);
    a.sin_tw.compute_at(a.mag, ko).reorder_storage(a.k, a.n);
    for (Func f : {a.re, a.im}) f.compute_at(a.mag, to).bound_extent(a.k, 2 * vec).bound_storage(a.t, rows);
    a.mel.compute_at(a.logmel, mo).bound_storage(a.m, vec).bound_storage(a.t, rows);
    a.mfcc_sum.compute_at(a.mfcc, a.t);
    a.conv1.compute_at(a.a0, co);
    for (int i = 0; i < A::blocks; i++) {
        a.pw[i].compute_at(a.act[i], co);
        a.dw[i].compute_at(a.d[i], co).reorder_storage(a.c, a.col, a.row, a.b).bound_storage(a.c, vec);
    }
    for (Func f : {a.conv1, a.pw[0], a.pw[1], a.pw[2], a.pw[3]}) {
        f.reorder_storage(a.c, a.row, a.col, a.b).bound_storage(a.c, vec).bound_storage(a.row, rows);
    }
    a.fc.compute_root();
    // @layer vector
    a.frame.vectorize(a.n, vec, guard);
    a.cos_tw.vectorize(a.k, vec);
    a.sin_tw.vectorize(a.k, vec);
    a.mag.vectorize(ki, vec, guard).unroll(ti);
    for (Func f : {a.re, a.im}) {
        f.vectorize(a.k, vec).unroll(a.k).unroll(a.t);
        f.update().reorder(a.k, a.t, a.rn).vectorize(a.k, vec).unroll(a.k).unroll(a.t);
    }
    a.logmel.vectorize(mi).unroll(ti);
    a.mel.vectorize(a.m, vec, guard).unroll(a.t);
    a.mel.update().reorder(a.m, a.t, a.rk).vectorize(a.m, vec, guard).unroll(a.t);
    for (Func f : {a.a0, a.act[0], a.act[1], a.act[2], a.act[3]}) f.vectorize(ci).unroll(ri);
    for (Func f : {a.conv1, a.pw[0], a.pw[1], a.pw[2], a.pw[3]}) {
        f.vectorize(a.c, vec, guard).unroll(a.row);
        f.update().vectorize(a.c, vec, guard).unroll(a.row);
    }
    for (int i = 0; i < A::blocks; i++) {
        a.d[i].vectorize(ci);
        a.dw[i].vectorize(a.c, vec, guard);
        a.dw[i].update().vectorize(a.c, vec, guard).unroll(a.r3.x).unroll(a.r3.y);
    }
    a.pool_sum.vectorize(a.c, vec, guard);
    a.pool_sum.update().vectorize(a.c, vec, guard);
    // @end
    return a.kernel();
}
