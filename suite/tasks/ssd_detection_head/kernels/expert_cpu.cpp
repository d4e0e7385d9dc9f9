// Expert cpu schedule for `ssd_detection_head`: the depthwise stage once, then the two 1x1
// heads with their epilogues fused, each in parallel over rows.
//   h: channels in parallel; per channel the zero-padded plane is copied once and the 9 taps
//      run unrolled over vectors of columns, bias + ReLU6 fused;
//   scores: per row, the class conv is computed into a row buffer laid out like the scores
//      (class channel innermost), in tiles of 1 vector of channels x 8 columns that keep
//      their 8 vector accumulators in registers across all C channels (one dense load of
//      transposed class weights and 8 broadcasts of h per channel); then bias + sigmoid run
//      over the row as dense vectors of classes;
//   boxes: per row, the box conv is computed into a row buffer in tiles of 8 columns x all
//      12 box channels (12 column vectors in registers across all C channels), then the
//      anchor grid and the center-size decode are fused into the store of each pixel's
//      3 x 4 corners (coordinates as a 4-lane vector).
// Register tiles need constant extents, so the tiles shift inwards at the row's end where
// the row holds a full tile (8 columns, a vector of class channels); smaller heads fall back
// to guarded tiles. The anchor and coordinate dimensions of the outputs are fixed (3
// anchors, 4 coordinates), which the schedule states as bounds.
#include <ekb/kernel.h>

#include <algorithm>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int cvec = std::min(vec, 8);  // column vectors: feature maps are 5-19 columns wide
    const TailStrategy guard = TailStrategy::GuardWithIf, shift = TailStrategy::ShiftInwards;
    const Expr W = a.f.dim(0).extent(), CH = a.w_cls.dim(3).extent();  // CH = 3 * NC
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    a.boxes.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_bounds(0, task::A);
    a.scores.output_buffer().dim(1).set_bounds(0, task::A);
    // @layer compute
    // h is stored whole (it feeds both heads); cls_rows and box_rows are per-row buffers of
    // the convs, which live in register tiles of them; deltas, anchor and logits are inlined.
    a.h.compute_root();
    Func cls_rows = a.cls_conv.in(), box_rows = a.box_conv.in();
    // @layer loops
    a.h.parallel(a.c);
    a.scores.parallel(a.row);
    a.boxes.parallel(a.row);
    const Expr full = W >= 8 && CH >= vec;
    cls_rows.specialize(full)
        .split(a.c, co, ci, vec, shift)
        .split(a.col, xo, xi, 8, shift)
        .reorder(ci, xi, co, xo, a.row, a.n);
    cls_rows.split(a.c, co, ci, vec, guard).split(a.col, xo, xi, 8, guard).reorder(ci, xi, co, xo, a.row, a.n);
    box_rows.specialize(W >= 8).split(a.col, xo, xi, 8, shift).reorder(xi, a.c, xo, a.row, a.n);
    box_rows.split(a.col, xo, xi, 8, guard).reorder(xi, a.c, xo, a.row, a.n);
    // @layer memory
    a.padded.compute_at(a.h, a.c);
    a.dw.compute_at(a.h, a.row);
    cls_rows.compute_at(a.scores, a.row).reorder_storage(a.c, a.col, a.row, a.n);
    box_rows.compute_at(a.boxes, a.row).reorder_storage(a.c, a.col, a.row, a.n);
    a.cls_conv.compute_at(cls_rows, co)
        .reorder_storage(a.c, a.col, a.row, a.n)
        .bound_storage(a.c, vec)
        .bound_storage(a.col, 8);  // constant-size tile: the accumulators stay in registers
    a.box_conv.compute_at(box_rows, xo).bound_storage(a.col, 8).bound_storage(a.c, 4 * task::A);
    // The class weights, transposed once so that a vector of output channels is one load.
    Func wt = a.w_cls.in(a.cls_conv);
    std::vector<Var> v = wt.args();
    wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    // @layer vector
    a.padded.vectorize(a.col, cvec, guard);
    a.h.vectorize(a.col, cvec, guard);
    a.dw.vectorize(a.col, cvec, guard);
    a.dw.update().reorder(a.col, a.rk.x, a.rk.y).vectorize(a.col, cvec, guard).unroll(a.rk.x).unroll(a.rk.y);
    a.scores.vectorize(a.k, vec, guard);
    cls_rows.specialize(full).vectorize(ci).unroll(xi);
    cls_rows.vectorize(ci).unroll(xi);
    a.cls_conv.reorder(a.c, a.col, a.row, a.n).vectorize(a.c, vec, guard).unroll(a.col);
    a.cls_conv.update().reorder(a.c, a.col, a.rc, a.row, a.n).vectorize(a.c, vec, guard).unroll(a.col);
    a.boxes.vectorize(a.j).unroll(a.a);
    box_rows.specialize(W >= 8).vectorize(xi);
    box_rows.vectorize(xi);
    a.box_conv.vectorize(a.col, 8, guard).unroll(a.c);
    a.box_conv.update().reorder(a.col, a.c, a.rc, a.row, a.n).vectorize(a.col, 8, guard).unroll(a.c);
    // @end
    return a.kernel();
}
