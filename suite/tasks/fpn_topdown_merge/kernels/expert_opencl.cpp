// Expert opencl schedule for `fpn_topdown_merge`: three kernels, every stage on the device:
//   merged: each thread one pixel of 4 channels, the lateral 1x1 sums in registers across
//       CI, the bias and the upsampled top added;
//   merged_padded: merged written once with its zero pad;
//   out: each thread one pixel of 4 channels of the 3x3 conv, the sums in registers across
//       the 9 taps (unrolled) and the CO channels, bias fused.
// 16x4 work-items per work-group; channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    a.merged_padded.compute_root();
    // @layer loops
    for (Func f : {a.merged, a.out}) {
        f.split(a.ch, a.ch, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.ch, a.n)
            .gpu_tile(a.col, a.row, a.ch, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.merged_padded.gpu_tile(a.col, a.row, a.ch, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    a.lateral.update().reorder(a.ch, a.col, a.row, a.ri, a.n);
    a.conv.update().reorder(a.ch, a.col, a.row, a.rl.x, a.rl.y, a.rl.z, a.n);
    // @layer memory
    a.lateral.compute_at(a.merged, xi).store_in(MemoryType::Register).bound_storage(a.ch, chans);
    a.conv.compute_at(a.out, xi).store_in(MemoryType::Register).bound_storage(a.ch, chans);
    // @layer vector
    for (Func f : {a.merged, a.out}) f.unroll(cv);
    for (Func f : {a.lateral, a.conv}) {
        f.unroll(a.ch, chans, TailStrategy::GuardWithIf);
        f.update().unroll(a.ch, chans, TailStrategy::GuardWithIf);
    }
    a.conv.update().unroll(a.rl.x).unroll(a.rl.y);
    // @end
    return a.kernel();
}
