// Halide reference algorithm for task `speech_enhancement_mask`: a mask-based speech
// enhancement frame pipeline on an STFT:
//   mag    = sqrt(re^2 + im^2)                          the magnitude of each bin
//   feat   = log(1 + mag)                               log-compressed magnitude
//   hidden = ReLU(b1 + feat @ w1^T)                     FC F -> Hd
//   mask   = sigmoid(b2 + hidden @ w2^T)                FC Hd -> F, the per-bin gain in (0, 1)
//   out_re = re * mask,  out_im = im * mask             the mask applied to the complex bins
// Halide dimension 0 is the last PyTorch dimension: re(f, t) is re[t, f], w1(f, j) is
// w1[j, f], w2(j, f) is w2[f, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam re{Halide::Float(32), 2, "re"};  // [T, F]
    Halide::ImageParam im{Halide::Float(32), 2, "im"};  // [T, F]
    Halide::ImageParam w1{Halide::Float(32), 2, "w1"};  // [Hd, F]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};  // [Hd]
    Halide::ImageParam w2{Halide::Float(32), 2, "w2"};  // [F, Hd]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};  // [F]
    Halide::Var f{"f"}, j{"j"}, t{"t"};  // f: frequency bin (F), j: hidden unit (Hd), t: frame (T)
    Halide::RDom rf;                     // over the frequency bins (F): the first FC
    Halide::RDom rj;                     // over the hidden units (Hd): the second FC
    Halide::Func mag{"mag"};        // sqrt(re^2 + im^2)
    Halide::Func feat{"feat"};      // log(1 + mag)
    Halide::Func fc1{"fc1"};        // feat @ w1^T: the reduction over rf
    Halide::Func hidden{"hidden"};  // ReLU(fc1 + b1)
    Halide::Func fc2{"fc2"};        // hidden @ w2^T: the reduction over rj
    Halide::Func mask{"mask"};      // sigmoid(fc2 + b2) = 1 / (1 + exp(-(fc2 + b2)))
    Halide::Func out_re{"out_re"};  // re * mask: the first output
    Halide::Func out_im{"out_im"};  // im * mask: the second output

    Algorithm() {
        using namespace Halide;
        rf = RDom(0, re.dim(0).extent(), "rf");
        rj = RDom(0, w1.dim(1).extent(), "rj");
        mag(f, t) = sqrt(re(f, t) * re(f, t) + im(f, t) * im(f, t));
        feat(f, t) = log(1.0f + mag(f, t));
        fc1(j, t) = 0.0f;
        fc1(j, t) += feat(rf, t) * w1(rf, j);
        hidden(j, t) = max(fc1(j, t) + b1(j), 0.0f);
        fc2(f, t) = 0.0f;
        fc2(f, t) += hidden(rj, t) * w2(rj, f);
        mask(f, t) = 1.0f / (1.0f + exp(-(fc2(f, t) + b2(f))));
        out_re(f, t) = re(f, t) * mask(f, t);
        out_im(f, t) = im(f, t) * mask(f, t);
    }

    ekb::Kernel kernel() { return {{re, im, w1, b1, w2, b2}, {out_re, out_im}}; }
};

}  // namespace task
