// Expert opencl schedule for `conformer_conv_module`: five kernels, work-groups of 32
// channels x 4 time steps with adjacent work-items along the channels (innermost in memory),
// so activation loads and stores are contiguous across the work-group (vectorizable by CPU
// drivers such as PoCL) and per-row values are uniform:
//   mean, rstd: one work-item per time step, its row sums in registers;
//   ln: the normalized rows;
//   glu: each work-item accumulates both GLU halves of one channel in registers across the
//        whole channel loop of pw1 (one ln load feeds 2 FMAs), bias and gate fused;
//   act: the 15 depthwise taps unrolled in a register, bias and SiLU fused;
//   y: pw2 accumulated in a register, bias and residual fused into the store.
// Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // sum_x, sum_sq, pw1, dw and pw2 live in registers of their consumers' work-items;
    // glu_padded is inlined (below).
    for (Func f : {a.mean, a.rstd, a.ln, a.glu, a.act}) f.compute_root();
    // @layer loops
    for (Func f : {a.mean, a.rstd}) f.gpu_tile(a.t, xo, xi, 32, TailStrategy::GuardWithIf);
    for (Func f : {a.ln, a.glu, a.act, a.y}) {
        f.gpu_tile(a.c, a.t, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf);
    }
    // @layer memory
    a.sum_x.compute_at(a.mean, xi).store_in(MemoryType::Register);
    a.sum_sq.compute_at(a.rstd, xi).store_in(MemoryType::Register);
    a.pw1.compute_at(a.glu, xi).store_in(MemoryType::Register);
    a.dw.compute_at(a.act, xi).store_in(MemoryType::Register);
    a.pw2.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    a.pw1.unroll(a.g);
    a.pw1.update().reorder(a.g, a.c, a.t, a.rd, a.n).unroll(a.g);
    a.dw.update().unroll(a.rk);
    // @end
    return a.kernel();
}
