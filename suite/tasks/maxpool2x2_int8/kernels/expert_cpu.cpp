// Expert cpu schedule for `maxpool2x2_int8`: one pass, the 2x2 window written out as three
// maxes of a pure Func (no running-max update stage), so it inlines into the store. The output
// rows of all channels are fused into one loop that runs in parallel slices of 32 rows; each
// row is computed in vectors of 32 int8 lanes (two input rows loaded 64 bytes at a time and
// deinterleaved into even and odd columns), or of 8 lanes for rows under 32 outputs (Tiny
// YOLO's late layers). A row ends with a vector shifted inwards (it recomputes a few outputs)
// instead of guarded scalar code; only rows under 8 outputs run scalar.
#include <ekb/kernel.h>

#include <algorithm>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = std::min(32, target.natural_vector_size(Int(8)));
    const int k = task::kernel_size;
    Var t{"t"}, to{"to"}, ti{"ti"}, xo{"xo"}, xi{"xi"};
    // @layer compute
    Func output{"output"};
    Expr top = max(a.input(a.x * k, a.y * k, a.c, a.n), a.input(a.x * k + 1, a.y * k, a.c, a.n));
    Expr bottom = max(a.input(a.x * k, a.y * k + 1, a.c, a.n), a.input(a.x * k + 1, a.y * k + 1, a.c, a.n));
    output(a.x, a.y, a.c, a.n) = max(top, bottom);
    // @layer loops
    Expr out_width = a.input.dim(0).extent() / k;
    output.fuse(a.y, a.c, t).fuse(t, a.n, t)
        .split(t, to, ti, 32, TailStrategy::GuardWithIf)
        .parallel(to);
    output.specialize(out_width >= vec).split(a.x, xo, xi, vec, TailStrategy::ShiftInwards).vectorize(xi);
    output.specialize(out_width >= 8).split(a.x, xo, xi, 8, TailStrategy::ShiftInwards).vectorize(xi);
    // @layer vector
    // Rows under 8 outputs stay scalar.
    // @end
    return {{a.input}, {output}};
}
