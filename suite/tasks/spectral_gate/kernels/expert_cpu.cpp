// Expert cpu schedule for `spectral_gate`: one pass over the spectrum, in parallel strips of
// 8 frames. Per frame the gain of the whole row is computed once, vectorized over the bins
// (power and the floored subtraction inlined, sqrt and division as vector instructions),
// into a row buffer that stays in L1, and both outputs are computed in the same loop nest
// (out_im computed with out_re, per frame), each a vectorized multiply by that gain. Nothing
// of size T x F is materialized besides the outputs.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"};
    // @layer compute
    // power and clean are inlined into gain; gain is computed per frame row (below).
    // @layer loops
    for (Func out : {a.out_re, a.out_im}) {
        out.split(a.t, to, ti, 8, TailStrategy::GuardWithIf).parallel(to);
    }
    a.out_im.compute_with(a.out_re, ti);
    // @layer memory
    a.gain.compute_at(a.out_re, ti);
    // @layer vector
    for (Func s : {a.gain, a.out_re, a.out_im}) s.vectorize(a.f, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
