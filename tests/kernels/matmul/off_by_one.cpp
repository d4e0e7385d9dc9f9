// WRONG ON PURPOSE: the reduction stops one element early (an off-by-one boundary).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    ImageParam A(Float(32), 2, "A"), B(Float(32), 2, "B");
    Var j("j"), i("i");
    RDom k(0, A.dim(0).extent() - 1, "k");
    Func prod("prod"), C("C");
    prod(j, i) = 0.0f;
    prod(j, i) += A(k, i) * B(j, k);
    C(j, i) = prod(j, i);
    // @layer compute
    prod.compute_root();
    // @end
    return {{A, B}, {C}};
}
