// Expert cpu schedule for `conv3x3_int8_perchannel`: NHWC direct convolution vectorized over output
// channels. The OHWI weights are first repacked so that output channels are contiguous
// (wt(co, kx, ky, ci), once per call). Output rows run in parallel; per row the 3 padded
// input rows are built once; each tile of 1 vector of output channels x 4 pixels keeps its
// 4 int32 accumulator vectors in registers across the input channels and the 9 unrolled
// taps: per (ci, tap) one weight vector load and 4 input broadcasts feed 4 multiply-adds.
// The products of an 8-bit input (minus its zero point, within [-255, 255]) and an 8-bit
// weight fit in 16 bits, so they are formed as 16-bit products and widened, not with 32-bit
// multiplies. The per-channel requantization is fused into the int8 store.
// The requantization is written with fewer vector operations, bit-exact: every multiplier is
// in [2^30, 2^31), so SRDHM(acc, M) = (acc * M + 2^30) >> 31 (the saturation case
// INT32_MIN * INT32_MIN cannot occur).
// Where there are at least a vector of output channels and 4 columns, the last channel
// and pixel tiles shift inwards; smaller instances take a guarded fallback.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int px = 4;
    Var cb{"cb"}, cv{"cv"}, xo{"xo"}, xi{"xi"}, t{"t"}, kx{"kx"}, ky{"ky"}, ci{"ci"};
    Expr CO = a.bias.dim(0).extent(), W = a.input.dim(1).extent();
    // @layer compute
    Func wt{"wt"}, acc{"acc_t"}, out{"out"};
    wt(a.c, kx, ky, ci) = a.weight(ci, kx, ky, a.c);
    acc(a.c, a.x, a.y, a.n) = a.bias(a.c);
    acc(a.c, a.x, a.y, a.n) += cast<int32_t>(
        cast<int16_t>(cast<int16_t>(a.padded(a.r.x, a.x + a.r.y - 1, a.y + a.r.z - 1, a.n)) - task::zp_in) *
        cast<int16_t>(wt(a.c, a.r.y, a.r.z, a.r.x)));
    Expr high = cast<int32_t>((cast<int64_t>(acc(a.c, a.x, a.y, a.n)) * a.multiplier(a.c) + Expr(int64_t(1) << 30)) >> 31);
    out(a.c, a.x, a.y, a.n) = cast<int8_t>(clamp(task::zp_out + task::rdivpot(high, a.shift(a.c)), -128, 127));
    // @layer loops
    wt.compute_root();
    auto tiles = [&](Stage s, TailStrategy tail) {
        s.split(a.c, cb, cv, vec, tail).split(a.x, xo, xi, px, tail)
            .reorder(cv, xi, cb, xo, a.y, a.n)
            .fuse(a.y, a.n, t).parallel(t)
            .vectorize(cv).unroll(xi);
    };
    tiles(out.specialize(CO >= vec && W >= px), TailStrategy::ShiftInwards);
    tiles(out, TailStrategy::GuardWithIf);
    // @layer memory
    a.padded.compute_at(out, t);
    acc.compute_at(out, cb);
    // @layer vector
    wt.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.padded.vectorize(a.c, 16, TailStrategy::GuardWithIf);
    acc.vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.x);
    acc.update().reorder(a.c, a.x, a.r.y, a.r.z, a.r.x, a.y, a.n)
        .vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.x).unroll(a.r.y).unroll(a.r.z);
    // @end
    return {{a.input, a.weight, a.bias, a.multiplier, a.shift}, {out}};
}
