// Expert opencl schedule for `ssd_detection_head`: three kernels, every stage on the device.
//   h: 16x4x4 work-groups over (columns, rows, channels), each work-item one depthwise
//      output, the zero pad inlined into its loads (a clamped load and a select), 9 taps
//      unrolled, bias + ReLU6 fused;
//   scores: work-items over (column, row), class group x anchor along the third grid
//      dimension, each accumulating 8 class logits of one anchor of its pixel in registers
//      across all C channels (one load of h feeds 8 FMAs, the weights are uniform across the
//      work-group), bias + sigmoid fused into the store;
//   boxes: work-items over (column, row), each accumulating all 12 box channels of its pixel
//      in registers across all C channels (one load of h feeds 12 FMAs), the anchor grid and
//      the center-size decode fused into the store of its 3 x 4 corners.
// Work-items are independent, which OpenCL CPU drivers such as PoCL vectorize across the
// work-group; all tails use GuardWithIf. The anchor and coordinate dimensions of the outputs
// are fixed (3 anchors, 4 coordinates), which the schedule states as bounds so that the box
// channels unroll.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int classes = 8, tb = 16, ty = 4;  // classes per thread; thread tile over (columns, rows)
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, ar{"ar"}, ko{"ko"}, kv{"kv"};
    a.boxes.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_bounds(0, task::A);
    a.scores.output_buffer().dim(1).set_bounds(0, task::A);
    // @layer compute
    // One kernel per output and one for h; padded, deltas, anchor and logits are inlined, the
    // convs live in registers of the work-items that consume them (below).
    a.h.compute_root();
    // @layer loops
    a.h.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 4, TailStrategy::GuardWithIf);
    a.scores.split(a.k, ko, kv, classes, TailStrategy::GuardWithIf)
        .reorder(kv, a.col, a.row, ko, a.a, a.n)
        .fuse(ko, a.a, ar)
        .gpu_tile(a.col, a.row, ar, xo, yo, co, xi, yi, ci, tb, ty, 1, TailStrategy::GuardWithIf);
    a.boxes.reorder(a.j, a.a, a.col, a.row, a.n)
        .gpu_tile(a.col, a.row, xo, yo, xi, yi, tb, ty, TailStrategy::GuardWithIf);
    a.cls_conv.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    a.box_conv.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    // @layer memory
    a.dw.compute_at(a.h, xi).store_in(MemoryType::Register);
    a.cls_conv.compute_at(a.scores, xi).store_in(MemoryType::Register).bound_storage(a.c, classes);
    a.box_conv.compute_at(a.boxes, xi).store_in(MemoryType::Register);
    // @layer vector
    a.dw.update().unroll(a.rk.x).unroll(a.rk.y);
    a.scores.unroll(kv);
    a.cls_conv.unroll(a.c);
    a.cls_conv.update().unroll(a.c);
    a.boxes.unroll(a.j).unroll(a.a);
    a.box_conv.unroll(a.c);
    a.box_conv.update().unroll(a.c);
    // @end
    return a.kernel();
}
