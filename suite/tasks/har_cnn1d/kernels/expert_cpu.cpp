// Expert cpu schedule for `har_cnn1d`, layer by layer as TFLite/XNNPACK runs the network,
// with the pool fused into the second convolution:
//   1. conv1 + ReLU: filters in parallel blocks of 4, each tile 1 vector of samples x 4
//      filters of accumulators in registers across the (input channel, tap) loop (a
//      contiguous window of x against broadcast weights);
//   2. conv2 + ReLU + max pool: per parallel block of 4 filters, tiles of 1 vector of pooled
//      samples; the tile's 2 vectors x 4 filters of conv accumulators stay in registers
//      across the (filter, tap) loop, bias, ReLU and the pair max are applied as it is
//      stored (the stride-2 pairs are a shuffle of the register tile);
//   3. dense + ReLU: hidden units in parallel blocks of 4, each keeping 1 vector of partial
//      sums per unit over the flattened input (rfactor over the lanes; w3 rows and the
//      pooled map are both contiguous along the samples), summed across lanes on store;
//   4. the logits: a small dot product per class, vectorized the same way.
// Every split is guarded (GuardWithIf), so any window length, filter and unit count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int fb = 4;  // filters (hidden units) per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var lo{"lo"}, li{"li"}, fo{"fo"}, fi{"fi"}, w{"w"};
    RVar ro{"ro"}, ru{"ru"};
    // @layer compute
    // a1 and pool are stored; conv1 and conv2 live in registers of their consumers' tiles;
    // a2 is inlined into pool; dense1 and dense2 reduce in lane partials (below).
    a.a1.compute_root();
    a.pool.compute_root();
    a.hidden.compute_root();
    // @layer loops
    a.a1.tile(a.l, a.f, lo, fo, li, fi, vec, fb, guard).reorder(li, fi, lo, fo).parallel(fo);
    a.pool.tile(a.l, a.f, lo, fo, li, fi, vec, fb, guard).reorder(li, fi, lo, fo).parallel(fo);
    a.hidden.split(a.u, fo, fi, fb, guard).parallel(fo);
    Func part1 = a.dense1.update().split(a.r3.x, ro, ru, vec, guard).rfactor(ru, w);
    Func part2 = a.dense2.update().split(a.r4.x, ro, ru, vec, guard).rfactor(ru, w);
    // @layer memory
    a.conv1.compute_at(a.a1, lo).bound_storage(a.l, vec).bound_storage(a.f, fb);
    a.conv2.compute_at(a.pool, lo).bound_storage(a.l, 2 * vec).bound_storage(a.f, fb);
    a.dense1.compute_at(a.hidden, fo);
    part1.compute_at(a.hidden, fo).reorder_storage(w, a.u).bound_storage(a.u, fb);
    a.dense2.compute_at(a.logits, a.b);
    part2.compute_at(a.logits, a.b);
    // @layer vector
    a.a1.vectorize(li).unroll(fi);
    a.conv1.vectorize(a.l, vec, guard).unroll(a.f);
    a.conv1.update().reorder(a.l, a.f, a.r1.x, a.r1.y).vectorize(a.l, vec, guard).unroll(a.f);
    a.pool.vectorize(li).unroll(fi);
    a.conv2.vectorize(a.l, vec, guard).unroll(a.l).unroll(a.f);
    a.conv2.update().reorder(a.l, a.f, a.r2.x, a.r2.y).vectorize(a.l, vec, guard).unroll(a.l).unroll(a.f);
    part1.vectorize(w).unroll(a.u);
    part1.update().reorder(w, a.u, ro, a.r3.y).vectorize(w).unroll(a.u);
    a.dense1.unroll(a.u);
    a.dense1.update().reorder(ru, a.u).atomic().vectorize(ru).unroll(a.u);
    part2.vectorize(w);
    part2.update().reorder(w, a.k, ro).vectorize(w);
    a.dense2.update().reorder(ru, a.k).atomic().vectorize(ru);
    // @end
    return a.kernel();
}
