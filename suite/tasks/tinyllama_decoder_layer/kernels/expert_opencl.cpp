// Expert opencl schedule for `tinyllama_decoder_layer`: one kernel per stored stage, every
// stage on the device. Each projection (q, k, v, o_proj + residual, gate + up + SiLU, down +
// residual) one work-item per output, its dot product over the contiguous weight row in a
// register (gate and up in the same work-item, the SiLU product and the residuals fused into
// the stores); the RMSNorm sums of squares on one work-item each; attention one work-item per
// (position, head) for the scores and exp, per head for the max and sum, per (head
// feature, head) for P V. 16 work-items per group along the outputs; all tails GuardWithIf, so
// any legal shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 16;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    Func q_st = a.q_dot.in(), k_st = a.k_dot.in(), v_st = a.v_dot.in();  // the projections, stored
    Func max_out = a.row_max.in(), sum_out = a.row_sum.in();
    // (a stored stage, the reduction in the registers of its work-item)
    const std::vector<std::pair<Func, Func>> gemvs = {{q_st, a.q_dot}, {k_st, a.k_dot}, {v_st, a.v_dot},
                                                      {a.x1, a.o_dot}, {a.act, a.g_dot}, {a.act, a.u_dot},
                                                      {a.y, a.d_dot}};
    // @layer compute
    for (Func f : {a.ss1, a.h1, q_st, k_st, v_st, a.q_rope, a.scores, max_out, a.ex, sum_out, a.pv, a.attn, a.x1,
                   a.ss2, a.h2, a.act}) {
        f.compute_root();
    }
    // @layer loops
    for (Func f : {a.ss1, a.ss2}) {
        f.gpu_single_thread();
        f.update().gpu_single_thread();
    }
    for (Func f : {a.h1, q_st, k_st, v_st, a.attn, a.x1, a.h2, a.act, a.y}) f.gpu_tile(f.args()[0], xo, xi, tx, guard);
    for (Func f : {a.q_rope, a.k_new, a.v_new}) f.gpu_tile(f.args()[0], f.args()[1], xo, yo, xi, yi, tx, 1, guard);
    for (Func f : {a.scores, a.ex}) f.gpu_tile(a.s, a.hq, xo, yo, xi, yi, tx, 1, guard);
    for (Func f : {max_out, sum_out}) f.gpu_tile(a.hq, xo, xi, tx, guard);
    a.pv.gpu_tile(a.d, a.hq, xo, yo, xi, yi, tx, 1, guard);
    a.pv.update().gpu_tile(a.d, a.hq, xo, yo, xi, yi, tx, 1, guard);
    // @layer memory
    for (auto [st, dot] : gemvs) dot.compute_at(st, xi).store_in(MemoryType::Register);
    a.dot.compute_at(a.scores, xi).store_in(MemoryType::Register);
    a.row_max.compute_at(max_out, xi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, xi).store_in(MemoryType::Register);
    // @layer vector
    // (scalar per work-item)
    // @end
    return a.kernel();
}
