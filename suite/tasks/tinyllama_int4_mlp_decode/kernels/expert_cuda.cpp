// Expert cuda schedule for `tinyllama_int4_mlp_decode`: four kernels, every stage on the
// device. The RMSNorm's sum of squares on one thread, the normed input one thread per feature;
// gate and up one thread per row, both dot products over the packed bytes in registers (the
// nibbles unpacked, scaled per group, never stored) and the SiLU product fused into the
// store; down one thread per row with the residual fused. 32 threads per group; all tails
// GuardWithIf, so any legal D and F work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"};
    // @layer compute
    for (Func f : {a.ss, a.h, a.act}) f.compute_root();
    // @layer loops
    a.ss.gpu_single_thread();
    a.ss.update().gpu_single_thread();
    for (Func f : {a.h, a.act, a.y}) f.gpu_tile(a.n, xo, xi, tx, guard);
    // @layer memory
    for (Func f : {a.g_dot, a.u_dot}) f.compute_at(a.act, xi).store_in(MemoryType::Register);
    a.d_dot.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    // (scalar per thread)
    // @end
    return a.kernel();
}
