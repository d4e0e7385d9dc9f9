// Points the output buffer at an input instead of writing it.
#include "pipeline_abi.h"
EKB_HANDMADE_PIPELINE({
    C->host = B->host;
    return 0;
})
