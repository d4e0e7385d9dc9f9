// Expert opencl schedule for `spectral_gate`: two kernels, one per output, each a 64x4 tile of
// independent work-items (one bin each), which OpenCL CPU drivers such as PoCL vectorize
// across the work-group; power, the floored subtraction and the gain are inlined into both
// (recomputing a sqrt and a division is cheaper than a T x F gain buffer written and read
// back). Neighbouring work-items read neighbouring bins. Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var fo{"fo"}, to{"to"}, fi{"fi"}, ti{"ti"};
    // @layer compute
    // power, clean and gain are inlined into both outputs.
    // @layer loops
    for (Func out : {a.out_re, a.out_im}) {
        out.gpu_tile(a.f, a.t, fo, to, fi, ti, 64, 4, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
