// Expert opencl schedule for `hamming_match_u8`: the descriptors are packed once into uint32
// words (train words stored word-major), then each work-item computes 8 distances of one
// query row against 8 consecutive train descriptors as uint8 vectors (SWAR popcount on vectors,
// the 8 words unrolled); work-groups of 8x8.
// Query rows at least 8 wide shift their last vector inwards, so every vector is whole (OpenCL C
// has no masked vector loads); narrower ones take one element per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var no{"no"}, ni{"ni"}, mo{"mo"}, mi{"mi"}, mv{"mv"};
    // @layer compute
    a.qw.compute_root();
    a.tw.compute_root();
    // @layer loops
    a.qw.bound(a.w, 0, 8).unroll(a.w).gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
    a.tw.bound(a.w, 0, 8).reorder_storage(a.m, a.w).unroll(a.w)
        .gpu_tile(a.m, mo, mi, 64, TailStrategy::GuardWithIf);
    Stage wide = a.dist.specialize(a.dist.output_buffer().dim(0).extent() >= vec);
    wide.split(a.m, a.m, mv, vec, TailStrategy::ShiftInwards)
        .gpu_tile(a.m, a.n, mo, no, mi, ni, 8, 8, TailStrategy::GuardWithIf);
    a.dist.gpu_tile(a.m, a.n, mo, no, mi, ni, 8, 8, TailStrategy::GuardWithIf);
    // @layer vector
    wide.vectorize(mv);
    // @end
    return a.kernel();
}
