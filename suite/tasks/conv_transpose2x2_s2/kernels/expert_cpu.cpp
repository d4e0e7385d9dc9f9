// Expert cpu schedule for `conv_transpose2x2_s2`: algorithm rewrite into a small GEMM per
// tile. taps(xi, yi, kx, ky, co) = bias + sum over ci of input(xi, yi, ci) * weight(kx, ky,
// co, ci) is computed for 8 input pixels of one row x the 4 taps x 4 output channels, i.e.
// 16 accumulator vectors kept in registers across all input channels: per ci one vector load
// of 8 input pixels and 16 multiply-adds whose weight is a broadcast folded into the
// instruction (8-lane vectors: on Zen 4 they reach the same multiply-add rate as 16-lane
// ones, and rows of 8 or 9 pixels waste nothing). The output tile then takes each 2x2 tap
// from taps: with kx and ky unrolled, the two taps of a row are stride-2 stores that Halide
// merges into one interleaving shuffle and one dense 16-lane store. The output extents are
// declared 2W x 2H from 0 (always true), so the x / 2 and y / 2 splits have no tail and
// bounds inference sees the constant 8-pixel tile. Tiles of input rows x 4-channel blocks run
// in parallel; the last pixel and channel tiles shift inwards (ShiftInwards) instead of being
// masked, and only inputs under 8 pixels wide or 4 output channels take a guarded fallback.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int natural = target.natural_vector_size(Float(32));
    const int vec = natural < 8 ? natural : 8;
    const int chans = 4;
    Var xi{"xi"}, yi{"yi"}, kx{"kx"}, ky{"ky"}, co{"co"};
    Var xo{"xo"}, xt{"xt"}, xv{"xv"}, yo{"yo"}, ct{"ct"}, cc{"cc"}, t{"t"};
    Expr W = a.input.dim(0).extent();
    Expr CO = a.bias.dim(0).extent();
    // @layer compute
    Func taps{"ct_taps"}, out{"ct_out"};
    taps(xi, yi, kx, ky, co, a.n) = a.bias(co);
    taps(xi, yi, kx, ky, co, a.n) += a.input(xi, yi, a.r, a.n) * a.weight(kx, ky, co, a.r);
    out(a.x, a.y, a.c, a.n) = taps(a.x / 2, a.y / 2, a.x % 2, a.y % 2, a.c, a.n);
    // @layer loops
    OutputImageParam ob = out.output_buffer();
    ob.dim(0).set_min(0).set_extent(2 * W);
    ob.dim(1).set_min(0).set_extent(2 * a.input.dim(1).extent());
    out.split(a.x, xo, kx, 2, TailStrategy::RoundUp).split(a.y, yo, ky, 2, TailStrategy::RoundUp);
    auto tiles = [&](Stage s, TailStrategy tail) {
        s.split(xo, xt, xv, vec, tail).split(a.c, ct, cc, chans, tail)
            .reorder(xv, kx, ky, cc, xt, yo, ct, a.n)
            .fuse(yo, ct, t).parallel(t)
            .vectorize(xv).unroll(kx).unroll(ky).unroll(cc);
    };
    tiles(out.specialize(CO >= chans && W >= vec), TailStrategy::ShiftInwards);
    tiles(out, TailStrategy::GuardWithIf);
    // @layer memory
    taps.compute_at(out, xt);
    // @layer vector
    taps.vectorize(xi, vec, TailStrategy::GuardWithIf).unroll(kx).unroll(ky);
    taps.update().reorder(xi, kx, ky, co, yi, a.r, a.n)
        .vectorize(xi, vec, TailStrategy::GuardWithIf).unroll(kx).unroll(ky).unroll(co, chans, TailStrategy::GuardWithIf);
    // @end
    return {{a.input, a.weight, a.bias}, {out}};
}
