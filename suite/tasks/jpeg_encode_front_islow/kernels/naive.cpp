// Naive schedule for `jpeg_encode_front_islow`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.luma, a.chroma, a.cds, a.row_l, a.col_l, a.row_c, a.col_c}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var o0, o1, i0, i1;
        const TailStrategy t = TailStrategy::GuardWithIf;
        for (Func f : {a.luma, a.chroma, a.cds}) f.gpu_tile(a.x, a.y, o0, o1, i0, i1, 16, 16, t);
        for (Func f : {a.row_l, a.col_l, a.row_c, a.col_c}) f.gpu_tile(a.bx, a.by, o0, o1, i0, i1, 16, 16, t);
        for (Func f : {a.y_coef, a.c_coef}) f.gpu_tile(a.bx, a.by, o0, o1, i0, i1, 16, 16, t);
    }
    // @end
    return a.kernel();
}
