// Writes zeros, hoping the tolerance is loose.
#include "pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    int n = handmade::extent(C, 0) * handmade::extent(C, 1);
    for (int i = 0; i < n; i++) handmade::host(C)[i] = 0.0f;
    return 0;
})
