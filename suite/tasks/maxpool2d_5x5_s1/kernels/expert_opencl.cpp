// Expert opencl schedule for `maxpool2d_5x5_s1`: the separable rewrite in one kernel. Each
// work-group of 32x4 outputs (one channel) first writes the horizontal maxima of its
// 32 x 8 padded rows into local memory, then each work-item takes the maximum of 5 of
// them; the -inf border is a select inlined in the loads.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // An algorithm rewrite, separable (max is exact, so the result is bit-identical): rowmax =
    // the maximum of 5 horizontal neighbours of the -inf-padded input, then the maximum of 5
    // vertical neighbours of rowmax: 8 max per output instead of 24.
    Func rowmax("rowmax"), out("out");
    rowmax(a.x, a.y, a.c, a.n) = max(max(a.padded(a.x - 2, a.y, a.c, a.n), a.padded(a.x - 1, a.y, a.c, a.n)),
                                     max(a.padded(a.x, a.y, a.c, a.n), a.padded(a.x + 1, a.y, a.c, a.n)),
                                     a.padded(a.x + 2, a.y, a.c, a.n));
    out(a.x, a.y, a.c, a.n) = max(max(rowmax(a.x, a.y - 2, a.c, a.n), rowmax(a.x, a.y - 1, a.c, a.n)),
                                  max(rowmax(a.x, a.y, a.c, a.n), rowmax(a.x, a.y + 1, a.c, a.n)),
                                  rowmax(a.x, a.y + 2, a.c, a.n));
    // @layer loops
    out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @layer memory
    rowmax.compute_at(out, xo).store_in(MemoryType::GPUShared).gpu_threads(a.x, a.y);
    // @end
    return {{a.input}, {out}};
}
