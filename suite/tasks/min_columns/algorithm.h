// Halide reference algorithm for task `min_columns`: the minimum over the rows of depth [H, W]
// (the nearest obstacle per column), float32.
// Halide dimension 0 is the last PyTorch dimension: depth(d, t) is depth[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam depth{Halide::Float(32), 2, "depth"};  // [H, W]
    Halide::Var d{"d"};       // y[d]: one column (W)
    Halide::RDom k;           // over the rows of the band
    Halide::Func acc{"acc"};  // the running minimum of column d
    Halide::Func y{"y"};  // the output: acc

    Algorithm() {
        using namespace Halide;
        k = RDom(0, depth.dim(1).extent(), "k");
        acc(d) = depth(d, 0);
        acc(d) = min(acc(d), depth(d, k));
        y(d) = acc(d);
    }

    ekb::Kernel kernel() { return {{depth}, {y}}; }
};

}  // namespace task
