// Expert opencl schedule for `mfcc_frontend`: three kernels. The DCT matrix is computed once.
// logmel runs in work-groups of 16 mel bins x 4 frame groups; each work-item accumulates one
// mel bin for 4 frames in registers across the frequency loop (one filter-bank load feeds 4
// multiply-adds; neighbouring work-items read neighbouring filter weights), with log(x + eps)
// fused into the store. mfcc runs in work-groups of 16 coefficients (10 used) x 8 frames, one
// work-item per coefficient and frame, its DCT sum in a register across the mel bins. The
// 4-frame group uses ShiftInwards so that it stays a fixed-size register tile (with T >= 4;
// fewer frames take one frame per group); work-group tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var mo{"mo"}, to{"to"}, mi{"mi"}, ti{"ti"}, tv{"tv"}, ko{"ko"}, ki{"ki"};
    // @layer compute
    // mel and dct_sum live in registers of each work-item (below).
    a.logmel.compute_root();
    a.dct.compute_root();
    // @layer loops
    Stage groups = a.logmel.specialize(a.power.dim(1).extent() >= 4);
    for (auto [s, group] : {std::pair<Stage, int>{groups, 4}, {Stage(a.logmel), 1}}) {
        s.split(a.t, a.t, tv, group, TailStrategy::ShiftInwards)
            .reorder(tv, a.m, a.t)
            .gpu_tile(a.m, a.t, mo, to, mi, ti, 16, 4, guard);
    }
    a.dct.gpu_tile(a.m, a.k, mo, ko, mi, ki, 16, 16, guard);
    a.mfcc.gpu_tile(a.k, a.t, ko, to, ki, ti, 16, 8, guard);
    // @layer memory
    a.mel.compute_at(a.logmel, mi).store_in(MemoryType::Register);
    a.dct_sum.compute_at(a.mfcc, ki).store_in(MemoryType::Register);
    // @layer vector
    for (Stage s : {groups, Stage(a.logmel)}) s.unroll(tv);
    a.mel.unroll(a.t);
    a.mel.update().reorder(a.t, a.m, a.f).unroll(a.t);
    // @end
    return a.kernel();
}
