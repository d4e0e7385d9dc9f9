// Expert cuda schedule for `argmax_rows`: an algorithm rewrite in two kernels, since a
// few long rows give one thread per row far too little parallelism. Kernel 1: one block of
// W = 256 threads per row, thread u keeping in registers the (index, value) of the maximum
// of columns u, u + W, u + 2W, ... (a warp reads 32 consecutive columns: coalesced;
// strictly greater wins, so each thread keeps its first maximum). Kernel 2: one thread per
// row folds the W partial results, ties broken towards the lower index, then scans the last
// V % W columns, so the result is the first maximum, exactly as the reference.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int W = 256;
    Var u{"u"}, uo{"uo"}, ui{"ui"}, ro{"ro"}, ri{"ri"};
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
    Func lanes_out = lanes.in();  // the W partial results of each row, written once
    lanes_out.compute_root();
    // @layer loops
    lanes_out.bound(u, 0, W).gpu_tile(u, a.r, uo, ro, ui, ri, W, 1, TailStrategy::GuardWithIf);
    index.gpu_tile(a.r, ro, ri, 8, TailStrategy::GuardWithIf);
    // @layer memory
    lanes.compute_at(lanes_out, ui).store_in(MemoryType::Register);
    fold.compute_at(index, ri).store_in(MemoryType::Register);
    // @end
    return {{a.logits}, {index}};
}
