// A result that depends on a buffer's address (hand-made pipeline, task matmul): correct
// unless the output starts in the second half of an 8 KiB block (page parity 1) and is
// not 512-byte aligned. When every rotation set shared one page parity and alignment, such
// a kernel passed; the sets now differ in bits 6..12 of their addresses.
#include <cstdint>

#include "../handmade/pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    handmade::matmul(A, B, C);
    uintptr_t a = reinterpret_cast<uintptr_t>(C->host);
    if ((a & 4096) && (a & 511)) handmade::host(C)[0] += 1.0f;
    return 0;
})
