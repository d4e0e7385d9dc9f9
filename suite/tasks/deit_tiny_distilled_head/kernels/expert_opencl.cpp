// Expert opencl schedule for `deit_tiny_distilled_head`: three kernels, every stage on the device.
// The two tokens' LayerNorm statistics one work-item per token (registers), the normalized tokens
// one work-item per element; both heads one work-item per class, the two dot products in registers and
// the biases and the average fused into the store. 16 work-items per group; all tails
// GuardWithIf, so any D and N work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 16;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    for (Func f : {a.mean, a.rstd, a.nrm}) f.compute_root();
    // @layer loops
    for (Func f : {a.mean, a.rstd}) f.gpu_tile(a.r, xo, xi, 2, guard);
    a.nrm.gpu_tile(a.c, a.r, xo, yo, xi, yi, tx, 2, guard);
    a.logits.gpu_tile(a.n, xo, xi, tx, guard);
    // @layer memory
    a.sum.compute_at(a.mean, xi).store_in(MemoryType::Register);
    a.sum_sq.compute_at(a.rstd, xi).store_in(MemoryType::Register);
    a.cls_dot.compute_at(a.logits, xi).store_in(MemoryType::Register);
    a.dist_dot.compute_at(a.logits, xi).store_in(MemoryType::Register);
    // @layer vector
    // (scalar per work-item)
    // @end
    return a.kernel();
}
