// Halide reference algorithm for task `zero_crossing_rate`: the zero-crossing rate of
// overlapping frames of a stream that arrives in blocks of H samples, x [C, B, H]:
//   s[c, i] = x[c, i / H, i % H]                       (the stream)
//   cross[c, i] = (s[c, i] >= 0) != (s[c, i - 1] >= 0)  (1 or 0)
//   zcr[c, f] = (sum over n in [1, 2H) of cross[c, f H + n]) / (2H)   f in [0, B - 1)
// Halide dimension 0 is the last PyTorch dimension: x(h, b, c) is x[c, b, h], zcr(f, c) is
// zcr[c, f].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};  // [C, B, H]
    Halide::Var i{"i"}, f{"f"}, c{"c"};  // i: stream sample, f: frame (B - 1), c: channel (C)
    Halide::RDom r;                      // over the sample pairs of a frame
    Halide::Func s{"s"};                 // the stream of a channel
    Halide::Func cross{"cross"};         // 1 where the sign changes from sample i - 1 to i
    Halide::Func count{"count"};         // crossings per frame (int32)
    Halide::Func zcr{"zcr"};             // the output

    Algorithm() {
        using namespace Halide;
        Expr H = x.dim(0).extent();
        r = RDom(1, 2 * H - 1, "r");
        s(i, c) = x(i % H, i / H, c);
        cross(i, c) = select((s(i, c) >= 0.0f) != (s(i - 1, c) >= 0.0f), 1, 0);
        count(f, c) = 0;
        count(f, c) += cross(f * H + r, c);
        zcr(f, c) = cast<float>(count(f, c)) / cast<float>(2 * H);
    }

    ekb::Kernel kernel() { return {{x}, {zcr}}; }
};

}  // namespace task
