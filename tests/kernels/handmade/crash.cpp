// Crashes.
#include "pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    volatile int *p = nullptr;
    *p = 1;
    return 0;
})
