// Expert opencl schedule for `lenet5`: five kernels, every stage on the device (the naive
// schedule has eleven).
//   pool1, pool2: each thread computes one pooled pixel of 4 channels: its 2x2 conv window
//      for the 4 channels (16 sums) in registers across the taps (and input channels), the
//      bias as initial value, then ReLU and the 2x2 max before the single store. 8x8-thread
//      blocks over (columns, rows), channel groups along the grid's third dimension;
//   fc1, fc2, fc3: 32-thread groups along the output features, each thread one output feature
//      of every frame of the batch (up to 4 per pass) in registers across the whole input,
//      bias as initial value, ReLU fused. All tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    Var oo{"oo"}, oi{"oi"}, bo{"bo"}, bv{"bv"}, bb{"bb"}, bi{"bi"};
    // @layer compute
    a.pool1.compute_root();
    a.pool2.compute_root();
    a.act1.compute_root();
    a.act2.compute_root();
    // @layer loops
    for (Func pool : {a.pool1, a.pool2}) {
        pool.split(a.c, a.c, cv, chans, guard)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 8, 8, 1, guard);
    }
    for (Func out : {a.act1, a.act2, a.y}) {
        out.split(a.n, bo, bv, 4, guard).reorder(bv, a.o, bo).gpu_tile(a.o, bo, oo, bb, oi, bi, 32, 1, guard);
    }
    // @layer memory
    a.conv1.compute_at(a.pool1, xi).store_in(MemoryType::Register);
    a.conv2.compute_at(a.pool2, xi).store_in(MemoryType::Register);
    a.fc1.compute_at(a.act1, oi).store_in(MemoryType::Register);
    a.fc2.compute_at(a.act2, oi).store_in(MemoryType::Register);
    a.fc3.compute_at(a.y, oi).store_in(MemoryType::Register);
    // @layer vector
    for (Func pool : {a.pool1, a.pool2}) pool.unroll(cv);
    a.conv1.unroll(a.col).unroll(a.row).unroll(a.c, chans, guard);
    a.conv1.update().reorder(a.col, a.row, a.c, a.r1.x, a.r1.y).unroll(a.col).unroll(a.row).unroll(a.c, chans, guard).unroll(a.r1.x);
    a.conv2.unroll(a.col).unroll(a.row).unroll(a.c, chans, guard);
    a.conv2.update()
        .reorder(a.col, a.row, a.c, a.r2.x, a.r2.y, a.r2.z)
        .unroll(a.col)
        .unroll(a.row)
        .unroll(a.c, chans, guard)
        .unroll(a.r2.x);
    for (auto [out, fc, rd] : {std::tuple{a.act1, a.fc1, a.r3}, std::tuple{a.act2, a.fc2, a.r4}, std::tuple{a.y, a.fc3, a.r5}}) {
        out.unroll(bv);
        fc.unroll(a.n);
        if (rd.dimensions() == 3) {
            fc.update().reorder(a.n, rd.x, rd.y, rd.z, a.o).unroll(a.n);
        } else {
            fc.update().reorder(a.n, rd.x, a.o).unroll(a.n);
        }
    }
    // @end
    return a.kernel();
}
