// Halide algorithm of the device probe's compute peak: 8 independent chains of 128
// dependent multiply-adds per element. b and c come from the element itself, so a chain
// cannot be folded at compile time (no reassociation or constant folding shortens it).
//
// The chains are a dimension of their own (acc(k, i), chain k of element i) and the 128
// steps an update over a reduction domain: every step of the schedule's loop over r issues
// one multiply-add of every chain. Written as one expression per chain instead, LLVM's
// scheduler emits each chain's 128 steps back to back; a CPU's out-of-order window then
// holds about two chains, and the probe measured a third of the FMA peak on a CPU where a
// hand-written loop with 16 interleaved accumulators reached it (bench/roof_probe.cpp).
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int chains = 8, depth = 128;
    Halide::ImageParam x{Halide::Float(32), 1, "x"};  // [N]
    Halide::Var i{"i"}, k{"k"};
    Halide::RDom r{0, depth, "r"};
    Halide::Func acc{"acc"}, y{"y"};

    Algorithm() {
        using namespace Halide;
        Expr v = x(i);
        Expr b = 0.9f + 0.05f * v, c = 0.01f * v;
        acc(k, i) = v + 0.125f * cast<float>(k);
        // One step of every chain per r; r*0 names the step loop without changing a value
        // (integer zero: the float addition of 0 is simplified away).
        acc(k, i) = acc(k, i) * b + c + cast<float>(r * 0);
        Expr s = acc(0, i);
        for (int q = 1; q < chains; q++) s = s + acc(q, i);
        y(i) = s;
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
