// Expert cpu schedule for `pointpillars_pfn_scatter_conv`, as an embedded LiDAR detector runs
// its front end. PFN: pillars in parallel; per pillar the linear layer is a register tile
// of 2 vectors of channels x 4 points (weights copied once transposed: a vector of channels
// is one load against a broadcast input value), the mask and ReLU in the epilogue, each
// tile folded straight into the pillar's running max, so the [P, T, C] activations never go
// to memory. Scatter + conv: strips of 4 output rows in parallel; a strip first gathers its
// 9 canvas rows (all channels) through the cell-to-pillar grid into a buffer that stays in
// cache, then the stride-2 conv runs in register tiles of 2 vectors of output columns x 8
// output channels accumulated over the 3 x 3 x C taps (the stride-2 input columns are one
// dense load and a deinterleave), the bias and ReLU fused into the store. Tails
// GuardWithIf, so any sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int kq = 4;     // points per PFN register tile
    const int rows = 4;   // output rows per strip
    const int chans = 8;  // output channels per conv register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var po{"po"}, pi{"pi"}, co{"co"}, ci{"ci"}, xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, oo{"oo"}, oi{"oi"};
    RVar rto{"rto"}, rti{"rti"};
    // @layer compute
    Func wt = a.w_pfn.in(a.lin);
    {
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[1], v[0]).reorder(v[1], v[0]).vectorize(v[1], vec, guard);
    }
    a.pf.compute_root();
    // @layer loops
    a.pf.update().split(a.c, co, ci, 2 * vec, guard).split(a.rt.x, rto, rti, kq, guard)
        .reorder(ci, rti, rto, co, a.p).split(a.p, po, pi, 8, guard).parallel(po);
    a.out.split(a.y, yo, yi, rows, guard).split(a.x, xo, xi, 2 * vec, guard).split(a.o, oo, oi, chans, guard)
        .reorder(xi, oi, xo, yi, oo, yo, a.b).parallel(yo);
    // @layer memory
    a.lin.compute_at(a.pf, rto).bound_storage(a.c, 2 * vec).bound_storage(a.t, kq);
    a.canvas.compute_at(a.out, yo);
    a.conv.compute_at(a.out, xo).bound_storage(a.x, 2 * vec).bound_storage(a.o, chans);
    // @layer vector
    a.pf.vectorize(a.c, vec, guard);
    a.pf.update().vectorize(ci, vec, guard);
    a.lin.vectorize(a.c, vec, guard).unroll(a.c).unroll(a.t);
    a.lin.update().reorder(a.c, a.t, a.rk.x).vectorize(a.c, vec, guard).unroll(a.c).unroll(a.t);
    a.canvas.vectorize(a.x, vec, guard);
    a.conv.vectorize(a.x, vec, guard).unroll(a.x).unroll(a.o);
    a.conv.update().reorder(a.x, a.o, a.rc.x, a.rc.y, a.rc.z)
        .vectorize(a.x, vec, guard).unroll(a.x).unroll(a.o).unroll(a.rc.x);
    a.out.vectorize(xi, vec, guard).unroll(oi);
    // @end
    return a.kernel();
}
