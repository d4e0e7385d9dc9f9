// BROKEN ON PURPOSE: crashes while ekb runs the kernel's C++ (a null dereference).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    task::Algorithm a;
    volatile int *p = nullptr;
    *p = 42;
    return a.kernel();
}
