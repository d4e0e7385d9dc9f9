// Expert cpu schedule for `yolov8n_dfl_decode`: the decode runs per level on the level's own
// grid, so no anchor index is ever divided back into (column, row) and every load of the head
// output is a dense row:
//   dfl_L (per level L): the DFL of the 4 sides of every grid cell, rows in parallel,
//        vectorized over columns, the 16 bins unrolled (one max, 16 exps shared by the
//        softmax denominator and the weighted numerator, one division);
//   y:   written by three update stages, one per level, each over the level's grid (the
//        concat never materialized): output channels in parallel, columns vectorized; the 4
//        box channels combine the anchor (column + 0.5, row + 0.5), the stride and dfl_L,
//        the class channels apply the sigmoid to the head logits.
// Every vector is guarded (GuardWithIf), so any grid (down to 1x1 levels) and any class count
// work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var col{"col"}, row{"row"}, j = a.j, n = a.n;
    // @layer compute
    ImageParam levels[3] = {a.p3, a.p4, a.p5};
    const float strides[3] = {8.0f, 16.0f, 32.0f};
    Func y("y_fast");
    y(a.a, a.ch, n) = undef<float>();
    Expr offset = 0;
    std::vector<Func> dfls;
    std::vector<RDom> grids;
    for (int L = 0; L < 3; L++) {
        ImageParam p = levels[L];
        Func dfl("dfl_" + std::to_string(L));
        std::vector<Expr> l;
        for (int k = 0; k < task::kBins; k++) l.push_back(p(col, row, task::kBins * j + k, n));
        Expr m = l[0];
        for (int k = 1; k < task::kBins; k++) m = max(m, l[k]);
        Expr den = 0.0f, num = 0.0f;
        for (int k = 0; k < task::kBins; k++) {
            Expr e = exp(l[k] - m);
            den += e;
            num += float(k) * e;
        }
        dfl(col, row, j, n) = num / den;
        Expr W = p.dim(0).extent(), H = p.dim(1).extent();
        RDom g(0, W, 0, H, "g" + std::to_string(L));
        Expr ax = cast<float>(g.x) + 0.5f, ay = cast<float>(g.y) + 0.5f;
        Expr x1 = ax - dfl(g.x, g.y, 0, n), y1 = ay - dfl(g.x, g.y, 1, n);
        Expr x2 = ax + dfl(g.x, g.y, 2, n), y2 = ay + dfl(g.x, g.y, 3, n);
        Expr box = select(a.ch == 0, (x1 + x2) * 0.5f, a.ch == 1, (y1 + y2) * 0.5f,
                          a.ch == 2, x2 - x1, y2 - y1) * strides[L];
        Expr cls = 1.0f / (1.0f + exp(-p(g.x, g.y, 4 * task::kBins + max(a.ch - 4, 0), n)));
        y(offset + g.y * W + g.x, a.ch, n) = select(a.ch < 4, box, cls);
        offset += W * H;
        dfls.push_back(dfl);
        grids.push_back(g);
    }
    for (Func d : dfls) d.compute_root();
    // @layer loops
    for (Func d : dfls) d.reorder(col, j, row, n).parallel(row);
    for (int L = 0; L < 3; L++) y.update(L).reorder(grids[L].x, grids[L].y, a.ch, n).parallel(a.ch);
    // @layer vector
    for (Func d : dfls) d.vectorize(col, vec, TailStrategy::GuardWithIf);
    // Each (column, row) of a level writes its own anchor offset + row * W + column with
    // column < W, so the vector lanes never collide; Halide cannot prove this for a symbolic
    // W, hence allow_race_conditions (there are none).
    for (int L = 0; L < 3; L++) {
        y.update(L).allow_race_conditions().vectorize(grids[L].x, vec, TailStrategy::GuardWithIf);
    }
    // @end
    return {{a.p3, a.p4, a.p5}, {y}};
}
