// Naive schedule for `ssd_detection_head`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.padded, a.dw, a.h, a.box_conv, a.cls_conv, a.deltas, a.anchor, a.logits}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        // 16x16 pixels of one channel per work-group for the image-shaped stages; the
        // per-anchor stages tile (column, row) the same way, one pixel per work-item.
        Var xo, yo, co, xi, yi, ci;
        for (Func f : {a.dw, a.box_conv, a.cls_conv}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1,
                                TailStrategy::GuardWithIf);
        }
        for (Func f : {a.padded, a.h}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        a.anchor.gpu_tile(a.col, a.row, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        for (Func f : {a.deltas, a.boxes, a.logits, a.scores}) {
            f.gpu_tile(a.col, a.row, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
