// Expert opencl schedule for `sppf_block`: five kernels, every stage on the device, all with
// 16x4 work-items per work-group (PoCL vectorizes across the work-group):
//   h: each thread computes one pixel of 4 cv1 output channels, the 4 sums in registers
//      across the C input channels (one load of x feeds 4 FMAs), bias and SiLU fused;
//   q1, q2, q3: the cascaded pools, separable: each block stages the 5-wide row maxima of
//      its tile plus a 2-row apron in local/shared memory, then each thread takes the
//      5-tall column max of its pixel (10 compares instead of 25);
//   y: each thread projects one pixel of the four maps (the concat never materialized)
//      onto 4 output channels, the sums in registers, bias and SiLU fused into the store.
// Channel groups run along the grid's third dimension; all tails use GuardWithIf, so any
// width, height and channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;  // output channels per thread in the 1x1 convs
    const Expr W = a.x.dim(0).extent(), H = a.x.dim(1).extent();
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    // The separable pools (the window's centre is always inside, so clamped border reads
    // repeat an element of the window and never change the max).
    auto separable = [&](Func in, const char *name) {
        Func rowmax(std::string(name) + "_rows"), out(name);
        Func cl = BoundaryConditions::repeat_edge(in, {{0, W}, {0, H}});
        Expr m = cl(a.col - 2, a.row, a.c, a.n);
        for (int k = -1; k <= 2; k++) m = max(m, cl(a.col + k, a.row, a.c, a.n));
        rowmax(a.col, a.row, a.c, a.n) = m;
        Func rl = BoundaryConditions::repeat_edge(rowmax, {{0, W}, {0, H}});
        Expr v = rl(a.col, a.row - 2, a.c, a.n);
        for (int k = -1; k <= 2; k++) v = max(v, rl(a.col, a.row + k, a.c, a.n));
        out(a.col, a.row, a.c, a.n) = v;
        return std::pair{out, rowmax};
    };
    a.h.compute_root();
    auto [q1, r1] = separable(a.h, "q1");
    auto [q2, r2] = separable(q1, "q2");
    auto [q3, r3] = separable(q2, "q3");
    const Expr Ch = a.w1.dim(3).extent();
    Func conv2("conv2_fast"), y("y_fast");
    conv2(a.col, a.row, a.c, a.n) = 0.0f;
    conv2(a.col, a.row, a.c, a.n) += a.w2(0, 0, a.rh, a.c) * a.h(a.col, a.row, a.rh, a.n) +
                                     a.w2(0, 0, a.rh + Ch, a.c) * q1(a.col, a.row, a.rh, a.n) +
                                     a.w2(0, 0, a.rh + 2 * Ch, a.c) * q2(a.col, a.row, a.rh, a.n) +
                                     a.w2(0, 0, a.rh + 3 * Ch, a.c) * q3(a.col, a.row, a.rh, a.n);
    y(a.col, a.row, a.c, a.n) = task::Algorithm::silu(conv2(a.col, a.row, a.c, a.n) + a.b2(a.c));
    for (Func f : {q1, q2, q3}) f.compute_root();
    // @layer loops
    for (Func f : {a.h, y}) {
        f.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {q1, q2, q3}) {
        f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.conv1.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    conv2.update().reorder(a.c, a.col, a.row, a.rh, a.n);
    // @layer memory
    a.conv1.compute_at(a.h, xi).store_in(MemoryType::Register);
    conv2.compute_at(y, xi).store_in(MemoryType::Register);
    for (auto [q, r] : {std::pair{q1, r1}, std::pair{q2, r2}, std::pair{q3, r3}}) {
        r.compute_at(q, xo).store_in(MemoryType::GPUShared).gpu_threads(a.col, a.row);
    }
    // @layer vector
    for (Func f : {a.h, y}) f.unroll(cv);
    for (Func f : {a.conv1, conv2}) {
        f.unroll(a.c);
        f.update().unroll(a.c);
    }
    // @end
    return {{a.x, a.w1, a.b1, a.w2, a.b2}, {y}};
}
