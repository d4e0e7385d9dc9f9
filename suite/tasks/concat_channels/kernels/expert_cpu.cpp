// Expert cpu schedule for `concat_channels`: an algorithm rewrite into two plane copies (one
// update per input, no per-element select), each over its input's channels in parallel (the
// channel index is a distinct output plane, so the parallel loop has no race; serial under 16K
// elements), rows copied in
// guarded vectors (narrow rows are legal).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    // @layer compute
    // An algorithm rewrite: the output as two copies, one per input (an undefined pure
    // definition and two updates over the inputs' domains), so no element reads both inputs.
    Func out("out");
    Expr C1 = a.a.dim(2).extent();
    RDom ra(0, a.a.dim(0).extent(), 0, a.a.dim(1).extent(), 0, C1, "ra");
    RDom rb(0, a.b.dim(0).extent(), 0, a.b.dim(1).extent(), 0, a.b.dim(2).extent(), "rb");
    out(a.x, a.y, a.c, a.n) = undef<float>();
    out(ra.x, ra.y, ra.z, a.n) = a.a(ra.x, ra.y, ra.z, a.n);
    out(rb.x, rb.y, C1 + rb.z, a.n) = a.b(rb.x, rb.y, rb.z, a.n);
    // @layer loops
    Expr work = (C1 + a.b.dim(2).extent()) * a.a.dim(0).extent() * a.a.dim(1).extent();
    Stage big0 = out.update(0).specialize(work >= 16384), big1 = out.update(1).specialize(work >= 16384);
    big0.parallel(ra.z);
    big1.parallel(rb.z);
    // @layer vector
    for (Stage s : {big0, out.update(0)}) s.vectorize(ra.x, vec, TailStrategy::GuardWithIf);
    for (Stage s : {big1, out.update(1)}) s.vectorize(rb.x, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.a, a.b}, {out}};
}
