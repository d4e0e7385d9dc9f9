// Expert cpu schedule for `median3x3_u8`: one pass per strip of 32 rows, strips in parallel.
// Each strip first builds its clamp-to-edge copy of the 34 image rows it reads (the clamps
// partitioned out of the interior), then every output row runs the whole min/max network
// inlined over natural uint8 vectors (64 lanes with AVX-512), the sorted columns kept in
// registers instead of round-tripping through memory.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(UInt(8));
    const int rows = 32;
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // col_min, col_mid and col_max are inlined into out; clamped is built per strip (below).
    // @layer loops
    a.out.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    a.clamped.compute_at(a.out, yo);
    // @layer vector
    a.out.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.clamped.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
