// Computes correctly, then writes 16 floats past the end of its output.
#include "pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    handmade::matmul(A, B, C);
    int n = handmade::extent(C, 0) * handmade::extent(C, 1);
    for (int i = 0; i < 16; i++) handmade::host(C)[n + i] = 1.0f;
    return 0;
})
