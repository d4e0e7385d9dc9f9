// Halide reference algorithm for task `topk_values`: the k = 6 largest values of each row of
// logits [R, V], in descending order, float32. One pass over the row keeps the six largest
// values seen so far, sorted, as a Tuple t0 >= t1 >= ... >= t5; inserting v gives
// t_j' = max(t_j, min(t_{j-1}, v)) (t_{-1} = +inf), every t_j' from the old values.
// Halide dimension 0 is the last PyTorch dimension: logits(v, r) is logits[r, v].
#pragma once
#include <ekb/kernel.h>

#include <limits>
#include <vector>

namespace task {

struct Algorithm {
    static constexpr int k = 6;  // = get_init_inputs() in reference.py

    Halide::ImageParam logits{Halide::Float(32), 2, "logits"};  // [R, V]
    Halide::Var j{"j"}, r{"r"};                                  // values[r, j]
    Halide::RDom e;                                              // over the elements of a row
    Halide::Func top{"top"};        // the six largest values so far (a Tuple, descending)
    Halide::Func values{"values"};  // the output: top's j-th element

    // The sorted six after inserting v into the sorted six `t`.
    static std::vector<Halide::Expr> insert(const std::vector<Halide::Expr> &t, const Halide::Expr &v) {
        std::vector<Halide::Expr> out;
        out.push_back(Halide::max(t[0], v));
        for (int i = 1; i < k; i++) out.push_back(Halide::max(t[i], Halide::min(t[i - 1], v)));
        return out;
    }

    Algorithm() {
        using namespace Halide;
        const float neg_inf = -std::numeric_limits<float>::infinity();
        e = RDom(0, logits.dim(0).extent(), "e");
        top(r) = Tuple(std::vector<Expr>(k, Expr(neg_inf)));
        std::vector<Expr> t;
        for (int i = 0; i < k; i++) t.push_back(top(r)[i]);
        top(r) = Tuple(insert(t, logits(e, r)));
        std::vector<Expr> slots;
        for (int i = 0; i < k; i++) slots.push_back(top(r)[i]);
        values(j, r) = mux(j, slots);
    }

    ekb::Kernel kernel() { return {{logits}, {values}}; }
};

}  // namespace task
