// Expert cpu schedule for `blur_sobel`: the whole chain fused per strip of 32 output rows,
// strips in parallel. Each strip first computes its blurred rows plus the 1-row halo (the
// vertical Gaussian pass) into a strip buffer (L2); while it does, the clamp-to-edge copy and
// the horizontal pass slide down the strip: a new row of each is computed just before the
// first blurred row that needs it, into buffers Halide folds to a few rows (L1). Then the
// Sobel responses and the magnitude write the strip's output rows from three blurred rows
// each, vectorized along x.
// One algorithm rewrite: the clamp-to-edge read of the blurred image (blur_clamped) indexes
// with clamp(x +- 1, 0, W - 1), which Halide 14 does not partition out of the vector loop at
// the left edge (every vector load becomes a gather). Here the blurred strip is computed one
// column wider on each side and the border is a per-lane select between a dense load and
// the edge value, so every load is dense. Same values: the select picks blur_y at the
// clamped column.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 32;
    const Expr W = a.img.dim(0).extent(), H = a.img.dim(1).extent();
    Var x = a.x, y = a.y, yo{"yo"}, yi{"yi"};
    // @layer compute
    // blur_edge replaces blur_clamped (see above); the Sobel taps are those of algorithm.h
    // with the zero taps left out, gx and gy inlined into the magnitude.
    Func blur_edge{"blur_edge"}, mag{"mag"};
    Expr yc = clamp(y, 0, H - 1);
    blur_edge(x, y) = select(x < 0, a.blur_y(0, yc), x > W - 1, a.blur_y(W - 1, yc), a.blur_y(x, yc));
    auto b = [&](int i, int j) { return blur_edge(x + i, y + j); };
    Expr gx = (b(1, -1) - b(-1, -1)) + 2.0f * (b(1, 0) - b(-1, 0)) + (b(1, 1) - b(-1, 1));
    Expr gy = (b(-1, 1) - b(-1, -1)) + 2.0f * (b(0, 1) - b(0, -1)) + (b(1, 1) - b(1, -1));
    mag(x, y) = sqrt(gx * gx + gy * gy);
    // @layer loops
    mag.split(y, yo, yi, rows, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    a.clamped.store_at(mag, yo).compute_at(a.blur_y, y);
    a.blur_x.store_at(mag, yo).compute_at(a.blur_y, y);
    a.blur_y.compute_at(mag, yo);
    // @layer vector
    mag.vectorize(x, 2 * vec, TailStrategy::GuardWithIf);
    a.clamped.vectorize(x, vec, TailStrategy::GuardWithIf);
    a.blur_x.vectorize(x, 2 * vec, TailStrategy::GuardWithIf);
    a.blur_y.vectorize(x, 2 * vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.img}, {mag}};
}
