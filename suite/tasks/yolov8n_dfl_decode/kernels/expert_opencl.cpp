// Expert opencl schedule for `yolov8n_dfl_decode`: two kernels, every stage on the device.
//   dfl: one thread per (anchor, side): the 16 bin logits loaded once, one max, 16 exps
//        shared by the softmax denominator and the weighted numerator, one division;
//   y:   one thread per (anchor, output channel): the 4 box outputs read the 4 sides of the
//        anchor from dfl (anchor and stride computed from the index), the class channels
//        apply the sigmoid to the head logits.
// Threads are adjacent along the anchors (16 x 4 per block), so loads of each channel
// row are coalesced; all tails use GuardWithIf (levels down to 1x1, any class count).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var ao{"ao"}, ai{"ai"}, co{"co"}, ci{"ci"};
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
    dfl.compute_root();
    // @layer loops
    dfl.gpu_tile(a.a, a.j, ao, co, ai, ci, 16, 4, TailStrategy::GuardWithIf);
    y.gpu_tile(a.a, a.ch, ao, co, ai, ci, 16, 4, TailStrategy::GuardWithIf);
    // @end
    return {{a.p3, a.p4, a.p5}, {y}};
}
