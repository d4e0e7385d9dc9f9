// Expert opencl schedule for `dlinear_moving_avg`: the cpu expert's rewrite (five sums of five
// samples) in one kernel, work-groups of 64 samples x 2 channels; each block first writes
// the five-sample sums its outputs need into local memory, then each work-item
// adds five of them.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var lo{"lo"}, co{"co"}, li{"li"}, ci{"ci"};
    // @layer compute
    // An algorithm rewrite: the 25-sample window as five sums of five (s5), so an output costs
    // 8 adds instead of 24: s5(l) = p(l) + ... + p(l + 4), out(l) = (s5(l - 12) + s5(l - 7) +
    // s5(l - 2) + s5(l + 3) + s5(l + 8)) / 25 over the edge-repeated series p.
    Func p("p"), s5("s5"), out("out");
    Expr L = a.input.dim(0).extent();
    p(a.l, a.c, a.n) = a.input(clamp(a.l, 0, L - 1), a.c, a.n);
    s5(a.l, a.c, a.n) = p(a.l, a.c, a.n) + p(a.l + 1, a.c, a.n) + p(a.l + 2, a.c, a.n) +
                        p(a.l + 3, a.c, a.n) + p(a.l + 4, a.c, a.n);
    out(a.l, a.c, a.n) = (s5(a.l - 12, a.c, a.n) + s5(a.l - 7, a.c, a.n) + s5(a.l - 2, a.c, a.n) +
                          s5(a.l + 3, a.c, a.n) + s5(a.l + 8, a.c, a.n)) / 25.0f;
    // @layer loops
    out.gpu_tile(a.l, a.c, lo, co, li, ci, 64, 2, TailStrategy::GuardWithIf);
    // @layer memory
    s5.compute_at(out, lo).store_in(MemoryType::GPUShared).gpu_threads(a.l, a.c);
    // @end
    return {{a.input}, {out}};
}
