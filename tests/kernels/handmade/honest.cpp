// Control: the honest hand-made pipeline must pass.
#include "pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    handmade::matmul(A, B, C);
    return 0;
})
