// Expert cpu schedule for `harris_response`: the whole chain fused per strip of 32 output
// rows, strips in parallel, every stage vectorized along x. Down each strip two stages slide:
// a new row of the clamp-to-edge copy of img and a new row of the three structure-tensor
// products (the Sobel gradients inlined, computed once per pixel) are computed just before
// the first output row that needs them, into buffers Halide folds to a few rows (L1); each
// output row then takes the 3x3 box sums of the three products and the response in one pass
// (27 dense loads per vector of outputs).
// One algorithm rewrite: the box sums read the products at clamp(x +- 1, 0, W - 1), which
// Halide 14 does not partition out of the vector loop at the left edge (every vector load
// becomes a gather). Here the product rows are computed one column wider on each side, with
// the border as a per-lane select between the gradient at x and at the clamped edge column
// (and the row clamped), so the box sums load densely. Same values as algorithm.h.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 32;
    const float k = 0.04f;  // as in algorithm.h
    const Expr W = a.img.dim(0).extent(), H = a.img.dim(1).extent();
    Var x = a.x, y = a.y, yo{"yo"}, yi{"yi"};
    // @layer compute
    // prods = (ix*ix, iy*iy, ix*iy) at the clamped pixel, one Tuple stage; ix and iy are
    // inlined into it (the Sobel taps of algorithm.h); the box sums and the response are
    // inlined into resp.
    Func prods{"prods"}, resp{"resp"};
    Expr yc = clamp(y, 0, H - 1);
    Expr gx = select(x < 0, a.ix(0, yc), x > W - 1, a.ix(W - 1, yc), a.ix(x, yc));
    Expr gy = select(x < 0, a.iy(0, yc), x > W - 1, a.iy(W - 1, yc), a.iy(x, yc));
    prods(x, y) = Tuple(gx * gx, gy * gy, gx * gy);
    Expr sxx = 0.0f, syy = 0.0f, sxy = 0.0f;
    for (int j = -1; j <= 1; j++) {
        for (int i = -1; i <= 1; i++) {
            Tuple p = prods(x + i, y + j);
            sxx += p[0];
            syy += p[1];
            sxy += p[2];
        }
    }
    Expr trace = sxx + syy;
    resp(x, y) = (sxx * syy - sxy * sxy) - k * (trace * trace);
    // @layer loops
    resp.split(y, yo, yi, rows, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    a.clamped.store_at(resp, yo).compute_at(resp, yi);
    prods.store_at(resp, yo).compute_at(resp, yi);
    // @layer vector
    resp.vectorize(x, vec, TailStrategy::GuardWithIf);
    prods.vectorize(x, vec, TailStrategy::GuardWithIf);
    a.clamped.vectorize(x, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.img}, {resp}};
}
