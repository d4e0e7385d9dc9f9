// Expert cpu schedule for `signal_envelope`: an algorithm rewrite of the Hilbert FIR. The
// even taps are zero and the odd taps antisymmetric (h[-m] = -h[m]: the Hamming window is
// symmetric about the centre), so
//   hil[i] = sum over the 8 odd m in [1, 15] of h[m] * (x[i + m] - x[i - m])
// (8 multiply-adds and 16 loads instead of 31 and 31), with the 8 taps folded to float32
// constants at compile time (the same formula in double). Per strip of 1024 samples of a
// channel the zero-extended input (30 samples of halo) is copied once into an L1 buffer, so
// the FIR's vector loads are contiguous and unconditional; the envelope (sqrt of x^2 + hil^2)
// is computed in the same vector loop. Strips of all channels run in parallel for large calls;
// vector tails use GuardWithIf (down to one sample).
#include <ekb/kernel.h>

#include <cmath>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    using task::Algorithm;
    Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int half = Algorithm::half;
    Var io{"io"}, ii{"ii"}, t{"t"};
    // @layer compute
    Func xp{"xp"}, env{"env_v"};
    xp(a.i, a.c) = a.xz(a.i, a.c);
    Expr hil = 0.0f;
    for (int mm = 1; mm <= half; mm += 2) {
        const double w = 0.54 - 0.46 * std::cos(2.0 * Algorithm::pi * (mm + half) / (2 * half));
        const float h = float(2.0 / (Algorithm::pi * mm) * w);
        hil += h * (xp(a.i + mm, a.c) - xp(a.i - mm, a.c));
    }
    Expr xv = a.x(a.i, a.c);
    env(a.i, a.c) = sqrt(xv * xv + hil * hil);
    // @layer loops
    env.split(a.i, io, ii, 1024, guard).reorder(ii, io, a.c).fuse(io, a.c, t);
    // @layer memory
    xp.compute_at(env, t);
    // @layer vector
    xp.vectorize(a.i, vec, guard);
    env.vectorize(ii, vec, guard);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work.
    env.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 16384).parallel(t);
    // @end
    return {{a.x}, {env}};
}
