// Timing cheat (hand-made pipeline, task matmul): computes only when its output still holds
// the conductor's poison (a NaN in C[0]); otherwise it assumes the buffer already holds
// the answer and returns at once. Verification poisons before every call, so it computes
// there; a timed call whose output set was written before would skip the work.
#include <cmath>

#include "../handmade/pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    if (std::isnan(handmade::host(C)[0])) handmade::matmul(A, B, C);
    return 0;
})
