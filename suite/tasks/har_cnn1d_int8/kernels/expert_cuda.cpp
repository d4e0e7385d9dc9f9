// Expert cuda schedule for `har_cnn1d_int8`: five kernels, every stage on the device.
//   conv1 + requantization + ReLU: one thread per (sample, filter), its accumulator in a register across the
//     (input channel, tap) loop; 32 x 4 blocks, threads adjacent along the samples so loads
//     of x and stores of a1 are coalesced;
//   conv2 + requantization + ReLU + max pool: one thread per pooled (sample, filter): the two conv samples of
//     its pair accumulate in registers across the (filter, tap) loop, requantization, ReLU and the max
//     applied in registers; a2 is never stored;
//   dense 1: split over the pooled samples (rfactor): one thread per (sample, hidden unit)
//     sums over the filters (adjacent threads read adjacent w3 entries: coalesced), then one
//     thread per hidden unit adds its Lp partials, bias, requantizes and clamps;
//   the logits: one thread per class in a register.
// All tails GuardWithIf, so any window, filter and unit count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, lx{"lx"};
    // @layer compute
    a.a1.compute_root();
    a.pool.compute_root();
    a.hidden.compute_root();
    Func part = a.acc3.update().rfactor(a.r3.x, lx);  // part(u, lx): int32 sum over the filters
    part.compute_root();
    // @layer loops
    a.a1.gpu_tile(a.l, a.f, xo, yo, xi, yi, 32, 4, guard);
    a.pool.gpu_tile(a.l, a.f, xo, yo, xi, yi, 32, 4, guard);
    part.reorder(lx, a.u).gpu_tile(lx, a.u, xo, yo, xi, yi, 32, 4, guard);
    part.update().reorder(lx, a.u).gpu_tile(lx, a.u, xo, yo, xi, yi, 32, 4, guard);
    a.hidden.gpu_tile(a.u, xo, xi, 32, guard);
    a.logits.gpu_tile(a.k, a.b, xo, yo, xi, yi, 8, 1, guard);
    // @layer memory
    a.acc1.compute_at(a.a1, xi).store_in(MemoryType::Register);
    a.acc2.compute_at(a.pool, xi).store_in(MemoryType::Register);
    a.acc3.compute_at(a.hidden, xi).store_in(MemoryType::Register);
    a.acc4.compute_at(a.logits, xi).store_in(MemoryType::Register);
    // @layer vector
    a.acc2.unroll(a.l);
    a.acc2.update().reorder(a.l, a.f, a.r2.x, a.r2.y).unroll(a.l);
    // @end
    return a.kernel();
}
