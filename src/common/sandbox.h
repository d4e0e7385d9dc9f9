// Confinement of untrusted children beyond uid, network namespace and rlimits: bubblewrap
// (a private mount tree that exposes only the system, read-only, and the child's own
// directories; new user, pid, ipc, uts and network namespaces; dies with its parent) and a
// seccomp filter, applied by bubblewrap right before the child's program starts, that
// denies sockets, ptrace, mounts, namespaces, bpf, kernel keyrings, module loading and the
// like. Where bubblewrap cannot run, children fall back to uid + netns + rlimits + the same
// filter (installed with prctl) and every result's environment says so loudly
// (confinement_summary()).
//
// GPU children (SandboxMounts::gpu_devices) get the filter with one relaxation: the NVIDIA
// driver's cuInit creates a listening Unix socket (socket(AF_UNIX, SOCK_SEQPACKET) + bind +
// listen) and fails with CUDA_ERROR_OPERATING_SYSTEM when any of the three is refused
// (seen on an H200, driver 580, CUDA 13). So for them socket() is allowed for AF_UNIX only,
// and bind() and listen() are allowed; every other socket family, connect, accept, send*
// stay refused, so such a socket can reach nothing (docs/evaluation.md, "GPU workers").
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace ekb {

struct SandboxMounts {
    std::vector<std::filesystem::path> read_only;   // e.g. the toolchain directory
    std::vector<std::filesystem::path> read_write;  // the child's private directory
    bool gpu_devices = false;                       // bind /dev/nvidia*, /dev/dri and /sys (read-only);
                                                    // the GPU driver's seccomp filter (above)
    // The child may use the network (an external coding agent brings its own model): it
    // keeps the host's network namespace and gets no seccomp filter (which denies sockets);
    // everything else (mount tree, uid, pid/ipc/uts namespaces, rlimits) stays.
    bool network = false;
    // The child keeps a network namespace of its own (nothing but loopback) but may make
    // sockets (no seccomp filter): an external agent that reaches ekb's model gateway on
    // 127.0.0.1 there (produce/model_gateway.h) and nothing else.
    bool loopback_sockets = false;
};

// Whether bubblewrap works here for the sandbox uid (probed once per process).
bool bubblewrap_available();

// The bubblewrap command line that runs `argv` confined. `seccomp_fd` is the child's fd
// number of a BPF program (seccomp_program()), or -1 for none.
std::vector<std::string> bubblewrap_command(const std::vector<std::string> &argv, const std::filesystem::path &cwd,
                                            const SandboxMounts &mounts, int seccomp_fd);

// A memfd holding the compiled seccomp filter (a fresh fd each call; the caller closes it),
// or -1 when libseccomp cannot build it. `gpu_driver`: the GPU children's filter (above).
int seccomp_program(bool gpu_driver = false);

// The syscalls the filter denies, for documentation and tests (the GPU children's filter
// allows socket(AF_UNIX), bind and listen of these).
const std::vector<std::string> &seccomp_denied_syscalls();

}  // namespace ekb
