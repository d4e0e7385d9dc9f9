// Expert cuda schedule for `unsharp_mask`: one kernel of 32x8 thread blocks. Each block first
// computes the horizontal pass for its tile plus the 2-row halo above and below (32 x 12
// values) into shared memory, the clamp-to-edge reads inlined, then each thread writes one
// output pixel from five shared-memory rows and its input pixel (blur_y, sharp and the clamp
// inlined).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // clamped, blur_y and sharp are inlined; blur_x is computed per block (below).
    // @layer loops
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.blur_x.compute_at(a.out, xo).store_in(MemoryType::GPUShared);
    a.blur_x.gpu_threads(a.x, a.y);
    // @end
    return a.kernel();
}
