// Expert cuda schedule for `mpc_rollout`: one thread per sample. B u_t and the trajectories
// are stored sample-innermost ([T+1, S, N]), so each warp's loads and stores of a state
// component are coalesced while each thread loops over its state components; the rollout
// kernel steps t in order inside each thread (x_t[i] accumulated over j with A a
// warp-uniform broadcast), and the cost kernels reduce both quadratic forms per thread the
// same way. The states are copied out in the output's [N, T, S] order. Tails use
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.drive.compute_root();
    a.traj.compute_root();
    // @layer loops
    for (Stage s : {Stage(a.drive), a.drive.update(), Stage(a.traj)}) {
        s.reorder(a.i, a.n, a.t).gpu_tile(a.n, a.t, xo, yo, xi, yi, 64, 1, TailStrategy::GuardWithIf);
    }
    a.traj.update()
        .reorder(a.rstep.x, a.rstep.y, a.rstep.z, a.n)
        .gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
    a.cost.gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
    a.cost.update(0).reorder(a.rq.x, a.rq.y, a.rq.z, a.n).gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
    a.cost.update(1).reorder(a.rr.x, a.rr.y, a.rr.z, a.n).gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
    a.states.gpu_tile(a.i, a.t, xo, yo, xi, yi, 8, 8, TailStrategy::GuardWithIf).gpu_blocks(a.n);
    // @layer memory
    a.drive.reorder_storage(a.n, a.i, a.t);
    a.traj.reorder_storage(a.n, a.i, a.t);
    // @end
    return a.kernel();
}
