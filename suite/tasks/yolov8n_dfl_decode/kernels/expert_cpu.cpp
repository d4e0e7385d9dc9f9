// Expert cpu schedule for `yolov8n_dfl_decode`: one pass over the anchors, in parallel
// chunks of 256. Per chunk, the DFL of the 4 sides is computed into a small scratch
// (vectorized across anchors, the 16 bins unrolled: one max, 16 exps shared by the
// denominator and the weighted numerator, one division), then the 4 box outputs and the NC
// class sigmoids are written vectorized across anchors. The algorithm is rewritten only to
// share the exps; anchors, strides and the three-level concat are the reference's.
// Every split is guarded (GuardWithIf), so any grid (down to 1x1 levels) and any class
// count work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var ao{"ao"}, ai{"ai"};
    // @layer compute
    Func dfl("dfl"), y("y_fast");
    {
        std::vector<Expr> l;
        for (int k = 0; k < task::kBins; k++) l.push_back(a.logit(a.a, task::kBins * a.j + k, a.n));
        Expr m = l[0];
        for (int k = 1; k < task::kBins; k++) m = max(m, l[k]);
        Expr den = 0.0f, num = 0.0f;
        for (int k = 0; k < task::kBins; k++) {
            Expr e = exp(l[k] - m);
            den += e;
            num += float(k) * e;
        }
        dfl(a.a, a.j, a.n) = num / den;
    }
    {
        Expr x1 = a.anchor_x(a.a) - dfl(a.a, 0, a.n), y1 = a.anchor_y(a.a) - dfl(a.a, 1, a.n);
        Expr x2 = a.anchor_x(a.a) + dfl(a.a, 2, a.n), y2 = a.anchor_y(a.a) + dfl(a.a, 3, a.n);
        Expr box = select(a.ch == 0, (x1 + x2) * 0.5f, a.ch == 1, (y1 + y2) * 0.5f,
                          a.ch == 2, x2 - x1, y2 - y1) * a.stride(a.a);
        Expr cls = 1.0f / (1.0f + exp(-a.logit(a.a, 4 * task::kBins + a.ch - 4, a.n)));
        y(a.a, a.ch, a.n) = select(a.ch < 4, box, cls);
    }
    // @layer loops
    y.split(a.a, ao, ai, 256, TailStrategy::GuardWithIf).reorder(ai, a.ch, ao, a.n).parallel(ao);
    // @layer memory
    dfl.compute_at(y, ao);
    // @layer vector
    y.vectorize(ai, vec, TailStrategy::GuardWithIf);
    dfl.vectorize(a.a, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.p3, a.p4, a.p5}, {y}};
}
