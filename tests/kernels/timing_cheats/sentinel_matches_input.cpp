// Timing cheat (hand-made pipeline, task matmul): remembers through the output itself. It
// computes C[0, 0] from the inputs (one dot product) and skips the rest when the buffer's
// C[0, 0] already equals it: the buffer then holds the answer for these inputs, unless an
// output set is ever paired with an input set other than the one that last wrote it.
#include "../handmade/pipeline_abi.h"
static void run(halide_buffer_t *A, halide_buffer_t *B, halide_buffer_t *C) {
    int K = handmade::extent(A, 0), N = handmade::extent(B, 0);
    float c00 = 0;
    for (int k = 0; k < K; k++) c00 += handmade::host(A)[k] * handmade::host(B)[k * N];
    if (handmade::host(C)[0] != c00) handmade::matmul(A, B, C);
}
EKB_HANDMADE_PIPELINE({
    run(A, B, C);
    return 0;
})
