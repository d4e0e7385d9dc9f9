// Expert opencl schedule for `fir_decimate`: one kernel. Work-groups of 64 consecutive
// output samples of one channel; each work-item accumulates 4 consecutive output samples in
// registers across all K taps (one tap load feeds 4 multiply-adds; the 4 samples read input
// windows 3 apart that overlap, so they stay in cache). The filter is only evaluated at the
// kept samples. The 4-sample group uses ShiftInwards so that it never shrinks and stays a
// fixed-size register tile (with at least 4 outputs per
// channel; fewer take one sample per work-item); work-group
// tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var jo{"jo"}, co{"co"}, ji{"ji"}, ci{"ci"}, jv{"jv"};
    // @layer compute
    // fir lives in registers of each work-item (below).
    // @layer loops
    Stage groups = a.y.specialize(a.y.output_buffer().dim(0).extent() >= 4);
    for (auto [s, group] : {std::pair<Stage, int>{groups, 4}, {Stage(a.y), 1}}) {
        s.split(a.j, a.j, jv, group, TailStrategy::ShiftInwards)
            .reorder(jv, a.j, a.c)
            .gpu_tile(a.j, a.c, jo, co, ji, ci, 64, 1, TailStrategy::GuardWithIf);
    }
    // @layer memory
    a.fir.compute_at(a.y, ji).store_in(MemoryType::Register);
    // @layer vector
    for (Stage s : {groups, Stage(a.y)}) s.unroll(jv);
    a.fir.unroll(a.j);
    a.fir.update().reorder(a.j, a.k, a.c).unroll(a.j);
    // @end
    return a.kernel();
}
