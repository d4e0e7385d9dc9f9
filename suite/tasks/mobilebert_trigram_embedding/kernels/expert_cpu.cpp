// Expert cpu schedule for `mobilebert_trigram_embedding`: the gathered embeddings of the
// sequence (T+2 rows with the zero pads) stored once; then the trigram dense layer in
// register tiles of 4 output features x 4 tokens, each element keeping one vector of partial
// sums over the embedding features (rfactor over the lanes, the next/current/previous slices
// in the same loop, summed across lanes as the tile is stored), with the bias, position and
// token-type embeddings and the NoNorm fused into the store. Tiles in parallel. Every split
// is guarded (GuardWithIf), so any legal shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var dout{"dout"}, din{"din"}, tout{"tout"}, tin{"tin"}, dt{"dt"}, u{"u"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
    a.e.compute_root();
    // @layer loops
    a.e.parallel(a.t).vectorize(a.k, vec, guard);
    a.y.tile(a.d, a.t, dout, tout, din, tin, 4, 4, guard).reorder(din, tin, dout, tout).fuse(dout, tout, dt).parallel(dt);
    // @layer memory
    Func lanes = a.dot.update().split(a.rk.x, ko, ku, vec, guard).rfactor(ku, u);
    a.dot.compute_at(a.y, dt);
    lanes.compute_at(a.y, dt).reorder_storage(u, a.d, a.t).bound_storage(a.d, 4).bound_storage(a.t, 4);
    // @layer vector
    lanes.vectorize(u).unroll(a.d).unroll(a.t);
    lanes.update().reorder(u, a.d, a.t, ko).vectorize(u).unroll(a.d).unroll(a.t);
    a.dot.unroll(a.d).unroll(a.t);
    a.dot.update().reorder(ku, a.d, a.t).atomic().vectorize(ku).unroll(a.d).unroll(a.t);
    a.y.unroll(din).unroll(tin);
    // @end
    return a.kernel();
}
