// Expert cuda schedule for `spectral_gate`: two kernels, one per output, as 32x8-thread
// blocks, threads adjacent along the bins so that every load and store is coalesced across a
// warp; power, the floored subtraction and the gain are inlined into both (recomputing a sqrt
// and a division is cheaper than a T x F gain buffer written and read back). Fusing the two
// outputs into one kernel with compute_with hits a Halide 14 internal error (PartitionLoops)
// with guarded GPU tiles. Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var fo{"fo"}, to{"to"}, fi{"fi"}, ti{"ti"};
    // @layer compute
    // power, clean and gain are inlined into both outputs.
    // @layer loops
    for (Func out : {a.out_re, a.out_im}) {
        out.gpu_tile(a.f, a.t, fo, to, fi, ti, 32, 8, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
