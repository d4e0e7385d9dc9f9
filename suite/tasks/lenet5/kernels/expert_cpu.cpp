// Expert cpu schedule for `lenet5`: the whole network per image, images in parallel (a batch-1
// call runs on one core: LeNet-5 is ~0.4 MMAC, less than waking a thread pool per layer
// costs): two conv passes with the ReLU and the 2x2 max pool fused into their stores, then
// three GEMVs, every intermediate per image in cache.
//   pool1, pool2: each pooled output tile (1 row x v columns x 4 channels) computes its conv
//      window (2 rows x 2v columns x 4 channels) in registers: the pure dims are unrolled
//      inside the reduction (taps, then input channels), so every input load feeds 4 FMAs
//      per channel group; the bias is the initial value, the ReLU and the 2x2 max are
//      applied before the only store. The column tiles shift inwards (a constant v, so the window stays in
//      registers and inside the valid region): pooled maps at least 8 wide use v = 8
//      columns, narrower ones a guarded 4-lane fallback;
//   fc1, fc2, fc3: strips of 8 output features; each strip's 8 dot products
//      accumulate in 8 vectors of partial sums (rfactor over the lanes), folded at the end;
//      bias as initial value, ReLU fused into the store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 4, rows = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"}, oo{"oo"}, oi{"oi"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // pool1, pool2 and the fc activations are stored per image (below); convs live in
    // register tiles of the pools, the ReLUs are inlined.
    const std::vector<std::tuple<Func, Func, RDom>> fcs = {{a.act1, a.fc1, a.r3}, {a.act2, a.fc2, a.r4}, {a.y, a.fc3, a.r5}};
    std::vector<Func> lanes;
    for (auto [out, fc, rd] : fcs) lanes.push_back(fc.update().split(rd.x, ko, ki, vec, guard).rfactor(ki, u));
    // @layer loops
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    auto widths = [&](Expr Q) {
        return std::vector<Width>{{Q >= 8, 8, TailStrategy::ShiftInwards}, {Expr(), 4, guard}};
    };
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    const Expr Q1 = (a.x.dim(0).extent() - 4) / 2, Q2 = (Q1 - 4) / 2;  // the pooled widths
    // pool -> (its conv, the conv's reduction, the pooled width)
    for (auto [pool, conv, rd, Q] : {std::tuple{a.pool1, a.conv1, a.r1, Q1}, std::tuple{a.pool2, a.conv2, a.r2, Q2}}) {
        for (const Width &w : widths(Q)) {
            at(pool, w)
                .split(a.c, co, ci, chans, guard)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, a.row, co, a.n);
            // memory: the conv window of one pooled tile, in registers
            // (the guarded fallback's window is not of constant width: its columns stay a loop)
            const bool tile = w.cond.defined();
            at(conv, w).vectorize(a.col, w.v, guard).unroll(a.row).unroll(a.c, chans, guard);
            if (tile) at(conv, w).unroll(a.col);
            Stage upd = at(conv, w, 0);
            if (rd.dimensions() == 3) {
                upd.reorder(a.col, a.row, a.c, rd.x, rd.y, rd.z);
            } else {
                upd.reorder(a.col, a.row, a.c, rd.x, rd.y);
            }
            upd.vectorize(a.col, w.v, guard).unroll(a.row).unroll(a.c, chans, guard).unroll(rd.x);
            if (tile) upd.unroll(a.col);
            at(pool, w).vectorize(xi).unroll(ci);
        }
        conv.compute_at(pool, xo);
    }
    for (auto [out, fc, rd] : fcs) out.split(a.o, oo, oi, rows, guard).reorder(oi, oo, a.n);
    a.y.parallel(a.n);
    // @layer memory
    for (Func f : {a.pool1, a.pool2, a.act1, a.act2}) f.compute_at(a.y, a.n);
    for (size_t i = 0; i < fcs.size(); i++) {
        auto [out, fc, rd] = fcs[i];
        fc.compute_at(out, oo);
        lanes[i].compute_at(out, oo).reorder_storage(u, a.o, a.n);
    }
    // @layer vector
    for (size_t i = 0; i < fcs.size(); i++) {
        auto [out, fc, rd] = fcs[i];
        out.vectorize(oi, rows, guard);
        lanes[i].vectorize(u);
        lanes[i].update().reorder(u, a.o, ko, a.n).vectorize(u).unroll(a.o);
        fc.vectorize(a.o, rows, guard);
        fc.update().atomic().vectorize(ki);
    }
    // @end
    return a.kernel();
}
