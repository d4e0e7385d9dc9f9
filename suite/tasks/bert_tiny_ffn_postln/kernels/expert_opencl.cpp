// Expert opencl schedule for `bert_tiny_ffn_postln`: one kernel per stored stage, every stage on
// the device. fc1 + GELU and fc2 + bias + residual each run one work-item per (feature, 4 tokens),
// the 4 dot products in registers across the reduction so a weight load feeds 4 FMAs; the
// LayerNorm's mean and rstd one work-item per token accumulating in a register; the normalized
// store one work-item per element. 16 work-items along the features of a group; all tails
// GuardWithIf, so any T, D and F work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 16;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, tv{"tv"};
    // @layer compute
    for (Func f : {a.ff, a.z, a.mean, a.rstd}) f.compute_root();
    // @layer loops
    for (auto [out, dot, r] : {std::tuple{a.ff, a.f1_dot, a.rk}, std::tuple{a.z, a.f2_dot, a.rf}}) {
        out.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
            .reorder(tv, a.c, a.t)
            .gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, TailStrategy::GuardWithIf);
    }
    for (Func f : {a.mean, a.rstd}) f.gpu_tile(a.t, yo, yi, 8, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.sum.compute_at(a.mean, yi).store_in(MemoryType::Register);
    a.sum_sq.compute_at(a.rstd, yi).store_in(MemoryType::Register);
    for (auto [out, dot, r] : {std::tuple{a.ff, a.f1_dot, a.rk}, std::tuple{a.z, a.f2_dot, a.rf}}) {
        dot.compute_at(out, xi).store_in(MemoryType::Register);
    }
    // @layer vector
    for (auto [out, dot, r] : {std::tuple{a.ff, a.f1_dot, a.rk}, std::tuple{a.z, a.f2_dot, a.rf}}) {
        out.unroll(tv);
        dot.unroll(a.t);
        dot.update().reorder(a.t, a.c, r.x).unroll(a.t);
    }
    // @end
    return a.kernel();
}
