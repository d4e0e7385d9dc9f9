// Expert opencl schedule for `gru_step`: three kernels. gi = w_ih x + b_ih and gh = w_hh h +
// b_hh each run in work-groups of 32 rows, one work-item per row, its dot product
// accumulated in a register across the whole row (starting from the bias) and stored once;
// the naive schedule's global read-modify-write of every partial sum is gone. The gates
// (r, z, n: sigmoid, tanh) and the blend with h are inlined into one elementwise kernel over
// the hidden units. Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var jo{"jo"}, ji{"ji"};
    // @layer compute
    // r, z and n are inlined into h_new; gi and gh are stored via their wrappers.
    Func gi_out = a.gi.in(), gh_out = a.gh.in();
    gi_out.compute_root();
    gh_out.compute_root();
    // @layer loops
    for (Func f : {gi_out, gh_out, a.h_new}) f.gpu_tile(a.j, jo, ji, 32, TailStrategy::GuardWithIf);
    // @layer memory
    a.gi.compute_at(gi_out, ji).store_in(MemoryType::Register);
    a.gh.compute_at(gh_out, ji).store_in(MemoryType::Register);
    // @layer vector
    a.gi.update().unroll(a.ri, 4, TailStrategy::GuardWithIf);
    a.gh.update().unroll(a.rh, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
