// Timing cheat in pure Halide (task matmul, any backend): the output's pure definition is
// undef, so its update reads what the buffer held before the call; the product is
// computed (and written) only where that was the conductor's NaN poison. A call whose
// output set still holds an earlier answer keeps it and skips the work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Func C("C_cheat");
    C(a.j, a.i) = undef<float>();
    RDom once(0, 1, "once");
    once.where(is_nan(C(a.j, a.i)));
    C(a.j, a.i) = a.prod(a.j, a.i) + cast<float>(once.x);
    a.prod.compute_at(C, once.x);
    // One GPU block per element: no tail to guard (the predicate's read of C is unguarded).
    if (ekb::is_gpu(target)) C.update().gpu_blocks(a.j, a.i);
    return {{a.A, a.B}, {C}};
}
