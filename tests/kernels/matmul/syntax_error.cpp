// BROKEN ON PURPOSE: a C++ syntax error (missing semicolon).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a
    return a.kernel();
}
