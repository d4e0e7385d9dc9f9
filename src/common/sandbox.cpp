#include "common/sandbox.h"

#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <glob.h>
#include <mutex>

#include "common/files.h"
#include "common/subprocess.h"

namespace ekb {

namespace fs = std::filesystem;

namespace {

const char *k_bwrap = "/usr/bin/bwrap";

// The system a child may see, read-only. Nothing else of the host's file tree (no home
// directories, no source trees with held-out instances, no result stores, no cache
// entries but the toolchain pieces bound explicitly).
const char *k_system_paths[] = {"/usr", "/etc", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin"};

}  // namespace

const std::vector<std::string> &seccomp_denied_syscalls() {
    static const std::vector<std::string> denied = {
        "socket", "connect", "bind", "listen", "accept", "accept4", "sendto", "sendmsg", "sendmmsg",
        "ptrace", "process_vm_readv", "process_vm_writev", "mount", "umount2", "pivot_root", "chroot",
        "unshare", "setns", "bpf", "perf_event_open", "keyctl", "add_key", "request_key", "kexec_load",
        "kexec_file_load", "init_module", "finit_module", "delete_module", "swapon", "swapoff", "reboot",
        "acct", "userfaultfd", "io_uring_setup", "open_by_handle_at", "name_to_handle_at", "fanotify_init",
        "iopl", "ioperm", "quotactl", "syslog", "settimeofday", "clock_settime", "clock_adjtime", "adjtimex"};
    return denied;
}

int seccomp_program(bool gpu_driver) {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx) return -1;
    bool ok = true;
    // A runner for another CPU under a user-mode emulator (eval/conductor_process.cpp): the
    // worker is the emulator, a program of the host's CPU, so the filter must (also) cover
    // that CPU's system calls, which every emulated one becomes. The rules below are added
    // for every architecture of the filter.
    if (const char *host = std::getenv("EKB_RUNNER_HOST_ARCH"); host && *host && std::getenv("EKB_RUNNER_EMULATOR")) {
        uint32_t arch = seccomp_arch_resolve_name(host);
        if (!arch) {
            seccomp_release(ctx);
            return -1;
        }
        if (arch != seccomp_arch_native()) ok = seccomp_arch_add(ctx, arch) == 0;
    }
    for (const auto &name : seccomp_denied_syscalls()) {
        int nr = seccomp_syscall_resolve_name(name.c_str());
        if (nr == __NR_SCMP_ERROR) continue;  // unknown to libseccomp
        if (gpu_driver && name == "socket") {
            // The NVIDIA driver's cuInit makes a listening Unix socket (socket(AF_UNIX,
            // SOCK_SEQPACKET|SOCK_CLOEXEC), bind, listen) and fails with
            // CUDA_ERROR_OPERATING_SYSTEM when any of the three is refused. Only AF_UNIX:
            // the whole 64-bit argument is compared, so any other value (another family,
            // AF_UNIX with high bits set) is refused. connect, accept, accept4 and send*
            // stay refused: the worker can make and bind such a socket, never reach a
            // listener with it (its own or the host's), nor accept a connection.
            ok = ok && seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX)) == 0;
            continue;
        }
        if (gpu_driver && (name == "bind" || name == "listen")) continue;  // on its Unix socket, see above
        ok = ok && seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0) == 0;
    }
    // New namespaces through clone(): one rule per namespace flag. clone3 hides its flags
    // in memory, so it is refused with ENOSYS and the C library falls back to clone.
    for (uint64_t flag : {uint64_t(CLONE_NEWNS), uint64_t(CLONE_NEWUSER), uint64_t(CLONE_NEWPID), uint64_t(CLONE_NEWNET),
                          uint64_t(CLONE_NEWIPC), uint64_t(CLONE_NEWUTS), uint64_t(CLONE_NEWCGROUP)}) {
        ok = ok && seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                                    SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag)) == 0;
    }
    ok = ok && seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) == 0;
    int fd = ok ? ::memfd_create("ekb-seccomp", MFD_CLOEXEC) : -1;
    if (fd >= 0 && (seccomp_export_bpf(ctx, fd) != 0 || ::lseek(fd, 0, SEEK_SET) != 0)) {
        ::close(fd);
        fd = -1;
    }
    seccomp_release(ctx);
    return fd;
}

std::vector<std::string> bubblewrap_command(const std::vector<std::string> &argv, const fs::path &cwd,
                                            const SandboxMounts &mounts, int seccomp_fd) {
    std::vector<std::string> cmd = {k_bwrap, "--die-with-parent", "--new-session", "--cap-drop", "ALL"};
    if (mounts.network) {
        cmd.insert(cmd.end(), {"--unshare-user-try", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"});
    } else {
        cmd.push_back("--unshare-all");
    }
    for (const char *p : k_system_paths) {
        std::error_code ec;
        if (fs::is_symlink(p, ec)) {
            cmd.insert(cmd.end(), {"--symlink", fs::read_symlink(p).string(), p});
        } else if (fs::exists(p, ec)) {
            cmd.insert(cmd.end(), {"--ro-bind", p, p});
        }
    }
    cmd.insert(cmd.end(), {"--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"});
    if (mounts.gpu_devices) {
        // OpenCL and CUDA drivers read the device topology (PoCL through hwloc) from /sys.
        cmd.insert(cmd.end(), {"--ro-bind", "/sys", "/sys"});
        glob_t g{};
        if (::glob("/dev/nvidia*", 0, nullptr, &g) == 0) {
            for (size_t i = 0; i < g.gl_pathc; i++) cmd.insert(cmd.end(), {"--dev-bind", g.gl_pathv[i], g.gl_pathv[i]});
        }
        ::globfree(&g);
        if (fs::exists("/dev/dri")) cmd.insert(cmd.end(), {"--dev-bind", "/dev/dri", "/dev/dri"});
    }
    for (const auto &p : mounts.read_only) cmd.insert(cmd.end(), {"--ro-bind", p.string(), p.string()});
    for (const auto &p : mounts.read_write) cmd.insert(cmd.end(), {"--bind", p.string(), p.string()});
    if (!cwd.empty()) cmd.insert(cmd.end(), {"--chdir", cwd.string()});
    if (seccomp_fd >= 0) cmd.insert(cmd.end(), {"--seccomp", std::to_string(seccomp_fd)});
    cmd.push_back("--");
    cmd.insert(cmd.end(), argv.begin(), argv.end());
    return cmd;
}

bool bubblewrap_available() {
    static std::once_flag once;
    static bool available = false;
    std::call_once(once, [] {
        if (!fs::exists(k_bwrap) || std::getenv("EKB_NO_BWRAP")) return;
        TempDir tmp("ekb-bwrap-probe-");
        SpawnSpec s;
        s.argv = {"/bin/true"};
        s.env = base_env(tmp.path());
        s.cwd = tmp.path();
        s.confine = true;
        s.sandbox = SandboxMounts{};
        s.sandbox->read_write.push_back(tmp.path());
        s.use_bwrap = SpawnSpec::Bwrap::force;
        s.limits.wall_seconds = 10;
        try {
            available = run_process(s).ok();
        } catch (const std::exception &) {
            available = false;
        }
    });
    return available;
}

}  // namespace ekb
