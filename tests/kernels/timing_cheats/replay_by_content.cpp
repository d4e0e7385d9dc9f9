// Timing cheat (hand-made pipeline, task matmul): replays. It keeps every answer it has
// computed, keyed by a fingerprint of the inputs' contents (not their addresses), and
// copies the stored answer when it sees the same inputs again. Its outputs are always
// right, so only the physical bound can catch it: a copy of C is far faster than the
// task's 2*M*N*K FLOPs on any device.
#include <cstring>
#include <map>
#include <vector>

#include "../handmade/pipeline_abi.h"
static std::map<std::vector<float>, std::vector<float>> answers;
static void run(halide_buffer_t *A, halide_buffer_t *B, halide_buffer_t *C) {
    int K = handmade::extent(A, 0), M = handmade::extent(A, 1), N = handmade::extent(B, 0);
    std::vector<float> key;
    for (int i = 0; i < 8 && i < M * K; i++) key.push_back(handmade::host(A)[i]);
    for (int i = 0; i < 8 && i < K * N; i++) key.push_back(handmade::host(B)[i]);
    key.push_back(float(M));
    key.push_back(float(N));
    auto it = answers.find(key);
    size_t n = size_t(M) * size_t(N);
    if (it != answers.end()) {
        std::memcpy(handmade::host(C), it->second.data(), n * sizeof(float));
        return;
    }
    handmade::matmul(A, B, C);
    answers[key] = std::vector<float>(handmade::host(C), handmade::host(C) + n);
}
EKB_HANDMADE_PIPELINE({
    run(A, B, C);
    return 0;
})
