// Expert cpu schedule for `topk_values`: an algorithm rewrite. Each row is scanned once by
// W = 2 * natural-width lanes, lane u keeping the six largest of columns u, u + W, u + 2W, ...
// sorted in vector registers (six vector max and five vector min per step); the 6 * W lane
// values and the last V % W columns are then inserted into one sorted six, which holds the
// row's six largest (each lane's six include every lane value among the row's six). Rows run
// in parallel (serial under 16K elements); a row shorter than W is all tail.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int W = 2 * vec;
    Var u{"u"};
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
    // @layer loops
    values.specialize(V * a.logits.dim(1).extent() >= 16384).parallel(a.r);
    // @layer memory
    lanes.compute_at(values, a.r);
    fold.compute_at(values, a.r);
    // @layer vector
    lanes.vectorize(u, vec).unroll(u);
    lanes.update().vectorize(u, vec).unroll(u);
    // @end
    return {{a.logits}, {values}};
}
