// Expert cuda schedule for `argmin_rows`: an algorithm rewrite in two kernels. Kernel 1: one
// block of W = 128 threads per row, thread u keeping in registers the (index, value) of the
// minimum of columns u, u + W, u + 2W, ... (a warp reads 32 consecutive columns: coalesced;
// strictly smaller wins, so each thread keeps its first minimum). Kernel 2: one thread per
// row folds the W partial results, ties broken towards the lower index, then scans the last
// K % W columns, so the result is the first minimum, exactly as the reference.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int W = 128;
    Var u{"u"}, uo{"uo"}, ui{"ui"}, to{"to"}, ti{"ti"};
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
    lanes_out.bound(u, 0, W).gpu_tile(u, a.t, uo, to, ui, ti, W, 1, TailStrategy::GuardWithIf);
    index.gpu_tile(a.t, to, ti, 32, TailStrategy::GuardWithIf);
    // @layer memory
    lanes.compute_at(lanes_out, ui).store_in(MemoryType::Register);
    fold.compute_at(index, ti).store_in(MemoryType::Register);
    // @end
    return {{a.dist}, {index}};
}
