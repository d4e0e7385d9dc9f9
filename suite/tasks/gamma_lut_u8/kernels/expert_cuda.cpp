// Expert cuda schedule for `gamma_lut_u8`: one kernel (index inlined) of 64x4 thread blocks.
// Each block first copies the 256-byte table into shared memory, then each thread looks up 4
// neighbouring pixels (one 32-bit load and store of the image per thread, coalesced across
// the warp) from the shared copy.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, xv{"xv"}, io{"io"}, ii{"ii"};
    // @layer compute
    Func table = a.lut.in();  // the table, staged per block; index is inlined into out
    // @layer loops
    a.out.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 64, 4, TailStrategy::GuardWithIf);
    // @layer memory
    table.compute_at(a.out, xo).store_in(MemoryType::GPUShared);
    table.split(table.args()[0], io, ii, 64).gpu_threads(ii, io);  // 64x4 threads, one entry each
    // @layer vector
    a.out.vectorize(xv);
    // @end
    return a.kernel();
}
