// Halide reference algorithm for task `swiglu_gate_fp16`: y = silu(gate) * up, elementwise,
// silu(v) = v / (1 + exp(-v)). float16 in and out (torch.half), as two half operators: silu
// in float rounded to float16, then the product in float rounded to float16 again (PyTorch's
// CPU half kernels: opmath float).
// Halide dimension 0 is the last PyTorch dimension: gate(d, t) is gate[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam gate{Halide::Float(16), 2, "gate"};  // [T, D]
    Halide::ImageParam up{Halide::Float(16), 2, "up"};      // [T, D]
    Halide::Var d{"d"}, t{"t"};  // y[t, d]: d intermediate features (D), t tokens (T)
    Halide::Func act{"act"};     // silu(gate), rounded to float16 (F.silu's half result)
    Halide::Func y{"y"};         // the output: act * up, rounded to float16

    Algorithm() {
        using namespace Halide;
        Expr g = cast<float>(gate(d, t));
        act(d, t) = cast(Float(16), g / (1.0f + exp(-g)));
        y(d, t) = cast(Float(16), cast<float>(act(d, t)) * cast<float>(up(d, t)));
    }

    ekb::Kernel kernel() { return {{gate, up}, {y}}; }
};

}  // namespace task
