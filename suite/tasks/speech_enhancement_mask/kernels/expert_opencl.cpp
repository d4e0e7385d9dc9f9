// Expert opencl schedule for `speech_enhancement_mask`: five kernels instead of one per stage.
// feat (mag inlined) is written once by 16x8 tiles of work-items; hidden and mask each run
// work-groups of 16 outputs x 4 frame groups, each work-item accumulating one output (a hidden
// unit, then a bin) for 4 frames in registers across the whole reduction (one weight load
// feeds 4 multiply-adds), with the bias and ReLU or sigmoid fused into the store; out_re and
// out_im apply the mask in 16x8 tiles. The 4-frame group uses ShiftInwards so that it never
// shrinks and stays a fixed-size register tile (T >= 4 always holds for a spectrogram); all
// other tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var uo{"uo"}, to{"to"}, ui{"ui"}, ti{"ti"}, tv{"tv"};
    // @layer compute
    // mag is inlined into feat; fc1 and fc2 live in registers of each work-item (below).
    a.feat.compute_root();
    a.hidden.compute_root();
    a.mask.compute_root();
    // @layer loops
    for (Func fn : {a.feat, a.out_re, a.out_im}) fn.gpu_tile(a.f, a.t, uo, to, ui, ti, 16, 8, TailStrategy::GuardWithIf);
    a.hidden.split(a.t, a.t, tv, 4, TailStrategy::ShiftInwards)
        .reorder(tv, a.j, a.t)
        .gpu_tile(a.j, a.t, uo, to, ui, ti, 16, 4, TailStrategy::GuardWithIf);
    a.mask.split(a.t, a.t, tv, 4, TailStrategy::ShiftInwards)
        .reorder(tv, a.f, a.t)
        .gpu_tile(a.f, a.t, uo, to, ui, ti, 16, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.fc1.compute_at(a.hidden, ui).store_in(MemoryType::Register);
    a.fc2.compute_at(a.mask, ui).store_in(MemoryType::Register);
    // @layer vector
    a.hidden.unroll(tv);
    a.mask.unroll(tv);
    a.fc1.unroll(a.t);
    a.fc1.update().reorder(a.t, a.j, a.rf).unroll(a.t);
    a.fc2.unroll(a.t);
    a.fc2.update().reorder(a.t, a.f, a.rj).unroll(a.t);
    // @end
    return a.kernel();
}
