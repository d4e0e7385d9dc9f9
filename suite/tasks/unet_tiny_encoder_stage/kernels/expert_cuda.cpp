// Expert cuda schedule for `unet_tiny_encoder_stage`: four kernels, every stage on the
// device:
//   p_padded: the 2x2 max pool of x with the zero pad, one element per thread;
//   a, y: each thread one pixel of 4 channels of a 3x3 conv + ReLU, the sums in registers
//       across the 9 taps (unrolled) and the input channels;
//   a_padded: a written once with its zero pad.
// 32x4-thread blocks, threads adjacent along the columns (coalesced rows, warp-uniform weights); channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    const std::vector<std::pair<Func, Func>> convs = {{a.conv_a, a.a}, {a.conv_b, a.y}};
    // @layer compute
    for (Func f : {a.p_padded, a.a, a.a_padded}) f.compute_root();
    // @layer loops
    for (auto [conv, out] : convs) {
        out.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {a.p_padded, a.a_padded}) {
        f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, TailStrategy::GuardWithIf);
    }
    a.conv_a.update().reorder(a.c, a.col, a.row, a.ra.x, a.ra.y, a.ra.z, a.n);
    a.conv_b.update().reorder(a.c, a.col, a.row, a.rb.x, a.rb.y, a.rb.z, a.n);
    // @layer memory
    for (auto [conv, out] : convs) {
        conv.compute_at(out, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    }
    // @layer vector
    for (auto [conv, out] : convs) {
        out.unroll(cv);
        conv.unroll(a.c, chans, TailStrategy::GuardWithIf);
        conv.update().unroll(a.c, chans, TailStrategy::GuardWithIf);
    }
    a.conv_a.update().unroll(a.ra.x).unroll(a.ra.y);
    a.conv_b.update().unroll(a.rb.x).unroll(a.rb.y);
    // @end
    return a.kernel();
}
