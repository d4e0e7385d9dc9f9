// Expert cpu schedule for `argmax_rows`: an algorithm rewrite, since Halide 14 does not
// rfactor this (index, value) reduction. Rows run in parallel; each row is scanned once by
// W = 4 * natural-width lanes, lane u keeping the (index, value) of the maximum of columns
// u, u + W, u + 2W, ... in vector registers (strictly greater wins, so a lane keeps its
// first maximum). The lanes are then folded, ties broken towards the lower index, and the
// last V % W columns are scanned after them, so the result is the first maximum, exactly as
// the reference.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int W = 4 * vec;
    Var u{"u"};
    // @layer compute
    Expr V = a.logits.dim(0).extent();
    Expr full = V / W;  // complete groups of W columns
    RDom j(0, full, "j"), lane_k(1, W - 1, "lane_k"), tail(full * W, V - full * W, "tail");
    Func lanes("lanes"), fold("fold"), index("index");
    lanes(u, a.r) = Tuple(0, Float(32).min());
    {
        Expr c = j * W + u, v = a.logits(c, a.r);
        Expr better = v > lanes(u, a.r)[1];
        lanes(u, a.r) = Tuple(select(better, c, lanes(u, a.r)[0]), max(lanes(u, a.r)[1], v));
    }
    fold(a.r) = Tuple(lanes(0, a.r)[0], lanes(0, a.r)[1]);
    {
        Expr i = lanes(lane_k, a.r)[0], v = lanes(lane_k, a.r)[1];
        Expr better = v > fold(a.r)[1] || (v == fold(a.r)[1] && i < fold(a.r)[0]);
        fold(a.r) = Tuple(select(better, i, fold(a.r)[0]), select(better, v, fold(a.r)[1]));
    }
    {
        Expr v = a.logits(tail, a.r);
        Expr better = v > fold(a.r)[1];
        fold(a.r) = Tuple(select(better, tail, fold(a.r)[0]), select(better, v, fold(a.r)[1]));
    }
    index(a.r) = fold(a.r)[0];
    // @layer loops
    index.parallel(a.r);
    // @layer memory
    lanes.compute_at(index, a.r);
    fold.compute_at(index, a.r);
    // @layer vector
    lanes.vectorize(u, vec).unroll(u);
    lanes.update().vectorize(u, vec).unroll(u);
    // @end
    return {{a.logits}, {index}};
}
