// Expert opencl schedule for `argmin_rows`: an algorithm rewrite in two kernels. Kernel 1:
// W = 128 lanes per row, 8 per work-item as one float8 (16 work-items per row, one
// work-group), lane u keeping in registers the (index, value) of the minimum of columns u,
// u + W, u + 2W, ... (each work-item loads 8 neighbouring columns as one vector; strictly
// smaller wins, so each lane keeps its first minimum). PoCL does not vectorize across
// work-items around a loop, hence the explicit vectors. Kernel 2: one work-item per row folds
// the W partial results, ties broken towards the lower index, then scans the last K % W
// columns, so the result is the first minimum, exactly as the reference.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int W = 128;
    Var u{"u"}, uo{"uo"}, ui{"ui"}, uv{"uv"}, to{"to"}, ti{"ti"};
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
    Func lanes_out = lanes.in();  // the W partial results of each row, written once
    lanes_out.compute_root();
    // @layer loops
    lanes_out.bound(u, 0, W)
        .split(u, u, uv, 8)
        .gpu_tile(u, a.t, uo, to, ui, ti, W / 8, 1, TailStrategy::GuardWithIf);
    index.gpu_tile(a.t, to, ti, 32, TailStrategy::GuardWithIf);
    // @layer memory
    lanes.compute_at(lanes_out, ui).store_in(MemoryType::Register);
    fold.compute_at(index, ti).store_in(MemoryType::Register);
    // @layer vector
    lanes_out.vectorize(uv);
    lanes.vectorize(u);
    lanes.update().vectorize(u);
    // @end
    return {{a.dist}, {index}};
}
