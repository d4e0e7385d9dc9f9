// Expert cuda schedule for `smollm_lm_head_probs`: every stage on the device. The RMSNorm's sum
// of squares on one thread, the normed state one thread per feature; the LM-head GEMV one thread per
// vocabulary row, its dot product in a register, the temperature fused into the store; the
// softmax's max and sum in two steps: partials over blocks of 256 rows, one thread per block,
// then one thread over the partials; exp and the normalization one thread per row. 32
// threads per group; all tails GuardWithIf, so any V and D work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"}, b{"b"};
    RVar rvo{"rvo"}, rvi{"rvi"};
    // @layer compute
    for (Func f : {a.ss, a.h, a.z, a.zmax, a.ex, a.esum}) f.compute_root();
    // @layer loops
    a.ss.gpu_single_thread();
    a.ss.update().gpu_single_thread();
    for (Func f : {a.h, a.z, a.ex, a.p}) f.gpu_tile(f.args()[0], xo, xi, tx, guard);
    for (Func red : {a.zmax, a.esum}) {
        Func part = red.update().split(a.rv.x, rvo, rvi, 256, guard).rfactor(rvo, b);
        part.compute_root().gpu_tile(b, xo, xi, tx, guard);
        part.update().gpu_tile(b, xo, xi, tx, guard);
        red.gpu_single_thread();
        red.update().gpu_single_thread();
    }
    // @layer memory
    a.logit.compute_at(a.z, xi).store_in(MemoryType::Register);
    // @layer vector
    // (scalar per thread)
    // @end
    return a.kernel();
}
