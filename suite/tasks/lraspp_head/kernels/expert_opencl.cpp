// Expert opencl schedule for `lraspp_head`: every stage on the device:
//   gate: one thread per channel of the gate; the global average pool (pool) is a kernel
//       of one thread per high channel, the sums in registers;
//   gated: each thread one high-map pixel of 4 cbr channels, the sums in registers across
//       CHI, bias, ReLU and the gate fused;
//   up: the bilinear resize of gated, one element per thread;
//   y: each thread one output pixel of 4 classes, both 1x1 classifiers' sums in registers
//      (across CL and CI), both biases fused.
// 16x4 work-items per work-group; channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    Func pool = a.pool.in();  // the kernel of the pool; the reduction lives in its thread
    // @layer compute
    for (Func f : {pool, a.gate, a.gated, a.up}) f.compute_root();
    // @layer loops
    pool.gpu_tile(pool.args()[0], co, ci, 64, TailStrategy::GuardWithIf);
    a.gate.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    for (Func f : {a.gated, a.y}) {
        f.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.up.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    a.conv_cbr.update().reorder(a.c, a.col, a.row, a.rh, a.n);
    a.conv_low.update().reorder(a.c, a.col, a.row, a.rl, a.n);
    a.conv_high.update().reorder(a.c, a.col, a.row, a.ri, a.n);
    // @layer memory
    a.pool.compute_at(pool, ci).store_in(MemoryType::Register);
    a.scale_conv.compute_at(a.gate, ci).store_in(MemoryType::Register);
    a.conv_cbr.compute_at(a.gated, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    for (Func f : {a.conv_low, a.conv_high}) {
        f.compute_at(a.y, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    }
    // @layer vector
    for (Func f : {a.gated, a.y}) f.unroll(cv);
    for (Func f : {a.conv_cbr, a.conv_low, a.conv_high}) {
        f.unroll(a.c, chans, TailStrategy::GuardWithIf);
        f.update().unroll(a.c, chans, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
