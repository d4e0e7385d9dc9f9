// Expert opencl schedule for `signal_envelope`: one kernel (the naive one has five). Algorithm
// rewrite of the Hilbert FIR: the even taps are zero and the odd taps antisymmetric
// (h[-m] = -h[m]), so hil[i] = sum over the 8 odd m in [1, 15] of h[m] * (x[i + m] - x[i - m]),
// with the 8 taps folded to float32 constants at compile time (the same formula in double).
// Work-groups of 128 samples of one channel; each work-item computes its sample's Hilbert sum
// in registers (neighbouring work-items read overlapping windows: cached, coalesced), the zero
// extension outside [0, L) is a select on the index, and the envelope is fused into the store.
// Work-group tails use GuardWithIf.
#include <ekb/kernel.h>

#include <cmath>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    using task::Algorithm;
    Algorithm a;
    const int half = Algorithm::half;
    Var io{"io"}, co{"co"}, ii{"ii"}, ci{"ci"};
    // @layer compute
    Func env{"env_g"};
    Expr hil = 0.0f;
    for (int mm = 1; mm <= half; mm += 2) {
        const double w = 0.54 - 0.46 * std::cos(2.0 * Algorithm::pi * (mm + half) / (2 * half));
        const float h = float(2.0 / (Algorithm::pi * mm) * w);
        hil += h * (a.xz(a.i + mm, a.c) - a.xz(a.i - mm, a.c));
    }
    Expr xv = a.x(a.i, a.c);
    env(a.i, a.c) = sqrt(xv * xv + hil * hil);
    // @layer loops
    env.gpu_tile(a.i, a.c, io, co, ii, ci, 128, 1, TailStrategy::GuardWithIf);
    // @end
    return {{a.x}, {env}};
}
