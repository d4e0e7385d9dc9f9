// Expert opencl schedule for `global_maxpool`: an algorithm rewrite in two kernels. Kernel 1:
// the column maxima of every plane (colmax(x, c) = max over y), one work-item per column in
// work-groups of 32 columns x 4 channels (at each row, neighbouring work-items read neighbouring
// pixels). Kernel 2: one work-item per channel takes the maximum of its W column maxima.
#include <ekb/kernel.h>

#include "algorithm.h"

#include <limits>

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    // @layer compute
    Expr W = a.input.dim(0).extent(), H = a.input.dim(1).extent();
    RDom ry(1, H - 1, "ry"), rx(0, W, "rx");
    Func colmax("colmax"), best("best"), out("out");
    colmax(a.x, a.c, a.n) = a.input(a.x, 0, a.c, a.n);
    colmax(a.x, a.c, a.n) = max(colmax(a.x, a.c, a.n), a.input(a.x, ry, a.c, a.n));
    best(a.c, a.n) = -std::numeric_limits<float>::infinity();
    best(a.c, a.n) = max(best(a.c, a.n), colmax(rx, a.c, a.n));
    out(a.x, a.y, a.c, a.n) = best(a.c, a.n);
    Func colmax_out = colmax.in();  // the column maxima, written once
    colmax_out.compute_root();
    // @layer loops
    colmax_out.gpu_tile(a.x, a.c, xo, co, xi, ci, 32, 4, TailStrategy::GuardWithIf);
    out.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    // @layer memory
    colmax.compute_at(colmax_out, xi).store_in(MemoryType::Register);
    best.compute_at(out, ci).store_in(MemoryType::Register);
    // @end
    return {{a.input}, {out}};
}
