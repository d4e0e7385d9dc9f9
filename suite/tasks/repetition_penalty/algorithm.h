// Halide reference algorithm for task `repetition_penalty`: CTRL's repetition penalty on the
// next-token logits of each sequence: every vocabulary entry that occurs in the sequence's
// recent tokens is divided by the penalty if positive and multiplied by it if negative;
// repeated ids count once. Written as Hugging Face does it, a scatter: mark the ids of each
// row, then rescale the marked logits.
// Halide dimension 0 is the last PyTorch dimension: logits(v, b) is logits[b, v] and
// ids(l, b) is ids[b, l].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float penalty = 1.2f;  // = get_init_inputs() in reference.py

struct Algorithm {
    Halide::ImageParam logits{Halide::Float(32), 2, "logits"};  // [B, V]
    Halide::ImageParam ids{Halide::Int(32), 2, "ids"};          // [B, L], token ids in [0, V)
    Halide::Var v{"v"}, b{"b"};  // out[b, v]
    Halide::RDom l;              // over the L recent tokens of a row
    Halide::Func mark{"mark"};   // 1 where v occurs in ids[b, :], else 0 (a scatter)
    Halide::Func out{"out"};     // the penalized logits

    Algorithm() {
        using namespace Halide;
        Expr V = logits.dim(0).extent();
        l = RDom(0, ids.dim(0).extent(), "l");
        mark(v, b) = 0;
        mark(clamp(ids(l, b), 0, V - 1), b) = 1;
        Expr x = logits(v, b);
        out(v, b) = select(mark(v, b) != 0, select(x < 0.0f, x * penalty, x / penalty), x);
    }

    ekb::Kernel kernel() { return {{logits, ids}, {out}}; }
};

}  // namespace task
