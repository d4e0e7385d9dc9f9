// Expert cpu schedule for `speech_enhancement_mask`: the two FCs are GEMMs (frames x units,
// reduced over bins, then frames x bins, reduced over units), each in parallel strips of 8
// frames with register tiles of 1 vector of outputs x 8 frames: the 8 accumulators stay in
// registers across the whole reduction (one weight-vector load and 8 broadcast FMAs per
// reduced element), with the bias and ReLU (hidden) or the bias and sigmoid (mask) fused into
// the vectorized store. The weights are copied once transposed (output unit innermost) so
// that a vector of outputs is one dense load. The log-compressed magnitudes are computed
// once in vectors (mag inlined into feat), and the mask is applied to both complex parts
// in one vectorized pass per output.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int frames = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var uo{"uo"}, ui{"ui"}, to{"to"}, ti{"ti"};
    // @layer compute
    // mag is inlined into feat; feat, hidden and mask are stored, fc1 and fc2 live in
    // registers of their consumers' tiles (below).
    a.feat.compute_root();
    a.hidden.compute_root();
    a.mask.compute_root();
    // @layer loops
    a.feat.parallel(a.t);
    a.hidden.tile(a.j, a.t, uo, to, ui, ti, vec, frames, guard).reorder(ui, ti, uo, to).parallel(to);
    a.mask.tile(a.f, a.t, uo, to, ui, ti, vec, frames, guard).reorder(ui, ti, uo, to).parallel(to);
    a.out_re.parallel(a.t);
    a.out_im.parallel(a.t);
    // @layer memory
    a.fc1.compute_at(a.hidden, uo).bound_storage(a.j, vec).bound_storage(a.t, frames);
    a.fc2.compute_at(a.mask, uo).bound_storage(a.f, vec).bound_storage(a.t, frames);
    // The weights, transposed once so that a vector of output units is one dense load.
    for (auto [w, fc] : {std::pair{a.w1, a.fc1}, std::pair{a.w2, a.fc2}}) {
        Func wt = w.in(fc);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[1], v[0]).reorder(v[1], v[0]).vectorize(v[1], vec, guard);
    }
    // @layer vector
    a.feat.vectorize(a.f, vec, guard);
    a.hidden.vectorize(ui).unroll(ti);
    a.fc1.vectorize(a.j, vec, guard).unroll(a.t);
    a.fc1.update().reorder(a.j, a.t, a.rf).vectorize(a.j, vec, guard).unroll(a.t);
    a.mask.vectorize(ui).unroll(ti);
    a.fc2.vectorize(a.f, vec, guard).unroll(a.t);
    a.fc2.update().reorder(a.f, a.t, a.rj).vectorize(a.f, vec, guard).unroll(a.t);
    a.out_re.vectorize(a.f, vec, guard);
    a.out_im.vectorize(a.f, vec, guard);
    // @end
    return a.kernel();
}
