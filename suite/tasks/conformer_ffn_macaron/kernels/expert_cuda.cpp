// Expert cuda schedule for `conformer_ffn_macaron`: four kernels, every stage on the device.
//   mean, rstd: one thread per frame, its row sums in registers;
//   ln: the normalized rows, 32 features x 4 frames per block;
//   ff: each thread computes one hidden feature for 4 frames, the 4 dot products in
//       registers across the D loop (one weight load feeds 4 FMAs), bias and Swish fused;
//   y: the same register tiles over F, bias, half step and residual fused into the store.
// 32 threads (a warp) along the features, so ln rows are warp-uniform broadcasts and the
// stores coalesce; all tails GuardWithIf, so any shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, tv{"tv"};
    // @layer compute
    for (Func f : {a.mean, a.rstd, a.ln, a.ff}) f.compute_root();
    // @layer loops
    for (Func f : {a.mean, a.rstd}) f.gpu_tile(a.t, yo, yi, 32, TailStrategy::GuardWithIf);
    a.ln.gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, TailStrategy::GuardWithIf);
    for (Func f : {a.ff, a.y}) {
        f.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
            .reorder(tv, a.c, a.t)
            .gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, TailStrategy::GuardWithIf);
    }
    // @layer memory
    a.sum.compute_at(a.mean, yi).store_in(MemoryType::Register);
    a.sum_sq.compute_at(a.rstd, yi).store_in(MemoryType::Register);
    a.f1_dot.compute_at(a.ff, xi).store_in(MemoryType::Register);
    a.f2_dot.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    for (auto [out, dot, r] : {std::tuple{a.ff, a.f1_dot, a.rk}, std::tuple{a.y, a.f2_dot, a.rf}}) {
        out.unroll(tv);
        dot.unroll(a.t);
        dot.update().reorder(a.t, a.c, r.x).unroll(a.t);
    }
    // @end
    return a.kernel();
}
