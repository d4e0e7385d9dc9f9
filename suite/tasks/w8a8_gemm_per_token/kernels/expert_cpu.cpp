// Expert cpu schedule for `w8a8_gemm_per_token`: an int8 GEMM in dot-product form (both A and W
// are contiguous along k). Each tile of 4 output channels x 4 tokens keeps 16 vectors of
// lane-wise int32 partial sums in registers across the whole k loop (the reduction split
// in natural_vector_size(Int(32)) lanes and rfactored): per step, 4 vector loads of A rows
// and 4 of W rows feed 16 multiply-adds (int8 x int8 products formed in 16 bits, widened).
// The k tail is one predicated step. Then each of the 16 sums is folded across its lanes and
// dequantized with the token's and the channel's scales. Channel tiles run in parallel.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int tn = 4, tm = 4;
    Var no{"no"}, ni{"ni"}, mo{"mo"}, mi{"mi"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    Func acc{"acc16"}, out{"out"};
    acc(a.n, a.m) = 0;
    acc(a.n, a.m) += cast<int32_t>(cast<int16_t>(a.A(a.k, a.m)) * cast<int16_t>(a.W(a.k, a.n)));
    out(a.n, a.m) = (cast<float>(acc(a.n, a.m)) * a.a_scale(a.m)) * a.w_scale(a.n);
    Func lanes = acc.update().split(a.k, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer loops
    out.split(a.n, no, ni, tn, TailStrategy::GuardWithIf)
        .split(a.m, mo, mi, tm, TailStrategy::GuardWithIf)
        .reorder(ni, mi, mo, no).parallel(no);
    // @layer memory
    acc.compute_at(out, mo);
    lanes.compute_at(out, mo)
        .reorder_storage(u, a.n, a.m)
        .bound_storage(a.n, tn).bound_storage(a.m, tm);  // constant tile: the sums stay in registers
    // @layer vector
    lanes.vectorize(u).unroll(a.n).unroll(a.m);
    lanes.update().reorder(u, a.n, a.m, ko).vectorize(u).unroll(a.n).unroll(a.m);
    acc.unroll(a.n).unroll(a.m);
    acc.update().reorder(ki, a.n, a.m).atomic().vectorize(ki).unroll(a.n).unroll(a.m);
    // @end
    return {{a.A, a.a_scale, a.W, a.w_scale}, {out}};
}
