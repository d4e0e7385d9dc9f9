// Halide algorithm of the device probe's compute peak: 8 independent chains of 128
// dependent multiply-adds per element. b and c come from the element itself, so a chain
// cannot be folded at compile time (no reassociation or constant folding shortens it).
#pragma once
#include <ekb/kernel.h>

#include <vector>

namespace task {

struct Algorithm {
    static constexpr int chains = 8, depth = 128;
    Halide::ImageParam x{Halide::Float(32), 1, "x"};  // [N]
    Halide::Var i{"i"};
    Halide::Func y{"y"};

    Algorithm() {
        using Halide::Expr;
        Expr v = x(i);
        Expr b = 0.9f + 0.05f * v, c = 0.01f * v;
        std::vector<Expr> acc;
        for (int k = 0; k < chains; k++) acc.push_back(v + 0.125f * k);
        for (int d = 0; d < depth; d++) {
            for (int k = 0; k < chains; k++) acc[k] = acc[k] * b + c;
        }
        Expr s = acc[0];
        for (int k = 1; k < chains; k++) s = s + acc[k];
        y(i) = s;
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
