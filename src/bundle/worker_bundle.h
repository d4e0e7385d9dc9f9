// `ekb bundle --worker`: a self-contained fabric worker directory (docs/fabric.md) for one
// backend — ekb-worker (no libHalide; C++ runtime static; libnats and libprotobuf-c carried
// in lib/, found through DT_RPATH), the runners a host asks for on that backend, the OpenCL ICD loader and NVIDIA's
// ICD file, worker.json, and a POSIX sh `worker` script. It runs where a bundle runs: only
// the GPU driver (and the system's OpenSSL 3) needed.
#pragma once
#include <filesystem>
#include <string>

namespace ekb {

class Toolchain;

// Writes the directory (which must not exist or be empty); returns its size in bytes.
uint64_t build_worker_bundle(Toolchain &tc, const std::string &backend, const std::filesystem::path &out);

}  // namespace ekb
