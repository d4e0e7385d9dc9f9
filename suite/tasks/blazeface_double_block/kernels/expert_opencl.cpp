// Expert opencl schedule for `blazeface_double_block`: every stage on the device:
//   x_padded, p1_padded: the depthwise inputs written once with their zero pad of 2;
//   d1, d2: each thread one depthwise output, the 25 taps unrolled, the sum in a register
//       (the stage's wrapper is the kernel, the reduction lives in the thread);
//   p1: each thread one pixel of 4 project channels, the sums in registers across C,
//       bias and ReLU fused;
//   y: each thread one pixel of 4 expand channels across M, bias, residual and ReLU fused.
// 16x4 work-items per work-group; channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    const std::vector<std::pair<Func, Func>> convs = {{a.conv_p1, a.p1}, {a.conv_p2, a.y}};
    Func d1w = a.d1.in(), d2w = a.d2.in();
    // @layer compute
    for (Func f : {a.x_padded, d1w, a.p1, a.p1_padded, d2w}) f.compute_root();
    // @layer loops
    for (auto [conv, out] : convs) {
        out.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {a.x_padded, d1w, a.p1_padded, d2w}) {
        std::vector<Var> v = f.args();
        f.gpu_tile(v[0], v[1], v[2], xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.conv_p1.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    a.conv_p2.update().reorder(a.c, a.col, a.row, a.rm, a.n);
    // @layer memory
    for (auto [conv, out] : convs) {
        conv.compute_at(out, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    }
    a.d1.compute_at(d1w, xi).store_in(MemoryType::Register);
    a.d2.compute_at(d2w, xi).store_in(MemoryType::Register);
    // @layer vector
    for (auto [conv, out] : convs) {
        out.unroll(cv);
        conv.unroll(a.c, chans, TailStrategy::GuardWithIf);
        conv.update().unroll(a.c, chans, TailStrategy::GuardWithIf);
    }
    for (Func f : {a.d1, a.d2}) f.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
