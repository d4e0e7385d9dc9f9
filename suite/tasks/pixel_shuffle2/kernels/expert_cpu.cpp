// Expert cpu schedule for `pixel_shuffle2`: each output row interleaves two input rows (the
// even columns from channel 4c + 2i, the odd ones from 4c + 2i + 1). The columns are split in
// pairs (an output row is always of even width), the pair unrolled and the pairs vectorized, so
// each step loads one dense vector from each input row and stores them interleaved as two
// dense vectors. Channels x rows in parallel (serial under 16K elements); guarded vectors, so
// narrow rows are legal.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var xo{"xo"}, xi{"xi"}, t{"t"};
    // @layer compute
    // An algorithm rewrite of the index arithmetic: the column parity as a select between two
    // input rows, so the loads are dense along x / 2.
    Func out("out");
    Expr ch = a.c * 4 + (a.y % 2) * 2;
    out(a.x, a.y, a.c, a.n) = select(a.x % 2 == 0, a.input(a.x / 2, a.y / 2, ch, a.n), a.input(a.x / 2, a.y / 2, ch + 1, a.n));
    // @layer loops
    out.split(a.x, xo, xi, 2, TailStrategy::RoundUp).fuse(a.y, a.c, t);
    Expr work = a.input.dim(0).extent() * a.input.dim(1).extent() * a.input.dim(2).extent();
    Stage big = out.specialize(work >= 16384);
    big.parallel(t, 8, TailStrategy::GuardWithIf);
    // @layer vector
    for (Stage s : {big, Stage(out)}) s.unroll(xi).vectorize(xo, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {out}};
}
