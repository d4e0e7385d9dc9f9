// Expert cpu schedule for `pan_tompkins_qrs`, as a streaming ECG front end runs it: the whole
// filter chain (low-pass, high-pass, derivative, squaring, integration) fused per block of
// 1024 samples, the blocks in parallel, every stage a vector loop over its block plus the
// halo its consumer needs (~65 samples back), kept in cache; the running sums (32-point
// high-pass sum, 30-sample integration window) as sums of power-of-two blocks
// (task::Algorithm(true): 5 adds instead of 31, the same integers). The decision scan is
// serial by nature (each step reads the last state) and cheap: one pass over mwi. The
// outputs are vector copies. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a(true);
    const int vec = target.natural_vector_size(Int(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var no{"no"}, ni{"ni"};
    // @layer compute
    a.mwi_i.compute_root();
    std::vector<Func> chain = {a.xi, a.lp, a.hp, a.d, a.sq};
    chain.insert(chain.end(), a.blocks.begin(), a.blocks.end());
    for (Func f : chain) f.compute_at(a.mwi_i, no);
    a.st.compute_root();
    // @layer loops
    a.mwi_i.split(a.n, no, ni, 1024, guard).parallel(no).vectorize(ni, vec, guard);
    // @layer vector
    for (Func f : chain) f.vectorize(a.n, vec, guard);
    for (Func f : {a.mwi, a.qrs, a.thr}) f.vectorize(a.n, vec, guard);
    // @end
    return a.kernel();
}
