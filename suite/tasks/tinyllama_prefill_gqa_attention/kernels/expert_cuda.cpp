// Expert cuda schedule for `tinyllama_prefill_gqa_attention`: four kernels, every stage on the
// device. The scores one thread per (key, 4 queries, head), the 4 dot products in registers
// (a key load feeds 4 FMAs); the causal max and sum one thread per (query, head), accumulated
// in a register; exp per score; P V one thread per (head feature, head, query), its sum over
// the keys s <= t in a register and normalized on the store. 32 threads along the keys
// (features) of a group; all tails GuardWithIf, so any T, Dh and head count work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, tv{"tv"};
    Func max_out = a.row_max.in(), sum_out = a.row_sum.in();  // one value per (query, head)
    // @layer compute
    for (Func f : {a.scores, max_out, a.ex, sum_out}) f.compute_root();
    // @layer loops
    a.scores.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
        .reorder(tv, a.s, a.t, a.h)
        .gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, TailStrategy::GuardWithIf);
    a.ex.gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, TailStrategy::GuardWithIf);
    for (Func f : {max_out, sum_out}) f.gpu_tile(a.t, a.h, xo, yo, xi, yi, tx, 1, TailStrategy::GuardWithIf);
    a.o.gpu_tile(a.d, a.h, a.t, xo, yo, zo, xi, yi, zi, tx, 1, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(a.scores, xi).store_in(MemoryType::Register);
    a.row_max.compute_at(max_out, xi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, xi).store_in(MemoryType::Register);
    a.pv.compute_at(a.o, xi).store_in(MemoryType::Register);
    // @layer vector
    a.scores.unroll(tv);
    a.dot.unroll(a.t);
    a.dot.update().reorder(a.t, a.s, a.h, a.rd).unroll(a.t);
    // @end
    return a.kernel();
}
