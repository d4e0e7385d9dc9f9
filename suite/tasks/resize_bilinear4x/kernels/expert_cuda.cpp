// Expert cuda schedule for `resize_bilinear4x`: the index and weight tables first (small kernels,
// one thread per output row or column), then one kernel for the output in 32x8 tiles with channels
// as the third grid dimension; each thread reads its table entries and the 4 input taps
// (neighbouring threads read neighbouring, mostly shared, pixels).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, io{"io"}, ii{"ii"}, ko{"ko"}, ki{"ki"};
    // @layer compute
    a.x0.compute_root().gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
    a.x1.compute_root().gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
    a.lx.compute_root().gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
    a.y0.compute_root().gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
    a.y1.compute_root().gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
    a.ly.compute_root().gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
    // @layer loops
    a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @end
    return a.kernel();
}
