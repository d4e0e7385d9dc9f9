// Expert cuda schedule for `regnetx_200mf_block`: three kernels, every stage on the device.
//   h_a: each thread computes one pixel of 4 channels, the 4 sums in registers across the C
//        input channels (the weights warp-uniform), ReLU fused;
//   h_b: each thread one pixel of 4 channels of the grouped 3x3 conv, the 4 sums in
//        registers across the group's 9 x GW taps (zero pad a guarded read), ReLU fused;
//   y:   each thread one pixel of 4 channels of conv c, the 4 sums in registers across C,
//        bias, identity shortcut and ReLU fused into the store.
// 32x4-thread blocks over (columns, rows), threads adjacent along the columns (coalesced
// rows); channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const int tx = 32, ty = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    a.h_a.compute_root();
    a.h_b.compute_root();
    // @layer loops
    for (Func f : {a.h_a, a.h_b, a.y}) {
        f.split(a.c, a.c, cv, chans, guard)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, guard);
    }
    a.conv_a.update().reorder(a.c, a.col, a.row, a.ra, a.n);
    a.conv_b.update().reorder(a.c, a.col, a.row, a.rb.x, a.rb.y, a.rb.z, a.n);
    a.conv_c.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    // @layer memory
    a.conv_a.compute_at(a.h_a, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    a.conv_b.compute_at(a.h_b, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    a.conv_c.compute_at(a.y, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    // @layer vector
    for (Func f : {a.h_a, a.h_b, a.y}) f.unroll(cv);
    for (Func f : {a.conv_a, a.conv_b, a.conv_c}) {
        f.unroll(a.c);
        f.update().unroll(a.c);
    }
    a.conv_b.update().unroll(a.rb.x).unroll(a.rb.y);
    // @end
    return a.kernel();
}
