// Expert cpu schedule for `dynamic_quant_int8_per_token`: two parallel passes over the tokens.
// First the absmax of every token, one vectorized pass per row (rfactored over 4
// natural_vector_size-lane accumulators so the max chains overlap, folded at the end); the
// absmax feeds both outputs, so it is stored (M floats). Then each row is scaled, rounded
// and saturated to int8 vector by vector; the scale is one division per token.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var u{"u"}, ko{"ko"}, ki{"ki"};
    RVar ro{"ro"}, ri{"ri"};
    // @layer compute
    Func part = a.absmax.update().split(a.r, ro, ri, 4 * vec, TailStrategy::GuardWithIf).rfactor(ri, u);
    // @layer loops
    a.absmax.compute_root().parallel(a.m);
    a.q.parallel(a.m);
    a.scale.parallel(a.m, 64, TailStrategy::GuardWithIf);
    // @layer memory
    part.compute_at(a.absmax, a.m);
    // @layer vector
    part.vectorize(u, vec).unroll(u);
    part.update().vectorize(u, vec).unroll(u);
    a.absmax.update().parallel(a.m).atomic().vectorize(ri);
    a.q.split(a.k, ko, ki, vec, TailStrategy::GuardWithIf).vectorize(ki);
    // @end
    return a.kernel();
}
