// Expert cpu schedule for `conv2d_1x1`: a GEMM over channels at every pixel. The output is
// cut into tiles of 1 vector of columns x 2 rows x 8 output channels whose 16 accumulator
// vectors stay in registers across the whole input-channel loop: per input channel 2 vector
// loads of the input and 8 weight broadcasts feed 16 FMAs. Row-pair x channel-block tiles
// run in parallel. Where the plane is at least one vector wide, 2 rows high and has 8
// output channels, the last tile of each dimension shifts inwards (it recomputes a few
// outputs) so every tile has the constant size that keeps it in registers; smaller
// instances take a guarded fallback.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 2, chans = 8;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, t{"t"};
    Expr W = a.input.dim(0).extent(), H = a.input.dim(1).extent(), CO = a.bias.dim(0).extent();
    // @layer compute
    // conv is computed per tile of the output (memory, below), never materialized whole.
    // @layer loops
    auto tiles = [&](Stage s, TailStrategy tail) {
        s.split(a.y, yo, yi, rows, tail)
            .split(a.c, co, ci, chans, tail)
            .split(a.x, xo, xi, vec, tail)
            .reorder(xi, ci, yi, xo, yo, co, a.n)
            .fuse(yo, co, t).fuse(t, a.n, t).parallel(t)
            .vectorize(xi).unroll(ci).unroll(yi);
    };
    tiles(a.output.specialize(W >= vec && H >= rows && CO >= chans), TailStrategy::ShiftInwards);
    tiles(a.output, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.output, xo);
    // @layer vector
    // In the shifted tiles conv is exactly vec x rows x chans; in the guarded fallback it is
    // at most that, and its vector and unrolled loops are guarded.
    a.conv.vectorize(a.x, vec, TailStrategy::GuardWithIf).unroll(a.y).unroll(a.c);
    a.conv.update()
        .reorder(a.x, a.c, a.y, a.r, a.n)
        .vectorize(a.x, vec, TailStrategy::GuardWithIf).unroll(a.c).unroll(a.y);
    // @end
    return a.kernel();
}
