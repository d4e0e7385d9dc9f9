// BROKEN ON PURPOSE: loops forever while ekb runs the kernel's C++.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    task::Algorithm a;
    volatile bool forever = true;
    while (forever) {
    }
    return a.kernel();
}
