// Expert cuda schedule for `bad_pixel_raw`: one kernel of 32x8 thread blocks; each thread
// clamps its pixel to the range of its 4 same-colour neighbours, read directly from global
// memory (the halo's reuse is served by the L1 cache). A tile staged in shared memory
// (raw.in() computed at the block) failed every launch on NVIDIA GPUs
// (CUDA_ERROR_INVALID_VALUE): the neighbours' mirrored border coordinates make the tile's
// bounds data-dependent, so Halide sized its thread block and shared allocation from the
// whole image (image-wide thread blocks, far over 1024 threads).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // every stage inlined into out.
    // @layer loops
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
