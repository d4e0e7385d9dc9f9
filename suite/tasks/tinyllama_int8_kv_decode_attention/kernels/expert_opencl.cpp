// Expert opencl schedule for `tinyllama_int8_kv_decode_attention`: four kernels, every stage on
// the device. The scores one work-item per (position, head), the dot product over the int8 key row
// in a register (dequantized on the fly, the scale applied once); the softmax's max and sum
// one work-item per head; exp one work-item per score; P V one work-item per (head feature, head), the sum
// over the positions in a register with each int8 value dequantized on the fly and the
// normalization fused into the store. 16 work-items along the positions (features) of a group;
// all tails GuardWithIf, so any legal shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 16;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    Func max_out = a.row_max.in(), sum_out = a.row_sum.in();
    // @layer compute
    for (Func f : {a.scores, max_out, a.ex, sum_out}) f.compute_root();
    // @layer loops
    for (Func f : {a.scores, a.ex}) f.gpu_tile(a.s, a.h, xo, yo, xi, yi, tx, 1, guard);
    for (Func f : {max_out, sum_out}) f.gpu_tile(a.h, xo, xi, tx, guard);
    a.o.gpu_tile(a.d, a.h, xo, yo, xi, yi, tx, 1, guard);
    // @layer memory
    a.dot.compute_at(a.scores, xi).store_in(MemoryType::Register);
    a.row_max.compute_at(max_out, xi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, xi).store_in(MemoryType::Register);
    a.pv.compute_at(a.o, xi).store_in(MemoryType::Register);
    // @layer vector
    // (scalar per work-item)
    // @end
    return a.kernel();
}
