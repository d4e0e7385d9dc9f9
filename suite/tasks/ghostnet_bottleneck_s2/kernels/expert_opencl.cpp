// Expert opencl schedule for `ghostnet_bottleneck_s2`: seven kernels, every stage on the
// device, one thread per output pixel:
//   p1, p2: the primary 1x1 convs, each thread 4 channels with the 4 sums in registers across
//     the reduced channels (weights warp-uniform), bias (and ReLU) fused;
//   g1, t, sd, g2: the depthwise convs (the zero pad a guarded read, 9 taps unrolled; t reads
//     the concat cat[p1, g1] directly, so h is never stored);
//   y: the shortcut's 1x1 conv, 4 channels per thread in registers across C, with its bias
//     and the concat cat[p2, g2] added in the store.
// 16x4 work-items per work-group over (columns, rows), threads adjacent along the columns (coalesced
// rows); channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const int tx = 16, ty = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    const std::vector<std::tuple<Func, Func, RVar>> tiled = {
        {a.p1, a.conv_p1, a.rc}, {a.p2, a.conv_p2, a.rh}, {a.y, a.conv_spw, a.rs}};
    const std::vector<std::pair<Func, Func>> planes = {
        {a.g1, a.conv_c1}, {a.t, a.conv_dw}, {a.sd, a.conv_sdw}, {a.g2, a.conv_c2}};
    // @layer compute
    for (Func f : {a.p1, a.g1, a.t, a.p2, a.g2, a.sd}) f.compute_root();
    // @layer loops
    for (auto [out, conv, r] : tiled) {
        out.split(a.c, a.c, cv, chans, guard)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, guard);
        conv.update().reorder(a.c, a.col, a.row, r, a.n);
    }
    for (auto [out, conv] : planes) {
        out.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, guard);
    }
    // @layer memory
    for (auto [out, conv, r] : tiled) conv.compute_at(out, xi).store_in(MemoryType::Register);
    for (auto [out, conv] : planes) conv.compute_at(out, xi).store_in(MemoryType::Register);
    // @layer vector
    for (auto [out, conv, r] : tiled) {
        out.unroll(cv);
        conv.unroll(a.c);
        conv.update().unroll(a.c);
    }
    for (auto [out, conv] : planes) conv.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
