// Expert cuda schedule for `qwen_w8a8_dynamic_qkv`: three kernels, every stage on the device.
// The token absmax one thread per token (a register), the quantized row one thread per element,
// the int8 GEMM one thread per (output channel, 4 tokens) with the 4 int32 sums in registers
// (an int8 weight load feeds 4 multiply-adds) and the dequantization fused into the store.
// 32 threads along the channels of a group; all tails GuardWithIf, so any T, N and K work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, tv{"tv"};
    Func absmax_out = a.absmax.in();
    // @layer compute
    absmax_out.compute_root();
    a.xq.compute_root();
    // @layer loops
    absmax_out.gpu_tile(a.t, xo, xi, 8, guard);
    a.xq.gpu_tile(a.k, a.t, xo, yo, xi, yi, tx, 4, guard);
    a.y.split(a.t, a.t, tv, 4, guard).reorder(tv, a.n, a.t).gpu_tile(a.n, a.t, xo, yo, xi, yi, tx, 1, guard);
    // @layer memory
    a.absmax.compute_at(absmax_out, xi).store_in(MemoryType::Register);
    a.acc.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(tv);
    a.acc.unroll(a.t);
    a.acc.update().reorder(a.t, a.n, a.rk.x).unroll(a.t);
    // @end
    return a.kernel();
}
