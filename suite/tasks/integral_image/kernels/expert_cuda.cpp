// Expert cuda schedule for `integral_image`: the column scan runs one thread per column in
// blocks of 128, so every step of the scan is one coalesced 512-byte row segment per block;
// the row scan runs one thread per row in blocks of 32 rows (its lines stay in L1 across the
// consecutive steps of a thread). The copies (the scans' initial values and the output) are
// 32x8 tiles of one thread per element, coalesced along rows.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    a.row_sum.compute_root();
    a.col_sum.compute_root();
    // @layer loops
    a.row_sum.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.row_sum.update().gpu_tile(a.y, yo, yi, 32, TailStrategy::GuardWithIf);
    a.col_sum.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.col_sum.update().gpu_tile(a.x, xo, xi, 128, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
