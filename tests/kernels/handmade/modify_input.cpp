// Computes correctly, then scribbles on its input.
#include "pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    handmade::matmul(A, B, C);
    handmade::host(A)[0] += 1.0f;
    return 0;
})
