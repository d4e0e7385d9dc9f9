// Expert cpu schedule for `integral_image`: two parallel passes. The row scan runs over strips
// of 8 rows in parallel, the 8 rows' serial dependency chains interleaved (unrolled) so the
// adds overlap instead of waiting on each other. The column scan runs over strips of columns
// in parallel, each strip scanned down the image one vector of columns at a time, and
// written to the output right behind the scan while it is still in cache.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8, cols = 8 * vec;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    a.row_sum.compute_root();
    // col_sum is computed per strip of columns of out (below).
    // @layer loops
    a.row_sum.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf).parallel(yo);
    a.row_sum.update()
        .split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .reorder(yi, a.rx, yo)
        .parallel(yo);
    a.out.split(a.x, xo, xi, cols, TailStrategy::GuardWithIf).reorder(xi, a.y, xo).parallel(xo);
    // @layer memory
    a.col_sum.compute_at(a.out, xo);
    // @layer vector
    a.row_sum.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.row_sum.update().unroll(yi);
    a.col_sum.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.col_sum.update().vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.out.vectorize(xi, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
