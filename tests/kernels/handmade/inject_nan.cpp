// Computes correctly but one element is NaN.
#include <cmath>
#include "pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    handmade::matmul(A, B, C);
    handmade::host(C)[3] = NAN;
    return 0;
})
