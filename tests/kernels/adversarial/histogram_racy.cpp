// A racy scatter (task histogram_u8): allow_race_conditions() on the +1 updates, run in
// parallel over image rows and vectorized over columns. Two threads can read-modify-write
// one bin at the same time, and two lanes of one vector that hit the same bin keep one
// increment: the lane conflict fires whenever a vector of pixels repeats a bin (always on
// the adversarial "ties" set, where every pixel is one of 5 values); the thread race fires
// when the threads really run at once (not guaranteed on a loaded 2-core machine).
// Verification runs every set twice (bit-identical results required) and compares
// >= 4096 integer outputs exactly.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    a.counts.compute_root();
    a.counts.update().allow_race_conditions().parallel(a.r.y).vectorize(a.r.x, 16);
    if (ekb::is_gpu(target)) {
        Var bo, bi;
        a.counts.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
        a.hist.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    }
    return a.kernel();
}
