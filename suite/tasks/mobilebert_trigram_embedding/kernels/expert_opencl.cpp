// Expert opencl schedule for `mobilebert_trigram_embedding`: two kernels, every stage on the
// device. The gathered embeddings (with the zero pads) one work-item per element; the trigram
// dense layer one work-item per (output feature, 4 tokens), the 4 dot products over the three
// slices in registers (a weight load feeds 4 FMAs), the bias, position and token-type
// embeddings and the NoNorm fused into the store. 16 work-items along the features of a group;
// all tails GuardWithIf, so any legal shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 16;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, tv{"tv"};
    // @layer compute
    a.e.compute_root();
    // @layer loops
    a.e.gpu_tile(a.k, a.t, xo, yo, xi, yi, tx, 4, guard);
    a.y.split(a.t, a.t, tv, 4, guard).reorder(tv, a.d, a.t).gpu_tile(a.d, a.t, xo, yo, xi, yi, tx, 4, guard);
    // @layer memory
    a.dot.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(tv);
    a.dot.unroll(a.t);
    a.dot.update().reorder(a.t, a.d, a.rk.x).unroll(a.t);
    // @end
    return a.kernel();
}
