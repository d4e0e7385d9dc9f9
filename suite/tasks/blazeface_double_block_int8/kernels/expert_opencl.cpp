// Expert opencl schedule for `blazeface_double_block_int8`: every stage on the device:
//   x_padded, p1_padded: the depthwise inputs written once with their zero-point pad of 2;
//   d1, d2: each thread one int8 depthwise output, the 25 taps unrolled and the int32 sum
//       in a register, requantized in the store;
//   p1: each thread one pixel of 4 project channels, the int32 sums in registers across C,
//       requantization and ReLU clamp fused;
//   y: each thread one pixel of 4 expand channels across M, the requantization of p2, the
//      ADD's rescalings and the output requantization + ReLU fused.
// 16x4 work-items per work-group; channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    const std::vector<std::pair<Func, Func>> convs = {{a.acc_p1, a.p1}, {a.acc_p2, a.y}};
    const std::vector<std::pair<Func, Func>> dws = {{a.acc_d1, a.d1}, {a.acc_d2, a.d2}};
    // @layer compute
    for (Func f : {a.x_padded, a.d1, a.p1, a.p1_padded, a.d2}) f.compute_root();
    // @layer loops
    for (auto [acc, out] : convs) {
        out.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {a.x_padded, a.d1, a.p1_padded, a.d2}) {
        f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.acc_p1.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    a.acc_p2.update().reorder(a.c, a.col, a.row, a.rm, a.n);
    // @layer memory
    for (auto [acc, out] : convs) {
        acc.compute_at(out, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    }
    for (auto [acc, d] : dws) acc.compute_at(d, xi).store_in(MemoryType::Register);
    // @layer vector
    for (auto [acc, out] : convs) {
        out.unroll(cv);
        acc.unroll(a.c, chans, TailStrategy::GuardWithIf);
        acc.update().unroll(a.c, chans, TailStrategy::GuardWithIf);
    }
    for (auto [acc, d] : dws) acc.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
