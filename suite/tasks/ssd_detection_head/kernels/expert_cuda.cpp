// Expert cuda schedule for `ssd_detection_head`: three kernels, every stage on the device.
//   h: 32x4x2-thread blocks over (columns, rows, channels), each thread one depthwise
//      output, the zero pad inlined into its loads (a clamped load and a select), 9 taps
//      unrolled, bias + ReLU6 fused;
//   scores: one thread per (pixel, class, anchor): 16x4-thread blocks over (columns, rows),
//      class x anchor fused along the grid's z dimension; each thread accumulates its logit
//      in a register across all C channels, bias + sigmoid fused into the store;
//   boxes: one thread per (pixel, anchor): 16x4-thread blocks over (columns, rows), anchor
//      along the grid's z dimension; each thread accumulates the 4 box channels of its anchor
//      in registers across all C channels (one load of h feeds 4 FMAs), the anchor grid and
//      the center-size decode fused into the store of its 4 corners.
// Threads are adjacent along the columns, so loads of h are contiguous across them and the
// weights are uniform across a block; all tails use GuardWithIf. An earlier version gave each
// thread 8 classes (scores) or all 12 box channels (boxes) of 32x8 pixel tiles: on the small
// maps of this head (5x5 to 19x19) that was a few blocks in all, and it ran at 0.37x of the
// naive schedule on the H200. The anchor and coordinate dimensions of the outputs are fixed
// (3 anchors, 4 coordinates), which the schedule states as bounds so that the box channels
// unroll.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"};
    Var ka{"ka"};
    a.boxes.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_bounds(0, task::A);
    a.scores.output_buffer().dim(1).set_bounds(0, task::A);
    // @layer compute
    // One kernel per output and one for h; padded, deltas, anchor and logits are inlined, the
    // convs live in registers of the threads that consume them (below).
    a.h.compute_root();
    // @layer loops
    a.h.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 2, TailStrategy::GuardWithIf);
    a.scores.fuse(a.k, a.a, ka)
        .reorder(a.col, a.row, ka, a.n)
        .gpu_tile(a.col, a.row, ka, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    a.boxes.reorder(a.j, a.col, a.row, a.a, a.n)
        .gpu_tile(a.col, a.row, a.a, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    a.cls_conv.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    a.box_conv.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    // @layer memory
    a.dw.compute_at(a.h, xi).store_in(MemoryType::Register);
    a.cls_conv.compute_at(a.scores, xi).store_in(MemoryType::Register).bound_storage(a.c, 1);
    a.box_conv.compute_at(a.boxes, xi).store_in(MemoryType::Register).bound_storage(a.c, 4);
    // @layer vector
    a.dw.update().unroll(a.rk.x).unroll(a.rk.y);
    a.boxes.unroll(a.j);
    a.box_conv.unroll(a.c);
    a.box_conv.update().unroll(a.c);
    // @end
    return a.kernel();
}
