// Expert cpu schedule for `gamma_lut_u8`: one pass (index inlined), parallel over strips of
// 16 rows; each row is vectorized over natural uint8 vectors: a vector load of the pixels, a
// gather of the table (256 bytes, it stays in L1) and a vector store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(UInt(8));
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // index is inlined into out.
    // @layer loops
    a.out.split(a.y, yo, yi, 16, TailStrategy::GuardWithIf).parallel(yo);
    // @layer vector
    a.out.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
