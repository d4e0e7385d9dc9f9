// Expert cuda schedule for `canny_front_u8`: four kernels of 32x8 thread blocks. (1) The
// rounded blur (clamped reads inlined). (2) The gradient magnitudes from the blur. (3) nms:
// each thread recomputes its own gradient for the sector test and suppresses against the
// magnitudes of its 3x3 neighbourhood (read through the L1 cache). (4) cls from nms.
// The magnitudes used to be computed per block into shared memory (at nms's block level):
// that failed every launch on NVIDIA GPUs (CUDA_ERROR_INVALID_VALUE), since the clamped
// border reads made the tile's bounds data-dependent and Halide sized the thread block from
// the whole image (far over 1024 threads).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.blur.compute_root();
    a.mag.compute_root();
    // clamped, blur_c, gx, gy, sector and mag_z are inlined.
    // @layer loops
    a.blur.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.mag.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.nms.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.cls.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
