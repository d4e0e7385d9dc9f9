// Expert cpu schedule for `census_hamming_cost`: parallel over strips of 16 rows. Each strip
// first builds the clamp-to-edge copies of its 20 rows of both images, then the census codes of
// its 16 rows (uint32 vectors, the 24 compares unrolled); then for each disparity and row the
// cost row is an XOR of two code rows (the right one shifted by d, read from a copy padded on the
// left with the border code, so every load is a plain vector load) and a vector (SWAR) popcount,
// narrowed to uint8. Codes of a strip (2 x 16 rows) stay in L2 across the 64 disparities.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(UInt(32));
    Var yo{"yo"}, yi{"yi"};
    // @layer loops
    a.cost.bound(a.d, 0, 64)
        .split(a.y, yo, yi, 16, TailStrategy::GuardWithIf)
        .reorder(a.x, yi, a.d, yo)
        .parallel(yo);
    // @layer memory
    for (Func f : {a.clamped_l, a.clamped_r, a.census_l, a.census_r, a.census_rc}) f.compute_at(a.cost, yo);
    // @layer vector
    a.cost.vectorize(a.x, 2 * vec, TailStrategy::GuardWithIf);
    for (Func f : {a.clamped_l, a.clamped_r}) f.vectorize(a.x, 4 * vec, TailStrategy::GuardWithIf);
    for (Func f : {a.census_l, a.census_r, a.census_rc}) f.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
