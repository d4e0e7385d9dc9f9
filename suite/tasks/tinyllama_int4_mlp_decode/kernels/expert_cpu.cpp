// Expert cpu schedule for `tinyllama_int4_mlp_decode`, as a 4-bit decode runtime runs it:
// the RMSNorm once (sum of squares in vector partials); then gate and up fused: tiles of 8
// rows in parallel, each row keeping one vector of partial sums over the packed bytes
// (rfactor over the lanes): one vector of bytes is unpacked into its low and high nibbles in
// registers, scaled by its group's scale, and multiplied against the even and odd features
// of the normed input, which one load feeds to all 8 rows; the SiLU product is fused into the
// tile's store. down likewise with the residual fused into its store. The weights are
// streamed once, never dequantized to memory. Every split is guarded (GuardWithIf), so any
// legal D and F work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8;  // rows per GEMV tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var no{"no"}, ni{"ni"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // A GEMV `dot` over `r`, per tile of `rows` outputs at loop `no` of `at`.
    auto gemv_at = [&](Func dot, RDom r, Func at) {
        Func lanes = dot.update().split(r.x, ko, ku, vec, guard).rfactor(ku, u);
        dot.compute_at(at, no);
        lanes.compute_at(at, no).reorder_storage(u, a.n).bound_storage(a.n, rows);
        lanes.vectorize(u).unroll(a.n);
        lanes.update().reorder(u, a.n, ko).vectorize(u).unroll(a.n);
        dot.unroll(a.n);
        dot.update().reorder(ku, a.n).atomic().vectorize(ku).unroll(a.n);
    };
    // @layer compute
    a.h.compute_root();
    a.act.compute_root();
    // @layer loops
    for (Func f : {a.act, a.y}) f.split(a.n, no, ni, rows, guard).parallel(no);
    // @layer memory
    {
        Func part = a.ss.update().split(a.rk.x, ko, ku, vec, guard).rfactor(ku, w);
        part.compute_root().vectorize(w);
        part.update().vectorize(w);
        a.ss.compute_root();
        a.ss.update().atomic().vectorize(ku);
    }
    gemv_at(a.g_dot, a.rjd, a.act);
    gemv_at(a.u_dot, a.rjd, a.act);
    gemv_at(a.d_dot, a.rjf, a.y);
    // @layer vector
    a.h.vectorize(a.n, vec, guard);
    // @end
    return a.kernel();
}
