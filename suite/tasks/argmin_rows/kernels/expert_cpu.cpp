// Expert cpu schedule for `argmin_rows`: an algorithm rewrite, since Halide 14 does not
// rfactor this (index, value) reduction. Rows run in parallel (strips of 2; serial under 16K
// elements, where waking the thread pool costs more than the work); each row is
// scanned once by W = 2 * natural-width lanes, lane u keeping the (index, value) of the
// minimum of columns u, u + W, u + 2W, ... in vector registers (strictly smaller wins, so a
// lane keeps its first minimum). The lanes are then folded, ties broken towards the lower
// index, and the last K % W columns are scanned after them, so the result is the first
// minimum, exactly as the reference. A row shorter than W is all tail.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int W = 2 * vec;
    Var u{"u"}, to{"to"}, ti{"ti"};
    // @layer compute
    Expr K = a.dist.dim(0).extent();
    Expr full = K / W;  // complete groups of W columns
    RDom j(0, full, "j"), lane_k(1, W - 1, "lane_k"), tail(full * W, K - full * W, "tail");
    Func lanes("lanes"), fold("fold"), index("index");
    lanes(u, a.t) = Tuple(0, Float(32).max());
    {
        Expr c = j * W + u, v = a.dist(c, a.t);
        Expr better = v < lanes(u, a.t)[1];
        lanes(u, a.t) = Tuple(select(better, c, lanes(u, a.t)[0]), min(lanes(u, a.t)[1], v));
    }
    // Lanes that saw no column (K < W) keep (0, +max) and never win below.
    fold(a.t) = Tuple(lanes(0, a.t)[0], lanes(0, a.t)[1]);
    {
        Expr i = lanes(lane_k, a.t)[0], v = lanes(lane_k, a.t)[1];
        Expr better = v < fold(a.t)[1] || (v == fold(a.t)[1] && i < fold(a.t)[0]);
        fold(a.t) = Tuple(select(better, i, fold(a.t)[0]), select(better, v, fold(a.t)[1]));
    }
    {
        Expr v = a.dist(tail, a.t);
        Expr better = v < fold(a.t)[1];
        fold(a.t) = Tuple(select(better, tail, fold(a.t)[0]), select(better, v, fold(a.t)[1]));
    }
    index(a.t) = fold(a.t)[0];
    // @layer loops
    index.split(a.t, to, ti, 2, TailStrategy::GuardWithIf);
    index.specialize(K * a.dist.dim(1).extent() >= 16384).parallel(to);
    // @layer memory
    lanes.compute_at(index, ti);
    fold.compute_at(index, ti);
    // @layer vector
    lanes.vectorize(u, vec).unroll(u);
    lanes.update().vectorize(u, vec).unroll(u);
    // @end
    return {{a.dist}, {index}};
}
