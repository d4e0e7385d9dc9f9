// Expert cpu schedule for `mpc_rollout`: vectorized across the samples. The trajectories are
// stored sample-innermost ([T+1, S, N]), so each state component of a vector of samples is
// one dense vector; blocks of 4 vectors of samples run in parallel. Per block, B u_t is
// computed for the block, x_0 broadcast, then the rollout steps t in order, each x_t[i] a
// vector FMA chain over j with A[i, j] broadcast. The two quadratic costs are reduced the
// same way (vector accumulators over the samples), and the states are copied out in the
// output's [N, T, S] order from dense vectors of samples (the scattered stores of a block
// of samples stay within a few KB, in L1).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int block = 4 * vec;  // samples per parallel task
    Var no{"no"}, ni{"ni"};
    // @layer compute
    a.traj.compute_root();
    // drive is computed per block of the rollout (below).
    // @layer loops
    a.traj.split(a.n, no, ni, block, TailStrategy::GuardWithIf).reorder(ni, a.i, a.t, no).parallel(no);
    a.traj.update()
        .split(a.n, no, ni, block, TailStrategy::GuardWithIf)
        .reorder(ni, a.rstep.x, a.rstep.y, a.rstep.z, no)
        .parallel(no);
    a.cost.split(a.n, no, ni, block, TailStrategy::GuardWithIf).parallel(no);
    a.cost.update(0)
        .split(a.n, no, ni, block, TailStrategy::GuardWithIf)
        .reorder(ni, a.rq.x, a.rq.y, a.rq.z, no)
        .parallel(no);
    a.cost.update(1)
        .split(a.n, no, ni, block, TailStrategy::GuardWithIf)
        .reorder(ni, a.rr.x, a.rr.y, a.rr.z, no)
        .parallel(no);
    a.states.split(a.n, no, ni, block, TailStrategy::GuardWithIf).reorder(ni, a.i, a.t, no).parallel(no);
    // @layer memory
    a.traj.reorder_storage(a.n, a.i, a.t);
    a.drive.compute_at(a.traj, no).reorder_storage(a.n, a.i, a.t);
    a.drive.reorder(a.n, a.i, a.t);
    a.drive.update().reorder(a.n, a.rm, a.i, a.t);
    // @layer vector
    a.drive.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    a.drive.update().vectorize(a.n, vec, TailStrategy::GuardWithIf);
    a.traj.vectorize(ni, vec, TailStrategy::GuardWithIf);
    a.traj.update().vectorize(ni, vec, TailStrategy::GuardWithIf);
    a.cost.vectorize(ni, vec, TailStrategy::GuardWithIf);
    a.cost.update(0).vectorize(ni, vec, TailStrategy::GuardWithIf);
    a.cost.update(1).vectorize(ni, vec, TailStrategy::GuardWithIf);
    a.states.vectorize(ni, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
