// Expert cpu schedule for `fc_autoencoder_int8`: ten small batched int8 GEMVs, each bound by
// reading its int8 weights (rows contiguous along the input features) once, as TFLite's
// FullyConnected runs them layer by layer. Every layer's int8 activations are materialized
// (a few frames x at most D bytes, in L1); each layer runs in parallel strips of 8 output
// features. Per strip and frame, the 8 rows' dot products accumulate in 8 vectors of int32
// partial sums (rfactor over the vector lanes: 8 independent chains, the widened input
// vector loaded once for the 8 rows), folded across lanes at the end; the strip's 8 weight
// rows stay in L1 across the frames of the batch. The bias is the accumulators' initial
// value; the per-channel requantization and the ReLU clamp are fused into the int8 store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int rows = 8;  // output features per strip
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int layers = task::Algorithm::layers;
    Var oo{"oo"}, oi{"oi"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // act[0..8] and y (act[9] inlined) are the stored layers; lin[k] lives in registers of
    // their strips.
    for (int k = 0; k < layers - 1; k++) a.act[k].compute_root();
    std::vector<Func> lanes(layers);
    for (int k = 0; k < layers; k++) {
        // Lane-wise partial sums: lane u reduces the inputs u, u + vec, u + 2 vec, ...
        lanes[k] = a.lin[k].update().split(a.ri[k].x, ko, ki, vec, guard).rfactor(ki, u);
    }
    auto out = [&](int k) { return k < layers - 1 ? a.act[k] : a.y; };
    // @layer loops
    for (int k = 0; k < layers; k++) out(k).split(a.o, oo, oi, rows, guard).reorder(oi, a.b, oo).parallel(oo);
    // @layer memory
    for (int k = 0; k < layers; k++) {
        a.lin[k].compute_at(out(k), oo);
        lanes[k].compute_at(out(k), oo).reorder_storage(u, a.o, a.b);
    }
    // @layer vector
    for (int k = 0; k < layers; k++) {
        out(k).vectorize(oi, rows, guard);
        lanes[k].vectorize(u);
        lanes[k].update().reorder(u, a.o, ko, a.b).vectorize(u).unroll(a.o);
        a.lin[k].vectorize(a.o, rows, guard);
        a.lin[k].update().atomic().vectorize(ki);  // the cross-lane sum as a vector reduction
    }
    // @end
    return a.kernel();
}
