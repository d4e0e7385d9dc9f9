// Expert cuda schedule for `harris_response`: one kernel of 32x8 thread blocks. Each block
// first computes both Sobel gradients for its tile plus a 1-pixel halo (34 x 10 values each,
// the clamp-to-edge reads of img inlined) into shared memory, then each thread forms the
// three products of its 3x3 neighbourhood from shared memory, their box sums in registers,
// and writes det - k*trace^2 (products, box sums and response inlined). The gradient tiles
// have a constant extent so the shared allocations are fixed-size.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // clamped, the products and the box sums are inlined; ix and iy are staged per block.
    // @layer loops
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    for (Func f : {a.ix, a.iy}) {
        f.compute_at(a.out, xo).store_in(MemoryType::GPUShared).bound_extent(a.x, 34).bound_extent(a.y, 10);
        f.gpu_threads(a.x, a.y);
    }
    // @end
    return a.kernel();
}
