// Expert cpu schedule for `frame_energy_db`: one pass over the frames (sq inlined; the naive
// schedule materializes it), parallel over strips of 16 frames. Each frame's sum of squares
// runs over its contiguous samples right before its log; that loop is a plain serial float
// sum, which LLVM's loop vectorizer turns into several independent vector accumulators
// (Halide lets it reassociate float adds). An explicit rfactor into vector lanes measured
// slower here: frames of a few hundred samples pay its per-frame fold across lanes.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var fo{"fo"}, fi{"fi"};
    // @layer compute
    // sq is inlined; sum_sq is computed per frame of energy (memory, below).
    // @layer loops
    a.energy.split(a.f, fo, fi, 16, TailStrategy::GuardWithIf).parallel(fo);
    // @layer memory
    a.sum_sq.compute_at(a.energy, fi);
    // @end
    return a.kernel();
}
