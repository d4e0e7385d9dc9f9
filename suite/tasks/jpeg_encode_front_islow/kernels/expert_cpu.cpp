// Expert cpu schedule for `jpeg_encode_front_islow`, per row of blocks (8 luma rows, or 16
// for the chroma) in parallel, vectorized across the blocks of the row (one block per lane),
// as SIMD JPEG encoders batch their DCTs:
//   the color conversion (and for chroma the 2x2 downsampling) of the block row into a small
//   buffer, vectorized over columns;
//   the DCT's row pass, then its column pass, for every block of the row (one block per
//   lane, the frequencies and rows in loops);
//   the quantization, vectorized over the 64 coefficients of a block.
// Every split is GuardWithIf, so any frame of whole MCUs works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var u = a.u, v = a.v, bx = a.bx, by = a.by, k = a.k, i = a.i;
    // @layer compute
    // chroma is inlined into cds; everything else is stored per row of blocks (below).
    // @layer loops
    a.y_coef.parallel(by);
    a.c_coef.parallel(by);
    a.row_l.reorder(bx, u, v, by);
    a.col_l.reorder(bx, u, v, by);
    a.row_c.reorder(bx, u, v, k, by);
    a.col_c.reorder(bx, u, v, k, by);
    // @layer memory
    a.luma.compute_at(a.y_coef, by);
    a.cds.compute_at(a.c_coef, by);
    a.row_l.compute_at(a.y_coef, by);
    a.col_l.compute_at(a.y_coef, by);
    a.row_c.compute_at(a.c_coef, by);
    a.col_c.compute_at(a.c_coef, by);
    // @layer vector
    a.luma.vectorize(a.x, vec, guard);
    a.cds.vectorize(a.x, vec, guard);
    for (Func f : {a.row_l, a.col_l, a.row_c, a.col_c}) f.vectorize(bx, vec, guard);
    a.y_coef.vectorize(i, vec, guard);
    a.c_coef.vectorize(i, vec, guard);
    // @end
    return a.kernel();
}
