// Expert cuda schedule for `blur_sobel`: one kernel of 32x8 thread blocks. Each block first
// computes the horizontal Gaussian pass for its tile plus the halo the two later stencils
// need (34 x 14 values, the clamp-to-edge reads inlined) into shared memory, then the
// vertical pass for the tile plus a 1-pixel halo (34 x 10) into shared memory, then each
// thread writes one output pixel, the Sobel magnitude of nine blurred values (gx, gy inlined).
// The blurred tile has a constant extent so the shared allocations are fixed-size.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // clamped, blur_clamped, gx and gy are inlined; blur_x and blur_y are staged per block.
    // @layer loops
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.blur_y.compute_at(a.out, xo).store_in(MemoryType::GPUShared)
        .bound_extent(a.x, 34).bound_extent(a.y, 10);
    a.blur_y.gpu_threads(a.x, a.y);
    a.blur_x.compute_at(a.out, xo).store_in(MemoryType::GPUShared);
    a.blur_x.gpu_threads(a.x, a.y);
    // @end
    return a.kernel();
}
