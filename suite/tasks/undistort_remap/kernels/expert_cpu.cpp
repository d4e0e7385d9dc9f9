// Expert cpu schedule for `undistort_remap`: one pass (the map computed on the fly), parallel over strips of 8 rows,
// vectorized along x with natural float vectors. Per vector of output pixels the source
// coordinates are computed once (in registers) and shared by all channels (c innermost,
// unrolled for C = 3 and looped otherwise); the 4 taps are gathers with the zero-border test
// per lane.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer loops
    a.out.split(a.x, xo, xi, vec, TailStrategy::GuardWithIf)
        .reorder(xi, a.c, xo, a.y)
        .split(a.y, yo, yi, 8, TailStrategy::GuardWithIf)
        .parallel(yo);
    // @layer memory
    a.src_x.compute_at(a.out, xo);
    a.src_y.compute_at(a.out, xo);
    // @layer vector
    a.out.vectorize(xi);
    a.src_x.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.src_y.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
