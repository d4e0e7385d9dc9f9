// Expert cpu schedule for `libcamera_swisp_debayer`: one pass, strips of rows in parallel,
// each output row vectorized over its columns: the neighbour sums and the CFA-phase selects
// for the three channels share their loads (channels unrolled; the CFA phases are per-lane
// blends), the three table lookups are vector gathers, the BGR bytes are stored interleaved.
// Every split is GuardWithIf, so any even size down to 2x2 works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // m and idx are inlined into out.
    a.out.bound(a.c, 0, 3);
    // @layer loops
    a.out.reorder(a.c, a.x, a.y).split(a.y, yo, yi, 16, guard).parallel(yo);
    // @layer vector
    a.out.vectorize(a.x, vec, guard).unroll(a.c);
    // @end
    return a.kernel();
}
