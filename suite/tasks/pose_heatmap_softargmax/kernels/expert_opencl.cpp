// Expert opencl schedule for `pose_heatmap_softargmax`: six kernels, every stage on the device,
// the zero padding of feat inlined into the loads.
//   h: the 3x3 conv + ReLU, 16x4-thread blocks over (columns, rows), channel groups of 4
//      along z, each thread 4 channels of one pixel in registers across all C input
//      channels and the 9 taps (kx unrolled);
//   hm: the 1x1 conv, the same blocks, each thread 4 heatmaps of one pixel in registers;
//   mx, coords: two-level reductions: one thread per (heatmap row, keypoint) reduces its row
//      (the row maximum; then the row's sums of e, e * col, e * row in one pass, the
//      exponentials computed once), and one thread per keypoint folds the rows.
// All tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"}, v{"v"}, vm{"vm"};
    // @layer compute
    Func sums("sums");
    sums(a.k, a.n) = Tuple(0.0f, 0.0f, 0.0f);
    {
        Expr ev = a.e(a.rp.x, a.rp.y, a.k, a.n);
        sums(a.k, a.n) = Tuple(sums(a.k, a.n)[0] + ev, sums(a.k, a.n)[1] + ev * cast<float>(a.rp.x),
                               sums(a.k, a.n)[2] + ev * cast<float>(a.rp.y));
    }
    Func coords("coords_fast");
    coords(a.j, a.k, a.n) = select(a.j == 0, sums(a.k, a.n)[1], sums(a.k, a.n)[2]) / sums(a.k, a.n)[0];
    Func rows = sums.update().rfactor(a.rp.y, v);     // per-row partial sums
    Func mrows = a.mx.update().rfactor(a.rp.y, vm);   // per-row maxima
    a.h.compute_root();
    a.mx.compute_root();
    mrows.compute_root();
    rows.compute_root();
    sums.compute_root();
    // @layer loops
    for (Func f : {a.h, a.hm}) {
        f.split(a.c, a.c, cv, chans, guard)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, guard);
    }
    mrows.gpu_tile(vm, a.k, yo, co, yi, ci, 32, 4, guard);
    mrows.update().gpu_tile(vm, a.k, yo, co, yi, ci, 32, 4, guard);
    rows.gpu_tile(v, a.k, yo, co, yi, ci, 32, 4, guard);
    rows.update().gpu_tile(v, a.k, yo, co, yi, ci, 32, 4, guard);
    a.mx.gpu_tile(a.k, a.n, co, yo, ci, yi, 32, 1, guard);
    a.mx.update().gpu_tile(a.k, a.n, co, yo, ci, yi, 32, 1, guard);
    sums.gpu_tile(a.k, a.n, co, yo, ci, yi, 32, 1, guard);
    sums.update().gpu_tile(a.k, a.n, co, yo, ci, yi, 32, 1, guard);
    coords.gpu_tile(a.j, a.k, xo, co, xi, ci, 2, 16, guard);
    // @layer memory
    a.conv1.compute_at(a.h, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    a.conv2.compute_at(a.hm, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    // @layer vector
    for (Func f : {a.h, a.hm}) f.unroll(cv);
    a.conv1.unroll(a.c);
    a.conv1.update().reorder(a.c, a.r1.y, a.r1.z, a.r1.x, a.col, a.row, a.n).unroll(a.c).unroll(a.r1.y);
    a.conv2.unroll(a.c);
    a.conv2.update().reorder(a.c, a.r2, a.col, a.row, a.n).unroll(a.c);
    // @end
    return {{a.feat, a.w1, a.b1, a.w2, a.b2}, {a.hm, coords}};
}
