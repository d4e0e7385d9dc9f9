// Expert opencl schedule for `rwkv_time_mix`, as a GPU chunked-prefill runtime runs it: the
// LayerNorm statistics one work-item per token, the normalization, token shift and mixes one
// work-item per element; each weight matrix copied once transposed (16 x 4 work-groups), then each
// projection one kernel of 16 x 4 work-groups, one work-item per (output feature, 4 tokens) with the
// 4 dot products in registers (adjacent work-items read adjacent transposed weights); the WKV
// scan one work-item per channel walking the tokens with (a, b) in registers (the channels'
// chains are independent, as RWKV's CUDA kernel runs them); wkv and the gate per element;
// the output projection + residual as the others. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, tv{"tv"};
    // @layer compute
    Func k = a.k_dot.in(), v = a.v_dot.in(), r = a.r_dot.in();
    for (Func f : {a.mean, a.var, a.xx, a.kin, a.vin, a.rin, k, v, r, a.st, a.y}) f.compute_root();
    std::vector<std::pair<ImageParam, Func>> ws = {{a.w_k, a.k_dot}, {a.w_v, a.v_dot}, {a.w_r, a.r_dot}, {a.w_o, a.o_dot}};
    for (auto [w, dot] : ws) {
        Func wt = w.in(dot);
        Var i = wt.args()[0], o = wt.args()[1];
        wt.compute_root().reorder_storage(o, i).gpu_tile(o, i, xo, yo, xi, yi, 16, 4, guard);
    }
    auto project = [&](Func out, Func dot, RDom rr) {
        Var c = out.args()[0], t = out.args()[1];
        out.split(t, t, tv, 4, guard).reorder(tv, c, t).gpu_tile(c, t, xo, yo, xi, yi, 16, 4, guard).unroll(tv);
        dot.compute_at(out, xi).store_in(MemoryType::Register).unroll(t);
        dot.update().reorder(t, c, rr.x).unroll(t);
    };
    // @layer loops
    for (Func f : {a.mean, a.var}) {
        f.gpu_tile(a.t, xo, xi, 32, guard);
        f.update(0).gpu_tile(a.t, xo, xi, 32, guard);
    }
    a.mean.update(1).gpu_tile(a.t, xo, xi, 32, guard);
    for (Func f : {a.xx, a.kin, a.vin, a.rin, a.y}) f.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 4, guard);
    project(k, a.k_dot, a.ri);
    project(v, a.v_dot, a.ri);
    project(r, a.r_dot, a.ri);
    a.st.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 4, guard);
    a.st.update().gpu_tile(a.c, xo, xi, 64, guard);
    project(a.out, a.o_dot, a.ri);
    // @end
    return a.kernel();
}
