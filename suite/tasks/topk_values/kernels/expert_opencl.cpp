// Expert opencl schedule for `topk_values`: an algorithm rewrite in two kernels. Kernel 1:
// W = 128 lanes per row, 8 per work-item as float8 vectors (16 work-items per row), lane u
// keeping in registers the six largest of columns u, u + W, u + 2W, ... (each work-item loads 8
// neighbouring columns as one vector; PoCL does not vectorize across work-items around a loop,
// hence the explicit vectors). Kernel 2: one work-item per row inserts the 6 * W partial values
// and the last V % W columns into one sorted six, which holds the row's six largest.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int W = 128;
    Var u{"u"}, uo{"uo"}, ui{"ui"}, uv{"uv"}, ro{"ro"}, ri{"ri"}, jo{"jo"}, ji{"ji"};
    // @layer compute
    const int k = task::Algorithm::k;
    const float neg_inf = -std::numeric_limits<float>::infinity();
    Expr V = a.logits.dim(0).extent();
    Expr full = V / W;  // complete groups of W columns
    RDom g(0, full, "g"), lk(0, k, 1, W - 1, "lk"), tail(full * W, V - full * W, "tail");
    Func lanes("lanes"), fold("fold"), values("values");
    // lanes(u, r): the six largest of columns u, u + W, u + 2W, ... of row r.
    lanes(u, a.r) = Tuple(std::vector<Expr>(k, Expr(neg_inf)));
    {
        std::vector<Expr> t;
        for (int i = 0; i < k; i++) t.push_back(lanes(u, a.r)[i]);
        lanes(u, a.r) = Tuple(task::Algorithm::insert(t, a.logits(g * W + u, a.r)));
    }
    // fold(r): lane 0's six, then every value of lanes 1..W-1 inserted, then the tail columns.
    // The six largest of the row are among the lanes' sixes and the tail.
    {
        std::vector<Expr> t;
        for (int i = 0; i < k; i++) t.push_back(lanes(0, a.r)[i]);
        fold(a.r) = Tuple(t);
    }
    for (int pass = 0; pass < 2; pass++) {
        std::vector<Expr> t, slots;
        for (int i = 0; i < k; i++) t.push_back(fold(a.r)[i]);
        Expr v;
        if (pass == 0) {
            for (int i = 0; i < k; i++) slots.push_back(lanes(lk.y, a.r)[i]);
            v = mux(lk.x, slots);
        } else {
            v = a.logits(tail, a.r);
        }
        fold(a.r) = Tuple(task::Algorithm::insert(t, v));
    }
    {
        std::vector<Expr> slots;
        for (int i = 0; i < k; i++) slots.push_back(fold(a.r)[i]);
        values(a.j, a.r) = mux(a.j, slots);
    }
    Func lanes_out = lanes.in();  // the six largest of each lane, written once
    lanes_out.compute_root();
    // @layer loops
    lanes_out.bound(u, 0, W)
        .split(u, u, uv, 8)
        .gpu_tile(u, a.r, uo, ro, ui, ri, W / 8, 1, TailStrategy::GuardWithIf);
    fold.compute_root().gpu_tile(a.r, ro, ri, 8, TailStrategy::GuardWithIf);
    fold.update(0).gpu_tile(a.r, ro, ri, 8, TailStrategy::GuardWithIf);
    fold.update(1).gpu_tile(a.r, ro, ri, 8, TailStrategy::GuardWithIf);
    values.gpu_tile(a.j, a.r, jo, ro, ji, ri, 8, 8, TailStrategy::GuardWithIf);
    // @layer memory
    lanes.compute_at(lanes_out, ui).store_in(MemoryType::Register);
    // @layer vector
    lanes_out.vectorize(uv);
    lanes.vectorize(u);
    lanes.update().vectorize(u);
    // @end
    return {{a.logits}, {values}};
}
