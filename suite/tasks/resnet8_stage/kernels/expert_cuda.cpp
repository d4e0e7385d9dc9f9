// Expert cuda schedule for `resnet8_stage`: two kernels, the zero padding of x and of h
// inlined into the loads (a clamped load and a select, no padded copies in global memory).
//   h: 16x8-thread blocks over (columns, rows), channel groups of 4 along the third grid
//      dimension; each thread accumulates one pixel of 4 output channels in registers
//      across all C input channels and the 9 unrolled stride-2 taps (one input load feeds 4
//      FMAs), bias + ReLU fused;
//   y: the same tiling; each thread accumulates conv2 (9 unrolled taps over K channels)
//      and the 1x1 stride-2 shortcut for one pixel of 4 output channels in registers, both
//      biases, the add and the ReLU fused into the store.
// Threads are adjacent along the columns, so each input row is read coalesced and each
// weight is a warp-uniform broadcast; 16-wide blocks fit the 8-16 column maps of ResNet-8.
// All tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    // padded_x and padded_h are inlined; h is one kernel, y the other; the convs live in
    // registers of the threads that consume them (below).
    a.h.compute_root();
    // @layer loops
    for (Func f : {a.h, a.y}) {
        f.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 8, 1, TailStrategy::GuardWithIf);
    }
    // @layer memory
    a.conv1.compute_at(a.h, xi).store_in(MemoryType::Register);
    a.conv2.compute_at(a.y, xi).store_in(MemoryType::Register);
    a.shortcut.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    a.h.unroll(cv);
    a.y.unroll(cv);
    for (Func f : {a.conv1, a.conv2, a.shortcut}) f.unroll(a.c);
    a.conv1.update().reorder(a.c, a.r1.y, a.r1.z, a.r1.x, a.col, a.row, a.n).unroll(a.c).unroll(a.r1.y).unroll(a.r1.z);
    a.conv2.update().reorder(a.c, a.r2.y, a.r2.z, a.r2.x, a.col, a.row, a.n).unroll(a.c).unroll(a.r2.y).unroll(a.r2.z);
    a.shortcut.update().reorder(a.c, a.rs, a.col, a.row, a.n).unroll(a.c);
    // @end
    return a.kernel();
}
