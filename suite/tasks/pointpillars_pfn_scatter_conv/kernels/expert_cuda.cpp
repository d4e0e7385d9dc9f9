// Expert cuda schedule for `pointpillars_pfn_scatter_conv`: the PFN one thread per (channel,
// pillar), each point's linear layer in registers (the weights copied once transposed so
// adjacent threads read adjacent weights), masked ReLU and the running max, so the
// [P, T, C] activations never go to memory; the canvas gathered one thread per (column, row,
// channel) through the cell-to-pillar grid; the stride-2 conv one thread per (output column,
// row, 4 output channels) with the 4 sums in registers over the 3 x 3 x C taps (the canvas
// value read once for the 4 channels), the bias and ReLU fused into the store, 32 x 4
// blocks. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, ov{"ov"};
    // @layer compute
    Func wt = a.w_pfn.in(a.lin);
    std::vector<Var> wv = wt.args();
    wt.compute_root().reorder_storage(wv[1], wv[0]);
    a.pf.compute_root();
    a.canvas.compute_root();
    // @layer loops
    wt.gpu_tile(wv[1], wv[0], xo, yo, xi, yi, 32, 4, guard);
    a.pf.gpu_tile(a.c, a.p, xo, yo, xi, yi, 32, 4, guard);
    a.pf.update().gpu_tile(a.c, a.p, xo, yo, xi, yi, 32, 4, guard);
    a.canvas.gpu_tile(a.x, a.y, a.c, xo, yo, zo, xi, yi, zi, 32, 4, 1, guard);
    a.out.split(a.o, a.o, ov, 4, guard).reorder(ov, a.x, a.y, a.o, a.b)
        .gpu_tile(a.x, a.y, a.o, xo, yo, zo, xi, yi, zi, 32, 4, 1, guard).unroll(ov);
    // @layer memory
    a.lin.compute_at(a.pf, a.rt.x).store_in(MemoryType::Register);
    a.conv.compute_at(a.out, xi).store_in(MemoryType::Register);
    // @layer vector
    a.conv.unroll(a.o);
    a.conv.update().reorder(a.o, a.rc.x, a.rc.y, a.rc.z).unroll(a.o);
    // @end
    return a.kernel();
}
