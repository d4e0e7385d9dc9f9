// Expert opencl schedule for `pan_tompkins_qrs`: the whole filter chain (low-pass, high-pass,
// derivative, squaring, integration) is one kernel, a work-group of 128 work-items per 128 samples,
// every stage staged in shared memory for the block plus its halo (~65 samples back), the
// running sums as sums of power-of-two blocks (task::Algorithm(true), the same integers).
// The decision scan is serial by nature (each step reads the last state): one work-item walks
// the samples, as a GPU runtime hands such a state machine a single lane. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a(true);
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var no{"no"}, ni{"ni"}, bo{"bo"}, bi{"bi"};
    // @layer compute
    a.mwi_i.compute_root();
    std::vector<Func> chain = {a.xi, a.lp, a.hp, a.d, a.sq};
    chain.insert(chain.end(), a.blocks.begin(), a.blocks.end());
    for (Func f : chain) f.compute_at(a.mwi_i, no);
    a.st.compute_root();
    // @layer loops
    a.mwi_i.gpu_tile(a.n, no, ni, 128, guard);
    for (Func f : chain) f.split(a.n, bo, bi, 128, guard).gpu_threads(bi);
    a.st.gpu_tile(a.n, no, ni, 128, guard);
    a.st.update().gpu_single_thread();
    // @layer vector
    for (Func f : {a.mwi, a.qrs, a.thr}) f.gpu_tile(a.n, a.b, no, bo, ni, bi, 128, 1, guard);
    // @end
    return a.kernel();
}
