// Expert cpu schedule for `rgb_to_yuv`: one pass, parallel over strips of 8 rows. Y, Cb and Cr
// are inlined; each vector of pixels loads its R, G and B once and writes all three output
// planes (the plane loop is unrolled, so the mux over planes disappears).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // luma, cb and cr are inlined into yuv; the output always has exactly 3 planes.
    a.yuv.bound(a.c, 0, 3);
    // @layer loops
    a.yuv.split(a.y, yo, yi, 8, TailStrategy::GuardWithIf)
        .split(a.x, xo, xi, 2 * vec, TailStrategy::GuardWithIf)
        .reorder(xi, a.c, xo, yi, yo)
        .parallel(yo);
    // @layer vector
    a.yuv.vectorize(xi).unroll(a.c);
    // @end
    return a.kernel();
}
