// Expert cpu schedule for `sum_rows`: parallel over strips of 8 rows (serial under 16K
// elements, where waking the thread pool costs more than the work); each row is reduced into
// four independent vectors of partial sums (rfactor over 4 x natural-width lanes, so four adds
// are in flight), folded across lanes at the end as one vector reduction. The split of the
// row is guarded, so rows shorter than a vector (or than 4 vectors) are legal.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var ro{"ro"}, ri{"ri"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // total is computed per row of y (memory), from lane-wise partial sums (loops).
    // @layer loops
    a.y.split(a.r, ro, ri, 8, TailStrategy::GuardWithIf);
    a.y.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 16384).parallel(ro);
    Func part = a.total.update().split(a.k, ko, ki, 4 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    part.compute_at(a.y, ri);
    a.total.compute_at(a.y, ri);
    // @layer vector
    part.vectorize(u, vec).unroll(u);
    part.update().vectorize(u, vec).unroll(u);
    a.total.update().atomic().vectorize(ki);
    // @end
    return a.kernel();
}
