// CHEATS ON PURPOSE: memoizes the product keyed only on the shapes, so a repeated call
// with new inputs of the same shape would replay the first call's result.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    ImageParam A(Float(32), 2, "A"), B(Float(32), 2, "B");
    Var j("j"), i("i");
    RDom k(0, A.dim(0).extent(), "k");
    Func lhs("lhs"), prod("prod"), C("C");
    Expr shape_key = A.dim(0).extent() * 65536 + A.dim(1).extent();
    Var kk("kk");
    lhs(kk, i) = memoize_tag(A(kk, i), shape_key);
    prod(j, i) = 0.0f;
    prod(j, i) += lhs(k, i) * memoize_tag(B(j, k), shape_key);
    C(j, i) = prod(j, i);
    // @layer compute
    lhs.compute_root().memoize();
    // @end
    return {{A, B}, {C}};
}
