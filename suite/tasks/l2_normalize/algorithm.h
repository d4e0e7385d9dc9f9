// Halide reference algorithm for task `l2_normalize`: y = x / max(||x||_2, eps) over the
// last dimension, as torch.nn.functional.normalize(x, p=2, dim=-1, eps=1e-12), float32.
// Halide dimension 0 is the last PyTorch dimension: x(d, r) is x[r, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-12f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [R, D]
    Halide::Var d{"d"}, r{"r"};                       // y[r, d]: d embedding (D), r rows (R)
    Halide::RDom k;                                   // over the columns of a row
    Halide::Func sum_sq{"sum_sq"};  // sum of x^2 over the row
    Halide::Func norm{"norm"};      // max(sqrt(sum_sq), eps)
    Halide::Func y{"y"};            // the output: x / norm

    Algorithm() {
        k = Halide::RDom(0, x.dim(0).extent(), "k");
        sum_sq(r) = 0.0f;
        sum_sq(r) += x(k, r) * x(k, r);
        norm(r) = Halide::max(Halide::sqrt(sum_sq(r)), eps);
        y(d, r) = x(d, r) / norm(r);
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
