// Hand-made pipeline objects for the run-time exploit corpus: they implement the pipeline
// ABI of task `matmul` (C[M,N] = A[M,K] @ B[K,N], float32) directly in C++, so they can do
// what a Halide kernel cannot. The object check would reject every one of them; the tests
// hand them to the conductor directly.
#pragma once
#include <HalideRuntime.h>

#include <cstdint>

namespace handmade {

inline float *host(halide_buffer_t *b) { return reinterpret_cast<float *>(b->host); }
inline int extent(halide_buffer_t *b, int d) { return b->dim[d].extent; }

// The honest computation, for exploits that cheat only in part.
inline void matmul(halide_buffer_t *A, halide_buffer_t *B, halide_buffer_t *C) {
    int K = extent(A, 0), M = extent(A, 1), N = extent(B, 0);
    for (int i = 0; i < M; i++) {
        for (int j = 0; j < N; j++) {
            float s = 0;
            for (int k = 0; k < K; k++) s += host(A)[i * K + k] * host(B)[k * N + j];
            host(C)[i * N + j] = s;
        }
    }
}

}  // namespace handmade

#define EKB_HANDMADE_PIPELINE(body)                                                                         \
    extern "C" int ekb_pipeline_argv(void **args) {                                                         \
        halide_buffer_t *A = static_cast<halide_buffer_t *>(args[0]);                                       \
        halide_buffer_t *B = static_cast<halide_buffer_t *>(args[1]);                                       \
        halide_buffer_t *C = static_cast<halide_buffer_t *>(args[2]);                                       \
        (void)A; (void)B; (void)C;                                                                          \
        body                                                                                                \
    }                                                                                                       \
    static const halide_filter_argument_t ekb_args[3] = {                                                   \
        {"A", halide_argument_kind_input_buffer, 2, {halide_type_float, 32, 1}, nullptr, nullptr, nullptr, nullptr, nullptr}, \
        {"B", halide_argument_kind_input_buffer, 2, {halide_type_float, 32, 1}, nullptr, nullptr, nullptr, nullptr, nullptr}, \
        {"C", halide_argument_kind_output_buffer, 2, {halide_type_float, 32, 1}, nullptr, nullptr, nullptr, nullptr, nullptr}}; \
    static const halide_filter_metadata_t ekb_md = {1, 3, ekb_args, "host", "ekb_pipeline"};                \
    extern "C" const halide_filter_metadata_t *ekb_pipeline_metadata() { return &ekb_md; }
