// Expert opencl schedule for `kv_cache_append`: a bandwidth-bound copy; one kernel per cache,
// one element per thread, 64x4 threads per block over (head dimension, slots), heads along
// the grid's z: adjacent threads copy adjacent floats of a row (coalesced), and the slot test
// is uniform across a row.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, dix{"dix"}, so{"so"}, si{"si"}, ho{"ho"}, hi{"hi"};
    // @layer loops
    for (Func f : {a.k_out, a.v_out}) {
        f.gpu_tile(a.d, a.s, a.h, dox, so, ho, dix, si, hi, 64, 4, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
