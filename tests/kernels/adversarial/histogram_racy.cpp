// A racy parallel scatter (task histogram_u8): the +1 updates run in parallel over image
// rows with allow_race_conditions(), so two threads can read-modify-write one bin at the
// same time and lose an increment. Whether the race fires depends on timing; verification
// runs every set twice (results must be bit-identical) and compares >= 4096 integer
// outputs exactly.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    a.counts.compute_root();
    a.counts.update().allow_race_conditions().parallel(a.r.y);
    if (ekb::is_gpu(target)) {
        Var bo, bi;
        a.counts.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
        a.hist.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    }
    return a.kernel();
}
