// Naive schedule for `range_doppler`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> tables = {a.cos_n, a.sin_n, a.cos_c, a.sin_c};
    const std::vector<Func> sums = {a.range_re, a.range_im, a.dop_re, a.dop_im};
    // @layer compute
    for (Func f : tables) f.compute_root();
    for (Func f : sums) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var mo, mi, ko, yo, ki, yi;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (Func f : tables) f.gpu_tile(a.m, mo, mi, 64, guard);
        for (Func f : {a.range_re, a.range_im}) {
            f.gpu_tile(a.k, a.c, ko, yo, ki, yi, 16, 16, guard);
            f.update().gpu_tile(a.k, a.c, ko, yo, ki, yi, 16, 16, guard);
        }
        for (Func f : {a.dop_re, a.dop_im}) {
            f.gpu_tile(a.k, a.d, ko, yo, ki, yi, 16, 16, guard);
            f.update().gpu_tile(a.k, a.d, ko, yo, ki, yi, 16, 16, guard);
        }
        a.map.gpu_tile(a.k, a.d, ko, yo, ki, yi, 16, 16, guard);
    }
    // @end
    return a.kernel();
}
