// Expert cuda schedule for `canny_front_u8`: three kernels of 32x8 thread blocks. (1) The
// rounded blur (clamped reads inlined). (2) nms: each block first computes the gradient
// magnitudes of its tile plus a 1-pixel halo (34 x 10) into shared memory from the blur, then
// each thread recomputes its own gradient for the sector test and suppresses against the
// shared magnitudes. (3) cls from nms.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.blur.compute_root();
    // clamped, blur_c, gx, gy, sector and mag_z are inlined.
    // @layer loops
    a.blur.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.nms.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.cls.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.mag.compute_at(a.nms, xo).store_in(MemoryType::GPUShared).gpu_threads(a.x, a.y);
    // @end
    return a.kernel();
}
