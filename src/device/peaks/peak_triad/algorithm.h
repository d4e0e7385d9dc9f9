// Halide algorithm of the device probe's bandwidth peak: STREAM's triad a = b + 3 c.
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam b{Halide::Float(32), 1, "b"};  // [N]
    Halide::ImageParam c{Halide::Float(32), 1, "c"};  // [N]
    Halide::Var i{"i"};
    Halide::Func a{"a"};

    Algorithm() { a(i) = b(i) + 3.0f * c(i); }

    ekb::Kernel kernel() { return {{b, c}, {a}}; }
};

}  // namespace task
