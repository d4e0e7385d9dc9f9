// Thread blocks an NVIDIA GPU refuses, read from Halide's loop nest.
#include <gtest/gtest.h>

#include "suite/gpu_launch_limits.h"

using namespace ekb;

TEST(GpuLaunchLimits, ZAboveSixtyFourIsRefused) {
    // kalman_update's naive kernel before the fix: t (256 threads) on z.
    const char *nest = R"(produce FP:
  gpu_block t.v1<Default_GPU>:
    gpu_block i.v0<Default_GPU>:
      gpu_block j.v4 in [0, 3]<Default_GPU>:
        gpu_thread t.v3 in [0, 255]<Default_GPU>:
          gpu_thread i.v2 in [0, 0]<Default_GPU>:
            gpu_thread j.v5 in [0, 0]<Default_GPU>:
              FP(...) = ...
consume FP:
  produce x_pred:
    gpu_block t.v1<Default_GPU>:
      gpu_block i.v0<Default_GPU>:
        gpu_thread t.v3 in [0, 255]<Default_GPU>:
          gpu_thread i.v2 in [0, 0]<Default_GPU>:
            x_pred(...) = ...
)";
    auto p = gpu_block_problems(nest);
    ASSERT_EQ(p.size(), 1u);
    EXPECT_NE(p[0].find("block of FP: 256 threads on z, above 64"), std::string::npos) << p[0];
}

TEST(GpuLaunchLimits, LegalBlocksAndNonConstantExtentsPass) {
    const char *nest = R"(produce C:
  gpu_block j.v0<Default_GPU>:
    gpu_thread i.v3 in [0, 15]<Default_GPU>:
      gpu_thread j.v2 in [0, 63]<Default_GPU>:
        C(...) = ...
produce D:
  gpu_block x<Default_GPU>:
    gpu_thread y<Default_GPU>:
      gpu_thread x.v1 in [0, 1023]<Default_GPU>:
        D(...) = ...
)";
    EXPECT_TRUE(gpu_block_problems(nest).empty());
}

TEST(GpuLaunchLimits, TooManyThreadsInABlock) {
    const char *nest = R"(produce E:
  gpu_block b<Default_GPU>:
    gpu_thread y in [0, 63]<Default_GPU>:
      gpu_thread x in [0, 31]<Default_GPU>:
        E(...) = ...
)";
    auto p = gpu_block_problems(nest);
    ASSERT_EQ(p.size(), 1u);
    EXPECT_NE(p[0].find("2048 threads, above 1024"), std::string::npos) << p[0];
}
