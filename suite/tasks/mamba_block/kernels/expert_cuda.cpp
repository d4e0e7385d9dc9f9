// Expert cuda schedule for `mamba_block`, as a GPU prefill runtime runs a Mamba block: the
// RMSNorm statistics one thread per token; every projection (in_proj, x_proj, dt_proj with
// its softplus, out_proj with the residual) one kernel of 32 x 4 blocks, one thread per
// (output feature, 4 tokens) with the 4 dot products in registers (adjacent threads read
// adjacent weights of the input-major matrices); the conv + SiLU one thread per element; the
// selective scan one thread per (feature, state) chain walking the tokens (the chains are
// independent, as in mamba_ssm's scan kernels, which give each chain a lane), its decay
// computed in the thread; the readout s . C + Dp u and the gate one thread per (feature,
// token), the sum over the state in registers. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, tv{"tv"};
    // @layer compute
    Func xz = a.xz_dot.in(), dbc = a.dbc_dot.in();
    for (Func f : {a.ss, a.hn, xz, a.u, dbc, a.dt, a.A, a.s, a.y}) f.compute_root();
    auto project = [&](Func out, Func dot, RDom r) {
        Var c = out.args()[0], t = out.args()[1];
        out.split(t, t, tv, 4, guard).reorder(tv, c, t).gpu_tile(c, t, xo, yo, xi, yi, 32, 4, guard).unroll(tv);
        dot.compute_at(out, xi).store_in(MemoryType::Register).unroll(t);
        dot.update().reorder(t, c, r.x).unroll(t);
    };
    auto tile2 = [&](Func f) {
        Var v0 = f.args()[0], v1 = f.args()[1];
        f.gpu_tile(v0, v1, xo, yo, xi, yi, 32, 4, guard);
    };
    // @layer loops
    a.ss.gpu_tile(a.t, xo, xi, 32, guard);
    a.ss.update().gpu_tile(a.t, xo, xi, 32, guard);
    tile2(a.hn);
    project(xz, a.xz_dot, a.rd);
    tile2(a.u);
    project(dbc, a.dbc_dot, a.re);
    project(a.dt, a.dt_dot, a.rr);
    tile2(a.A);
    a.s.gpu_tile(a.c, a.n, xo, yo, xi, yi, 32, 4, guard);
    a.s.update().gpu_tile(a.c, a.n, xo, yo, xi, yi, 32, 4, guard);
    tile2(a.y);
    a.yc.compute_at(a.y, xi);
    project(a.out, a.out_dot, a.re);
    // @end
    return a.kernel();
}
