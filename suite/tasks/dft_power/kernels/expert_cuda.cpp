// Expert cuda schedule for `dft_power`: three kernels. The N-entry cos and sin tables are
// computed once; the twiddle matrices are expanded by one kernel, stored bin-major (k
// innermost) so the threads of a warp read contiguous twiddles (coalesced); the spectrum runs in
// blocks of 64 bins, each thread accumulating the real and imaginary sums of one bin
// for 4 frames in registers across all N samples (one twiddle load feeds 4 multiply-adds).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var mo{"mo"}, mi{"mi"}, no{"no"}, ni{"ni"}, ko{"ko"}, ki{"ki"}, fo{"fo"}, fi{"fi"}, fv{"fv"};
    // @layer compute
    a.cos_tab.compute_root();
    a.sin_tab.compute_root();
    a.cos_tw.compute_root().reorder_storage(a.k, a.n);
    a.sin_tw.compute_root().reorder_storage(a.k, a.n);
    // @layer loops
    a.cos_tab.gpu_tile(a.m, mo, mi, 64, TailStrategy::GuardWithIf);
    a.sin_tab.gpu_tile(a.m, mo, mi, 64, TailStrategy::GuardWithIf);
    a.cos_tw.gpu_tile(a.k, a.n, ko, no, ki, ni, 64, 4, TailStrategy::GuardWithIf);
    a.sin_tw.gpu_tile(a.k, a.n, ko, no, ki, ni, 64, 4, TailStrategy::GuardWithIf);
    // Frames tail: with F >= 4, ShiftInwards recomputes a few frames of the last group, so
    // each thread's accumulators keep a constant size and stay in registers; fewer frames
    // (a single frame is a real call) take one frame per thread.
    Stage groups = a.P.specialize(a.P.output_buffer().dim(1).extent() >= 4);
    for (auto [s, group] : {std::pair<Stage, int>{groups, 4}, {Stage(a.P), 1}}) {
        s.split(a.f, a.f, fv, group, TailStrategy::ShiftInwards)
            .reorder(fv, a.k, a.f)
            .gpu_tile(a.k, a.f, ko, fo, ki, fi, 64, 1, TailStrategy::GuardWithIf);
    }
    // @layer memory
    a.re.compute_at(a.P, ki).store_in(MemoryType::Register);
    a.im.compute_at(a.P, ki).store_in(MemoryType::Register);
    // @layer vector
    for (Stage s : {groups, Stage(a.P)}) s.unroll(fv);
    for (Func s : {a.re, a.im}) {
        s.unroll(a.f);
        s.update().reorder(a.f, a.k, a.r).unroll(a.f);
    }
    // @end
    return a.kernel();
}
