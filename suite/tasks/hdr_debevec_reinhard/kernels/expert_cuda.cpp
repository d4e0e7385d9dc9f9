// Expert cuda schedule for `hdr_debevec_reinhard`, every stage on the device:
//   E:      one thread per pixel: the exposures' weights and the weighted log-radiance sums
//           of the 3 channels in registers, exp (channels unrolled);
//   rowsum: one thread per row sums log(L + 1e-6) over its row (L inlined from E);
//   lsum:   the frame sum of the row sums, in one GPU thread;
//   out:    one thread per pixel: 0.18 / Lavg, the Reinhard curve, the ratio and the gamma
//           for the 3 channels (unrolled).
// 32x8-thread blocks, threads adjacent along the columns; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy t = TailStrategy::GuardWithIf;
    Var o0{"o0"}, o1{"o1"}, i0{"i0"}, i1{"i1"};
    // @layer compute
    a.E.compute_root().bound(a.c, 0, 3);
    a.rowsum.compute_root();
    a.lsum.compute_root();
    a.out.bound(a.c, 0, 3);
    // @layer loops
    a.E.reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, o0, o1, i0, i1, 32, 8, t);
    a.rowsum.gpu_tile(a.y, o0, i0, 64, t);
    a.rowsum.update().gpu_tile(a.y, o0, i0, 64, t);
    a.lsum.gpu_single_thread();
    a.lsum.update().gpu_single_thread();
    a.out.reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, o0, o1, i0, i1, 32, 8, t);
    // @layer memory
    a.num.compute_at(a.E, i0);
    a.den.compute_at(a.E, i0);
    // @layer vector
    a.E.unroll(a.c);
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
