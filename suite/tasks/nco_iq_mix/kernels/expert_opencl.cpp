// Expert opencl schedule for `nco_iq_mix`: one kernel (the naive one has four, with the
// angle and both oscillator components stored to and reloaded from global memory). Work-groups
// of 64 samples x 2 channels; each work-item computes the phase word, the angle and the
// oscillator of its sample in registers and writes both components of its output (the
// (re, im) loop unrolled). Work-group tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, co{"co"}, ni{"ni"}, ci{"ci"};
    // @layer compute
    // theta, lo_re and lo_im are inlined into y.
    // @layer loops
    a.y.bound(a.k, 0, 2).reorder(a.k, a.n, a.c).gpu_tile(a.n, a.c, no, co, ni, ci, 64, 2, TailStrategy::GuardWithIf);
    // @layer vector
    a.y.unroll(a.k);
    // @end
    return a.kernel();
}
