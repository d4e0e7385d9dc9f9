// Spins forever.
#include "pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    for (volatile int x = 0;; x++) {
    }
    return 0;
})
