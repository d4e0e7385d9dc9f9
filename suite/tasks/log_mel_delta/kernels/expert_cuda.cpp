// Expert cuda schedule for `log_mel_delta`: two kernels. logmel: thread blocks of 16 mel bins
// x 4 frame groups; each thread accumulates one mel bin for 4 frames in registers across
// the frequency loop (one filter-bank load feeds 4 multiply-adds; neighbouring threads
// read neighbouring filter weights), and log(x + eps) is fused into the store. The 4-frame
// group uses ShiftInwards so that it never shrinks and stays a fixed-size register tile
// (with T >= 4; fewer frames,
// a real streaming call, take one frame per group); block tails use GuardWithIf. delta: 16x8
// tiles of threads, one output each, reading the finished logmel with the clamped frame
// index (clamped inlined).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var mo{"mo"}, to{"to"}, mi{"mi"}, ti{"ti"}, tv{"tv"};
    // @layer compute
    // mel lives in registers of each thread (below); clamped is inlined into delta.
    // @layer loops
    Stage groups = a.logmel.specialize(a.power.dim(1).extent() >= 4);
    for (auto [s, group] : {std::pair<Stage, int>{groups, 4}, {Stage(a.logmel), 1}}) {
        s.split(a.t, a.t, tv, group, TailStrategy::ShiftInwards)
            .reorder(tv, a.m, a.t)
            .gpu_tile(a.m, a.t, mo, to, mi, ti, 16, 4, TailStrategy::GuardWithIf);
    }
    a.delta.gpu_tile(a.m, a.t, mo, to, mi, ti, 16, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.mel.compute_at(a.logmel, mi).store_in(MemoryType::Register);
    // @layer vector
    for (Stage s : {groups, Stage(a.logmel)}) s.unroll(tv);
    a.mel.unroll(a.t);
    a.mel.update().reorder(a.t, a.m, a.f).unroll(a.t);
    // @end
    return a.kernel();
}
