// Child processes with a wall-clock limit, rlimits, an unprivileged uid and no network.
//
// Every untrusted step (generating a kernel's pipeline, running a kernel) and every helper
// tool runs through spawn(). The child gets its own process group, which the parent kills
// as a whole on timeout, and dies with its parent (PR_SET_PDEATHSIG). When ekb runs as
// root, the child drops to a uid of its own (next_sandbox_uid()), because root ignores RLIMIT_NPROC;
// when it can, it enters a fresh network namespace (no interfaces but loopback, down).
// Full confinement (bubblewrap, seccomp) builds on this in the sandbox component.
#pragma once
#include <sys/resource.h>
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/sandbox.h"

namespace ekb {

struct Limits {
    double wall_seconds = 60;           // parent-side clock; the whole process group is killed
    uint64_t cpu_seconds = 0;           // RLIMIT_CPU, 0 = unlimited
    uint64_t address_space_bytes = 0;   // RLIMIT_AS, 0 = unlimited (GPU drivers map a lot)
    uint64_t file_size_bytes = 1ull << 30;  // RLIMIT_FSIZE
    uint64_t open_files = 512;          // RLIMIT_NOFILE
    uint64_t processes = 256;           // RLIMIT_NPROC (applies to the sandbox uid)
};

struct SpawnSpec {
    std::vector<std::string> argv;       // argv[0] is the program path
    std::vector<std::string> env;        // KEY=VALUE; the child gets exactly these
    std::filesystem::path cwd;           // empty: inherit
    std::filesystem::path stdout_path;   // empty: /dev/null
    std::filesystem::path stderr_path;   // empty: /dev/null
    std::vector<int> pass_fds;           // become fds 3, 4, ... in the child, in this order
    bool confine = true;                 // drop privileges, no network, rlimits
    std::vector<std::filesystem::path> owned_dirs;  // handed to the child's uid (cwd always is)
    Limits limits;
    // With confine: also run inside bubblewrap + seccomp (sandbox.h) seeing only the system
    // and these paths (cwd is always writable). Without it, uid + netns + rlimits only.
    std::optional<SandboxMounts> sandbox;
    enum class Bwrap { automatic, force, off } use_bwrap = Bwrap::automatic;
    const char *test_point = nullptr;    // run_process: a test point (test_points.h) once started
};

struct ExitInfo {
    bool timed_out = false;
    int exit_code = -1;       // valid when signal == 0 and !timed_out
    int signal = 0;           // the signal that ended the child, 0 if it exited
    double wall_seconds = 0;
    long max_rss_kb = 0;      // peak resident set size of the child (wait4)
    bool ok() const { return !timed_out && signal == 0 && exit_code == 0; }
    // "exited with status 3", "killed by signal SIGSEGV (segmentation fault)", "timed out after 5.0 s"
    std::string describe() const;
};

class Process {
public:
    static Process spawn(const SpawnSpec &spec);  // throws std::runtime_error if it cannot start
    Process() = default;
    Process(Process &&other) noexcept;
    Process &operator=(Process &&other) noexcept;
    ~Process();  // kills the group and reaps if still running

    pid_t pid() const { return pid_; }
    bool running() const { return pid_ > 0 && !reaped_; }
    // Waits up to timeout_seconds (from now); on timeout kills the group and reports timed_out.
    ExitInfo wait(double timeout_seconds);
    // Non-blocking: true and fills info when the child has ended.
    bool poll(ExitInfo &info);
    void kill_group();

private:
    ExitInfo reap(int status, const ::rusage &ru);
    pid_t pid_ = -1;
    bool reaped_ = false;
    bool sandboxed_ = false;  // run under bubblewrap, which reports a child's signal as 128 + signal
    double start_ = 0;
    ExitInfo last_;
};

// Spawns and waits with spec.limits.wall_seconds.
ExitInfo run_process(const SpawnSpec &spec);

// The uid the next confined child runs as: when ekb runs as root, a fresh uid per child
// (2000000000 and up), so process limits are per child; else our own uid.
uid_t next_sandbox_uid();
// Makes a directory owned by `uid` (so a confined child running as it can write there).
void hand_to_sandbox(const std::filesystem::path &dir, uid_t uid);
// Whether confined children get a private network namespace on this machine (probed once).
bool network_isolation_available();
// A one-line summary of the confinement in force, recorded in every result's environment.
std::string confinement_summary();

// The GPU-driver settings of our environment that runners and workers inherit
// (OCL_ICD_VENDORS, CUDA_VISIBLE_DEVICES, HL_OCL_DEVICE_TYPE, ...), as KEY=VALUE.
std::vector<std::string> driver_env();

// A minimal environment for children: PATH, LANG, HOME/TMPDIR = home.
std::vector<std::string> base_env(const std::filesystem::path &home);

double monotonic_seconds();

}  // namespace ekb
