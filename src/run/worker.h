// The worker: an untrusted process that loads ONE pipeline artifact and runs it on command
// (channel.h). It never sees the reference, the expert or the verifier; the conductor
// generates its inputs in shared memory and checks its outputs there.
#pragma once
#include <string>

namespace ekb {

// fds: 3 commands in, 4 replies out, 5 the artifact (memfd), 6 the shared region.
// profiling: the artifact is built with the profile feature; "profile start|report" read the
// Halide profiler, and the runtime's prints (the debug runtime's per-kernel times) are kept.
int worker_main(const std::string &backend, int threads, bool profiling = false);

}  // namespace ekb
