// Expert cpu schedule for `depthwise_conv3x3_int8`: channels in parallel; per channel the
// padded int8 plane is built once, then each 8-row x 1-vector tile of the output keeps its
// int32 accumulators in registers across the 9 unrolled taps (int8 loads widened to int32),
// and the requantization is fused into the vectorized int8 store.
// The requantization is rewritten into fewer vector operations, bit-exact: with M0 > 0,
// SRDHM(acc, M0) = (acc * M0 + 2^30) >> 31 (arithmetic shift; the spec's sign-dependent
// nudge and truncating division round ties up on both signs, which is what the floor of
// the shift does, and INT32_MIN * INT32_MIN cannot occur), so no 64-bit selects or negations.
#include <ekb/kernel.h>

#include <algorithm>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // At most 8 lanes: MobileNet's late layers are only 14 or 7 pixels wide.
    const int vec = std::min(8, target.natural_vector_size(Int(32)));
    const int rows = 8;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, t{"t"};
    // @layer compute
    // padded is built per channel and acc per tile (below); neither is materialized whole.
    Func output{"output"};
    Expr high = cast<int32_t>((cast<int64_t>(a.acc(a.x, a.y, a.c, a.n)) * task::M0 + Expr(int64_t(1) << 30)) >> 31);
    output(a.x, a.y, a.c, a.n) = cast<int8_t>(clamp(task::zp_out + task::rdivpot(high, task::shift), -128, 127));
    // @layer loops
    // Rows at least one vector wide: the last vector of a row shifts inwards (it recomputes a
    // few pixels) instead of falling back to guarded scalar code. Narrower rows are guarded.
    Expr width = a.input.dim(0).extent();
    output.specialize(width >= vec)
        .split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .split(a.x, xo, xi, vec, TailStrategy::ShiftInwards)
        .reorder(xi, yi, xo, yo, a.c, a.n)
        .fuse(a.c, a.n, t).parallel(t)
        .vectorize(xi).unroll(yi);
    output.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .split(a.x, xo, xi, vec, TailStrategy::GuardWithIf)
        .reorder(xi, yi, xo, yo, a.c, a.n)
        .fuse(a.c, a.n, t).parallel(t);
    // @layer memory
    a.padded.compute_at(output, t);
    // A full vec x rows block even at the right and bottom edges, so it stays in registers:
    // the extra columns and rows read padded (defined everywhere) and are never stored.
    a.acc.compute_at(output, xo).bound_extent(a.x, vec).bound_extent(a.y, rows);
    // @layer vector
    output.vectorize(xi).unroll(yi);  // the narrow-row fallback
    // The copy into padded is 16 int8 lanes wide (one SSE register); its vectors that straddle
    // the border become per-lane loads.
    a.padded.vectorize(a.x, 16, TailStrategy::GuardWithIf);
    a.acc.vectorize(a.x).unroll(a.y);
    a.acc.update()
        .reorder(a.x, a.y, a.r.x, a.r.y, a.c, a.n)
        .vectorize(a.x).unroll(a.y).unroll(a.r.x).unroll(a.r.y);
    // @end
    return {{a.input, a.weight, a.bias}, {output}};
}
