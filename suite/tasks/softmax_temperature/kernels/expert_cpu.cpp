// Expert cpu schedule for `softmax_temperature`: one pass of reads per reduction over a row
// of the vocabulary. A decode step has only 1-8 rows, so each row is cut into chunks of 2048
// that run in parallel: per chunk a lane-wise max, then (with the global row max) a lane-wise
// sum of exps whose values are kept, then the normalization; each reduction is rfactored
// over natural_vector_size lanes and over the chunks, so every loop is vectorized and the
// chunks spread over the cores. The exps are computed once (stored per row), not twice.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chunk = 2048;
    Var u{"u"}, cidx{"cidx"}, vo{"vo"}, vi{"vi"};
    RVar kc{"kc"}, kin{"kin"}, ko{"ko"}, ki{"ki"};
    // @layer compute
    // Two-level rfactor: per chunk of the row (parallel), then per lane (vector).
    Func max_chunk = a.row_max.update().split(a.k, kc, kin, chunk, TailStrategy::GuardWithIf).rfactor(kc, cidx);
    Func max_lane = max_chunk.update().split(kin, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    Func sum_chunk = a.row_sum.update().split(a.k, kc, kin, chunk, TailStrategy::GuardWithIf).rfactor(kc, cidx);
    Func sum_lane = sum_chunk.update().split(kin, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer loops
    a.p.split(a.v, vo, vi, chunk, TailStrategy::GuardWithIf).parallel(vo);
    // @layer memory
    a.row_max.compute_root();
    max_chunk.compute_root();
    max_chunk.update().parallel(cidx);
    max_lane.compute_at(max_chunk, cidx);
    a.ex.compute_root();
    a.ex.split(a.v, vo, vi, chunk, TailStrategy::GuardWithIf).parallel(vo);
    a.row_sum.compute_root();
    sum_chunk.compute_root();
    sum_chunk.update().parallel(cidx);
    sum_lane.compute_at(sum_chunk, cidx);
    // @layer vector
    max_lane.vectorize(u);
    max_lane.update().vectorize(u);
    max_chunk.update().atomic().vectorize(ki);
    sum_lane.vectorize(u);
    sum_lane.update().vectorize(u);
    sum_chunk.update().atomic().vectorize(ki);
    a.ex.vectorize(vi, vec, TailStrategy::GuardWithIf);
    a.p.vectorize(vi, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
