// Expert opencl schedule for `jpeg_encode_front_islow`, every stage on the device:
//   row pass: one thread per (block, row), the color conversion (and the chroma
//             downsampling) of its 8 samples inlined, the 8 output frequencies in a loop;
//   column pass: one thread per (block, column), the 8 output frequencies in a loop;
//   quantization: one thread per coefficient.
// Thread blocks of 16 blocks x 8 rows or columns, 64 x 4 for the quantization; all tails
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy t = TailStrategy::GuardWithIf;
    Var o0{"o0"}, o1{"o1"}, o2{"o2"}, i0{"i0"}, i1{"i1"}, i2{"i2"};
    // @layer compute
    for (Func f : {a.row_l, a.col_l, a.row_c, a.col_c}) f.compute_root().bound(a.u, 0, 8).bound(a.v, 0, 8);
    a.y_coef.bound(a.i, 0, 64);
    a.c_coef.bound(a.i, 0, 64);
    // @layer loops
    // row passes: threads over (row v, block bx), the frequency u a loop; column passes:
    // threads over (column u, block bx), the frequency v a loop.
    a.row_l.reorder(a.u, a.v, a.bx, a.by).gpu_tile(a.v, a.bx, a.by, o0, o1, o2, i0, i1, i2, 8, 16, 1, t);
    a.col_l.reorder(a.v, a.u, a.bx, a.by).gpu_tile(a.u, a.bx, a.by, o0, o1, o2, i0, i1, i2, 8, 16, 1, t);
    a.row_c.reorder(a.u, a.v, a.bx, a.by, a.k).gpu_tile(a.v, a.bx, a.by, o0, o1, o2, i0, i1, i2, 8, 16, 1, t);
    a.col_c.reorder(a.v, a.u, a.bx, a.by, a.k).gpu_tile(a.u, a.bx, a.by, o0, o1, o2, i0, i1, i2, 8, 16, 1, t);
    a.y_coef.gpu_tile(a.i, a.bx, a.by, o0, o1, o2, i0, i1, i2, 64, 4, 1, t);
    a.c_coef.gpu_tile(a.i, a.bx, a.by, o0, o1, o2, i0, i1, i2, 64, 4, 1, t);
    // @end
    return a.kernel();
}
