// Backends and their Halide targets. The backends themselves are rows of the backend table
// (common/backend_table.h); this file adds what needs libHalide: a backend's target string,
// always explicit and recorded (the host's detected CPU features, or the row's cross CPU,
// plus its features), never "host", so an artifact never silently depends on the machine
// that built it.
#pragma once
#include <string>

#include "common/backend_table.h"

namespace ekb {

// The target string for a backend on this host, e.g.
// "x86-64-linux-avx-avx2-fma-sse41-opencl". Overridable with EKB_TARGET_<BACKEND> (the
// name upper-cased, '-' as '_': EKB_TARGET_CPU_ARM64).
std::string backend_target(const std::string &backend);
// The target trusted reference artifacts are built for on the host CPU.
std::string reference_target();
// The target of the trusted reference artifact a backend's runner loads beside the
// candidate: its reference backend's (a build for the same CPU as the runner).
std::string reference_target_for(const std::string &backend);

}  // namespace ekb
