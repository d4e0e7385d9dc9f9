// BROKEN ON PURPOSE: schedules a loop variable that the stage does not have.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var nowhere("nowhere");
    // @layer vector
    a.C.vectorize(nowhere, 8);
    // @end
    return a.kernel();
}
