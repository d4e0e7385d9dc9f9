// Expert cpu schedule for `particle_filter_resample`: the measurement update (P x B field
// lookups, the whole cost) runs in parallel blocks of 256 particles (their cells and heading
// bins reduced modulo the grid once per block, in vectors), each particle's beam
// loop scalar with its score in a register: every lookup is a data-dependent address (the
// particle's cell + its heading's beam offset), and vector gathers measured slower than
// scalar loads on this target (the field, 40-1000 KB, stays in L2 either way). The minimum
// score and the prefix sum are short serial passes (P steps; the prefix sum is a true
// scan); the weights and the resampling positions (an int64 division each) are computed once,
// in vectors, not inside the search; the binary searches (data-dependent midpoints too) run
// in parallel blocks of 256 positions; the resampled particles are a gather.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var io{"io"}, ii{"ii"}, jo{"jo"}, ji{"ji"};
    // @layer compute
    for (Func f : {a.score, a.smin, a.w, a.cum, a.pos, a.bs}) f.compute_root();
    // @layer loops
    a.score.split(a.i, io, ii, 256, guard).parallel(io);
    a.score.update().split(a.i, io, ii, 256, guard).reorder(a.rb.x, ii, io).parallel(io);
    a.bs.split(a.j, jo, ji, 256, guard).parallel(jo);
    a.bs.update().split(a.j, jo, ji, 256, guard).reorder(a.rs.x, ji, jo).parallel(jo);
    a.cell.compute_at(a.score, io).vectorize(a.i, vec, guard);
    // @layer vector
    a.w.vectorize(a.i, vec, guard);
    a.pos.vectorize(a.j, vec, guard);
    a.cum.vectorize(a.i, vec, guard);
    a.idx.vectorize(a.j, vec, guard);
    a.weights.vectorize(a.i, vec, guard);
    // @end
    return a.kernel();
}
