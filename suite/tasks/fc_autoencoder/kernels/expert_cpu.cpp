// Expert cpu schedule for `fc_autoencoder`: ten small batched GEMVs, each bound by reading
// its weights (rows contiguous along the input features) once. Every layer's activations are
// materialized (a few frames x at most D floats, in L1); each layer runs in parallel strips
// of 8 output features. Per strip and frame, the 8 rows' dot products accumulate in 8
// vectors of partial sums (rfactor over the vector lanes; 8 independent FMA chains hide the
// latency, and the input vector is loaded once for the 8 rows), folded across lanes at the
// end; the strip's 8 weight rows stay in L1 across the frames of the batch. The bias is the
// accumulators' initial value and the ReLU is fused into the store of each layer.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8;  // output features per strip
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int layers = task::Algorithm::layers;
    Var oo{"oo"}, oi{"oi"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // act[k] (and y) are the stored layers; lin[k] lives in registers of their strips.
    for (int k = 0; k < layers - 1; k++) a.act[k].compute_root();
    std::vector<Func> lanes(layers);
    for (int k = 0; k < layers; k++) {
        // Lane-wise partial sums: lane u reduces the inputs u, u + vec, u + 2 vec, ...
        lanes[k] = a.lin[k].update().split(a.ri[k].x, ko, ki, vec, guard).rfactor(ki, u);
    }
    // @layer loops
    for (int k = 0; k < layers; k++) {
        Func out = k < layers - 1 ? a.act[k] : a.y;
        out.split(a.o, oo, oi, rows, guard).reorder(oi, a.b, oo).parallel(oo);
    }
    // @layer memory
    for (int k = 0; k < layers; k++) {
        Func out = k < layers - 1 ? a.act[k] : a.y;
        a.lin[k].compute_at(out, oo);
        lanes[k].compute_at(out, oo).reorder_storage(u, a.o, a.b);
    }
    // @layer vector
    for (int k = 0; k < layers; k++) {
        Func out = k < layers - 1 ? a.act[k] : a.y;
        out.vectorize(oi, rows, guard);
        lanes[k].vectorize(u);
        lanes[k].update().reorder(u, a.o, ko, a.b).vectorize(u).unroll(a.o);
        a.lin[k].vectorize(a.o, rows, guard);
        a.lin[k].update().atomic().vectorize(ki);  // the cross-lane sum as a vector reduction
    }
    // @end
    return a.kernel();
}
