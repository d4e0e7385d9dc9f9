// Allocates and touches 4 GiB per call, then computes.
#include <cstdlib>
#include "pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    size_t n = size_t(4) << 30;
    char *p = static_cast<char *>(std::malloc(n));
    if (!p) return -1;
    for (size_t i = 0; i < n; i += 4096) p[i] = 1;
    handmade::matmul(A, B, C);
    return 0;
})
