// Halide reference algorithm for task `lucas_kanade_step`: one dense Lucas-Kanade step.
//   Ix, Iy = central differences of frame1 (replicate borders), It = frame2 - frame1
//   prod(k) = Ixx, Ixy, Iyy, Ixt, Iyt for k = 0..4
//   S(k) = sum of prod(k) over the 5x5 window (zero outside the image)
//   det = max(Sxx*Syy - Sxy^2, eps)
//   u = (Sxy*Syt - Syy*Sxt) / det,  v = (Sxy*Sxt - Sxx*Syt) / det
// Halide dimension 0 is the last PyTorch dimension: frame1(x, y) is frame1[y, x],
// flow(x, y, c) is flow[c, y, x] (c = 0 u, 1 v).
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int window = 5;     // = get_init_inputs() in reference.py
    static constexpr float eps = 0.5f;   // the determinant floor

    Halide::ImageParam frame1{Halide::Float(32), 2, "frame1"};  // [H, W]
    Halide::ImageParam frame2{Halide::Float(32), 2, "frame2"};  // [H, W]
    Halide::Var x{"x"}, y{"y"}, k{"k"}, c{"c"};  // pixel (x, y); k product index; c flow component
    Halide::RDom w;                      // the 5x5 window
    Halide::Func clamped{"clamped"};     // frame1 with replicate borders
    Halide::Func ix{"ix"}, iy{"iy"};     // the spatial gradients of frame1
    Halide::Func it{"it"};               // the temporal difference frame2 - frame1
    Halide::Func prod{"prod"};           // prod(x, y, k): Ixx, Ixy, Iyy, Ixt, Iyt
    Halide::Func prod_padded{"prod_padded"};  // prod, zero outside the image
    Halide::Func sums{"sums"};           // sums(x, y, k): the 5x5 window sums S
    Halide::Func flow{"flow"};           // the output (u, v)

    Algorithm() {
        using namespace Halide;
        Expr W = frame1.dim(0).extent(), H = frame1.dim(1).extent();
        clamped(x, y) = BoundaryConditions::repeat_edge(frame1, {{0, W}, {0, H}})(x, y);
        ix(x, y) = (clamped(x + 1, y) - clamped(x - 1, y)) * 0.5f;
        iy(x, y) = (clamped(x, y + 1) - clamped(x, y - 1)) * 0.5f;
        it(x, y) = frame2(x, y) - frame1(x, y);
        prod(x, y, k) = select(k == 0, ix(x, y) * ix(x, y),
                               k == 1, ix(x, y) * iy(x, y),
                               k == 2, iy(x, y) * iy(x, y),
                               k == 3, ix(x, y) * it(x, y),
                               iy(x, y) * it(x, y));
        prod_padded(x, y, k) = BoundaryConditions::constant_exterior(prod, 0.0f, {{0, W}, {0, H}})(x, y, k);
        w = RDom(0, window, 0, window, "w");
        sums(x, y, k) = 0.0f;
        sums(x, y, k) += prod_padded(x + w.x - window / 2, y + w.y - window / 2, k);
        Expr sxx = sums(x, y, 0), sxy = sums(x, y, 1), syy = sums(x, y, 2);
        Expr sxt = sums(x, y, 3), syt = sums(x, y, 4);
        Expr det = max(sxx * syy - sxy * sxy, eps);
        flow(x, y, c) = select(c == 0, sxy * syt - syy * sxt, sxy * sxt - sxx * syt) / det;
    }

    ekb::Kernel kernel() { return {{frame1, frame2}, {flow}}; }
};

}  // namespace task
