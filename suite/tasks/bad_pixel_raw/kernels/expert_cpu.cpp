// Expert cpu schedule for `bad_pixel_raw`: one pass (lo, hi inlined), parallel over strips of
// 32 rows, vectorized along x over natural int16 vectors. The neighbour coordinates' selects
// are marked likely, so Halide partitions each row into border pieces and a select-free
// interior of plain shifted vector loads; the strip split is on y, so the interior rows of a
// strip also lose the y selects.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(16));
    Var yo{"yo"}, yi{"yi"};
    // @layer loops
    a.out.split(a.y, yo, yi, 32, TailStrategy::GuardWithIf).parallel(yo);
    // @layer vector
    a.out.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
