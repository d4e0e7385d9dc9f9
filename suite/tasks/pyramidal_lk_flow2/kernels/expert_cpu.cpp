// Expert cpu schedule for `pyramidal_lk_flow2`: each level fused over strips of rows, the
// strips in parallel, everything vectorized over columns. pyrDown: per strip of 8 level-1
// rows the 19 horizontally filtered full-resolution rows are computed once into a buffer
// (stride-2 columns: a dense load and a deinterleave) and filtered vertically. Each LK step:
// per strip of 16 rows the five gradient products (strip + 4 halo rows) and their 5-tap row
// sums go to small buffers in cache, the column sums and the 2x2 solve are fused into the
// store. The fine level's strip also warps its rows of frame2 (bilinear gather) into a
// buffer first; the upsampled coarse flow is read directly. Tails GuardWithIf, so any sizes
// work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var x = a.x, y = a.y, c = a.c, yo{"yo"}, yi{"yi"};
    // @layer compute
    for (Func f : {a.d1, a.d2, a.coarse.flow}) f.compute_root();
    // @layer loops
    for (Func f : {a.d1, a.d2}) f.split(y, yo, yi, 8, guard).parallel(yo);
    a.coarse.flow.split(y, yo, yi, 16, guard).parallel(yo);
    a.flow.split(y, yo, yi, 16, guard).reorder(x, yi, c, yo).parallel(yo);
    // @layer memory
    a.d1_rows.compute_at(a.d1, yo);
    a.d2_rows.compute_at(a.d2, yo);
    a.coarse.prod.compute_at(a.coarse.flow, yo);
    a.coarse.rows.compute_at(a.coarse.flow, yo);
    a.warped.compute_at(a.flow, yo);
    a.fine.prod.compute_at(a.flow, yo);
    a.fine.rows.compute_at(a.flow, yo);
    a.fine.flow.compute_at(a.flow, yo);
    // @layer vector
    for (Func f : {a.d1, a.d2, a.d1_rows, a.d2_rows, a.coarse.prod, a.coarse.rows, a.coarse.flow, a.warped,
                   a.fine.prod, a.fine.rows, a.fine.flow, a.flow})
        f.vectorize(x, vec, guard);
    // @end
    return a.kernel();
}
