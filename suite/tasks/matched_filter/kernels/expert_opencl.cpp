// Expert opencl schedule for `matched_filter`: one kernel, one work-item per 2 consecutive output
// samples (work-groups of 64 work-items = 128 outputs of one channel): each work-item keeps its 2 complex
// accumulators in registers across all K taps; the template tap is the same for all work-items
// of a work-group (a broadcast) and neighbouring work-items read neighbouring samples. Tails use
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, co{"co"}, ni{"ni"}, ci{"ci"}, nv{"nv"};
    // @layer loops
    a.y.split(a.n, a.n, nv, 2, TailStrategy::GuardWithIf)
        .reorder(nv, a.n, a.c)
        .gpu_tile(a.n, a.c, no, co, ni, ci, 64, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.corr.compute_at(a.y, ni).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(nv);
    a.corr.unroll(a.n);
    a.corr.update().reorder(a.n, a.k, a.c).unroll(a.n);
    // @end
    return a.kernel();
}
