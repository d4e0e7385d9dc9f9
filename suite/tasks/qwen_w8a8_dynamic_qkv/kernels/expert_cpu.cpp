// Expert cpu schedule for `qwen_w8a8_dynamic_qkv`: as an int8 runtime runs a W8A8 linear:
// per token the absmax (vector partials) and the quantized int8 row, once; then the int8
// GEMM in register tiles of 4 output channels x 4 tokens, each element keeping one vector of
// int32 partial sums over K (rfactor over the lanes, summed across lanes as the tile is
// stored), so one int8 weight vector feeds every token of the tile and one quantized token
// vector 4 channels; the dequantization (token scale, channel scale, bias) fused into the
// store. Tiles in parallel. Every split is guarded (GuardWithIf), so any T, N and K work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var no{"no"}, ni{"ni"}, to{"to"}, ti{"ti"}, nt{"nt"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
    a.absmax.compute_root();
    a.xq.compute_root();
    // @layer loops
    Func max_part = a.absmax.update().split(a.rk.x, ko, ku, vec, guard).rfactor(ku, w);
    a.absmax.parallel(a.t);
    a.absmax.update().parallel(a.t);
    a.xq.parallel(a.t).vectorize(a.k, vec, guard);
    a.y.tile(a.n, a.t, no, to, ni, ti, 4, 4, guard).reorder(ni, ti, no, to).fuse(no, to, nt).parallel(nt);
    // @layer memory
    max_part.compute_at(a.absmax, a.t);
    Func lanes = a.acc.update().split(a.rk.x, ko, ku, vec, guard).rfactor(ku, u);
    a.acc.compute_at(a.y, nt);
    lanes.compute_at(a.y, nt).reorder_storage(u, a.n, a.t).bound_storage(a.n, 4).bound_storage(a.t, 4);
    // @layer vector
    max_part.vectorize(w);
    max_part.update().vectorize(w);
    a.absmax.update().atomic().vectorize(ku);
    lanes.vectorize(u).unroll(a.n).unroll(a.t);
    lanes.update().reorder(u, a.n, a.t, ko).vectorize(u).unroll(a.n).unroll(a.t);
    a.acc.unroll(a.n).unroll(a.t);
    a.acc.update().reorder(ku, a.n, a.t).atomic().vectorize(ku).unroll(a.n).unroll(a.t);
    a.y.unroll(ni).unroll(ti);
    // @end
    return a.kernel();
}
