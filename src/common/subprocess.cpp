#include "common/subprocess.h"
#include "common/test_points.h"

#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <dirent.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

namespace ekb {

double monotonic_seconds() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// A uid of its own for each confined child: RLIMIT_NPROC counts per uid, so a fork bomb (or
// the zombies of a killed sandbox, still being torn down) cannot starve the next child or
// a concurrent evaluation. Each process draws from its own block of 250 uids, far above any
// real account; no passwd entry is needed.
constexpr uint32_t k_sandbox_uid_base = 2000000000u;

uid_t next_sandbox_uid() {
    if (::geteuid() != 0) return ::getuid();
    static std::atomic<uint32_t> counter{0};
    uint32_t block = static_cast<uint32_t>(::getpid()) % 4000u;
    return static_cast<uid_t>(k_sandbox_uid_base + block * 250u + counter++ % 250u);
}

void hand_to_sandbox(const std::filesystem::path &dir, uid_t uid) {
    std::filesystem::create_directories(dir);
    if (::geteuid() == 0) {
        if (::chown(dir.c_str(), uid, static_cast<gid_t>(uid)) != 0) {
            throw std::runtime_error("cannot chown " + dir.string() + ": " + strerror(errno));
        }
    }
}

namespace {

// Orphaned descendants (bubblewrap's inner process after its parent died, or whatever a
// sandboxed child left when it was killed) are reparented to us rather than to the host's
// init, which in containers may never reap them: their zombies would keep counting
// against the sandbox uid's process limit. reap_orphans() collects them.
std::mutex g_tracked_mutex;
std::set<pid_t> g_tracked;  // children some Process object will reap itself

void become_subreaper() {
    static std::once_flag once;
    std::call_once(once, [] { ::prctl(PR_SET_CHILD_SUBREAPER, 1); });
}

// Reaps our untracked zombie children; returns how many untracked children (alive or not)
// it saw.
int reap_orphans() {
    int seen = 0;
    std::vector<pid_t> zombies;
    pid_t self = ::getpid();
    if (DIR *d = ::opendir("/proc")) {
        while (dirent *e = ::readdir(d)) {
            if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
            char path[64];
            snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
            FILE *f = ::fopen(path, "r");
            if (!f) continue;
            char buf[512];
            size_t n = ::fread(buf, 1, sizeof(buf) - 1, f);
            ::fclose(f);
            buf[n] = 0;
            const char *close_paren = ::strrchr(buf, ')');
            if (!close_paren) continue;
            char state = 0;
            int ppid = 0;
            if (::sscanf(close_paren + 1, " %c %d", &state, &ppid) == 2 && ppid == self) {
                pid_t pid = static_cast<pid_t>(::atoi(e->d_name));
                std::lock_guard<std::mutex> lock(g_tracked_mutex);
                if (g_tracked.count(pid)) continue;
                seen++;
                if (state == 'Z') zombies.push_back(pid);
            }
        }
        ::closedir(d);
    }
    for (pid_t z : zombies) ::waitpid(z, nullptr, WNOHANG);
    return seen;
}

// After a sandboxed child ends, what it left (bubblewrap's inner process, a killed
// namespace's processes) dies within milliseconds; wait for that and reap it, so that the
// next child of the same uid starts with its whole process budget.
void drain_orphans(double max_seconds) {
    double deadline = monotonic_seconds() + max_seconds;
    while (reap_orphans() > 0 && monotonic_seconds() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

// A child's stdout or stderr file, opened by the parent. The directory may be one an
// earlier child could write (a compile work directory), so whatever is at the path is
// never followed or truncated: a symlink, a FIFO, a hard link or any earlier file is
// unlinked and the log created afresh with O_EXCL|O_NOFOLLOW. Empty path: /dev/null.
int open_child_log(const std::filesystem::path &path) {
    if (path.empty()) {
        int fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (fd < 0) throw std::runtime_error(std::string("cannot open /dev/null: ") + strerror(errno));
        return fd;
    }
    for (int attempt = 0; attempt < 3; attempt++) {
        int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0644);
        if (fd >= 0) return fd;
        if (errno != EEXIST) break;
        if (::unlink(path.c_str()) != 0 && errno != ENOENT) break;
    }
    throw std::runtime_error("cannot create the child's log " + path.string() + " afresh: " + strerror(errno));
}

struct StdioFd {
    int fd;
    ~StdioFd() {
        if (fd >= 0) ::close(fd);
    }
};

// A process that is not dumpable has its /proc/<pid> files owned by root and refuses
// ptrace-mode access (environ, mem, maps, fd/) to every process without CAP_SYS_PTRACE,
// even one of the same uid. Without bubblewrap's pid namespace, that is what keeps a
// confined child running as our own uid (ekb not root) from reading our environment
// (API keys) in /proc/<ekb pid>/environ. The flag is per process and reset by execve, so
// children are unaffected; core dumps of ekb itself are off.
void forbid_proc_access() {
    static std::once_flag once;
    std::call_once(once, [] { ::prctl(PR_SET_DUMPABLE, 0); });
}

int unshare_network() {
    if (::geteuid() == 0) return ::unshare(CLONE_NEWNET);
    return ::unshare(CLONE_NEWUSER | CLONE_NEWNET);
}

}  // namespace

bool network_isolation_available() {
    static int cached = -1;
    if (cached < 0) {
        pid_t pid = ::fork();
        if (pid == 0) _exit(unshare_network() == 0 ? 0 : 1);
        int status = 0;
        ::waitpid(pid, &status, 0);
        cached = (WIFEXITED(status) && WEXITSTATUS(status) == 0) ? 1 : 0;
    }
    return cached == 1;
}

std::string confinement_summary() {
    // The filter is built here as children get it (for an emulated runner: for the host's
    // CPU too), so a filter that cannot be built is said, never assumed.
    static const bool filter_ok = [] {
        int fd = seccomp_program(false);
        if (fd >= 0) ::close(fd);
        return fd >= 0;
    }();
    std::string s = bubblewrap_available() ? "bwrap+" : "bwrap=UNAVAILABLE(no mount/pid isolation) ";
    s += filter_ok ? "seccomp " : "seccomp=UNAVAILABLE(the filter could not be built) ";
    s += ::geteuid() == 0 ? "uid=private-per-child" : "uid=invoking-user(shared process limit)";
    s += network_isolation_available() ? " netns=private" : " netns=UNAVAILABLE(network not isolated)";
    s += " rlimits=on pgroup-kill=on";
    if (const char *emu = std::getenv("EKB_RUNNER_EMULATOR"); emu && *emu) {
        // Workers are the emulator running the runner: the mount tree, uid, namespaces and
        // rlimits hold as for any child; the seccomp filter is applied to the emulator's own
        // system calls (those of the host CPU, which every emulated one becomes).
        const char *host = std::getenv("EKB_RUNNER_HOST_ARCH");
        s += std::string(" emulated=") + std::filesystem::path(emu).filename().string() +
             "(seccomp on its " + (host && *host ? host : "host") + " system calls)";
    }
    return s;
}

std::vector<std::string> base_env(const std::filesystem::path &home) {
    return {"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + home.string(),
            "TMPDIR=" + home.string()};
}

std::vector<std::string> driver_env() {
    std::vector<std::string> out;
    // LD_LIBRARY_PATH: containers often put the NVIDIA driver's libraries (libcuda.so.1,
    // libnvidia-opencl.so.1) in a directory only it names (e.g. /usr/local/nvidia/lib64).
    // EKB_RUNNER_EMULATOR, EKB_RUNNER_HOST_ARCH: a runner for another CPU runs under a
    // user-mode emulator, and so do its workers (eval/conductor_process.cpp). Never
    // QEMU_LD_PREFIX: the runner's C library is the multiarch one (target_libc_missing there).
    for (const char *pass : {"OCL_ICD_VENDORS", "OCL_ICD_FILENAMES", "CUDA_VISIBLE_DEVICES", "POCL_DEVICES", "LD_LIBRARY_PATH",
                             "HL_OCL_DEVICE_TYPE", "HL_OCL_PLATFORM_NAME", "HL_GPU_DEVICE", "EKB_RUNNER_EMULATOR",
                             "EKB_RUNNER_HOST_ARCH"}) {
        if (const char *v = std::getenv(pass)) out.push_back(std::string(pass) + "=" + v);
    }
    return out;
}

std::string ExitInfo::describe() const {
    char buf[160];
    if (timed_out) {
        snprintf(buf, sizeof(buf), "timed out after %.1f s (wall-clock limit)", wall_seconds);
    } else if (signal != 0) {
        const char *abbrev = sigabbrev_np(signal);
        snprintf(buf, sizeof(buf), "killed by signal SIG%s (%s)", abbrev ? abbrev : "?",
                 strsignal(signal));
    } else {
        snprintf(buf, sizeof(buf), "exited with status %d", exit_code);
    }
    return buf;
}

Process::Process(Process &&o) noexcept { *this = std::move(o); }

Process &Process::operator=(Process &&o) noexcept {
    if (this != &o) {
        if (running()) { kill_group(); wait(5); }
        pid_ = o.pid_; reaped_ = o.reaped_; sandboxed_ = o.sandboxed_; start_ = o.start_; last_ = o.last_;
        o.pid_ = -1;
    }
    return *this;
}

Process::~Process() {
    if (running()) {
        kill_group();
        wait(5);
    }
}

void Process::kill_group() {
    if (pid_ > 0 && !reaped_) {
        ::kill(-pid_, SIGKILL);
        ::kill(pid_, SIGKILL);
    }
}

ExitInfo Process::reap(int status, const ::rusage &ru) {
    reaped_ = true;
    last_.wall_seconds = monotonic_seconds() - start_;
    last_.max_rss_kb = ru.ru_maxrss;
    if (WIFEXITED(status)) {
        last_.exit_code = WEXITSTATUS(status);
        if (sandboxed_ && last_.exit_code > 128 && last_.exit_code < 128 + 65) {
            last_.signal = last_.exit_code - 128;
            last_.exit_code = -1;
        }
    } else if (WIFSIGNALED(status)) {
        last_.signal = WTERMSIG(status);
    }
    // Whatever the leader did, nothing of its group outlives it.
    ::kill(-pid_, SIGKILL);
    {
        std::lock_guard<std::mutex> lock(g_tracked_mutex);
        g_tracked.erase(pid_);
    }
    drain_orphans(2.0);
    return last_;
}

bool Process::poll(ExitInfo &info) {
    if (pid_ <= 0) return false;
    if (reaped_) { info = last_; return true; }
    int status = 0;
    struct rusage ru{};
    pid_t r = ::wait4(pid_, &status, WNOHANG, &ru);
    if (r == pid_) {
        info = reap(status, ru);
        return true;
    }
    if (r < 0 && errno == ECHILD) {
        // Another thread's orphan sweep reaped it in the instant between fork() and our
        // tracking it (a child that failed at once): its status is lost.
        status = 0;
        info = reap(W_EXITCODE(127, 0), ru);
        return true;
    }
    return false;
}

ExitInfo Process::wait(double timeout_seconds) {
    ExitInfo info;
    if (pid_ <= 0) return info;
    if (reaped_) return last_;
    double deadline = monotonic_seconds() + timeout_seconds;
    int sleep_us = 200;
    while (true) {
        if (poll(info)) return info;
        if (monotonic_seconds() >= deadline) {
            kill_group();
            int status = 0;
            struct rusage ru{};
            ::wait4(pid_, &status, 0, &ru);
            info = reap(status, ru);
            info.timed_out = true;
            last_ = info;
            return info;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(sleep_us));
        if (sleep_us < 5000) sleep_us *= 2;
    }
}

Process Process::spawn(const SpawnSpec &spec) {
    if (spec.argv.empty()) throw std::runtime_error("spawn: empty argv");
    // Bubblewrap + seccomp around the program, when asked for and available.
    std::vector<std::string> full_argv = spec.argv;
    std::vector<int> pass_fds = spec.pass_fds;
    int seccomp_fd = -1;
    bool bwrap = spec.confine && spec.sandbox &&
                 (spec.use_bwrap == SpawnSpec::Bwrap::force ||
                  (spec.use_bwrap == SpawnSpec::Bwrap::automatic && bubblewrap_available()));
    if (bwrap) {
        SandboxMounts mounts = *spec.sandbox;
        if (!spec.cwd.empty()) mounts.read_write.push_back(spec.cwd);
        seccomp_fd = mounts.network || mounts.loopback_sockets ? -1 : seccomp_program(mounts.gpu_devices);
        int child_fd = -1;
        if (seccomp_fd >= 0) {
            child_fd = 3 + static_cast<int>(pass_fds.size());
            pass_fds.push_back(seccomp_fd);
        }
        full_argv = bubblewrap_command(spec.argv, spec.cwd, mounts, child_fd);
    }
    struct FdCloser {
        int fd;
        ~FdCloser() {
            if (fd >= 0) ::close(fd);
        }
    } seccomp_closer{seccomp_fd};
    // Without bubblewrap the child installs the same seccomp filter itself, right before exec
    // (GPU children: the GPU driver's filter, sandbox.h).
    std::string bpf;
    bool networked = spec.sandbox && spec.sandbox->network;
    bool sockets = spec.sandbox && spec.sandbox->loopback_sockets;
    if (spec.confine && !bwrap && !networked && !sockets) {
        int fd = seccomp_program(spec.sandbox && spec.sandbox->gpu_devices);
        if (fd >= 0) {
            char buf[4096];
            ssize_t n;
            while ((n = ::read(fd, buf, sizeof(buf))) > 0) bpf.append(buf, static_cast<size_t>(n));
            ::close(fd);
        }
    }
    struct sock_fprog prog{static_cast<unsigned short>(bpf.size() / sizeof(struct sock_filter)),
                           reinterpret_cast<struct sock_filter *>(bpf.data())};
    // Everything the child needs is prepared before fork: only async-signal-safe calls after.
    std::vector<char *> argv, envp;
    for (auto &a : full_argv) argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);
    for (auto &e : spec.env) envp.push_back(const_cast<char *>(e.c_str()));
    envp.push_back(nullptr);
    std::string cwd = spec.cwd.string();
    bool want_netns = spec.confine && !bwrap && !networked && network_isolation_available();
    bool drop = spec.confine && ::geteuid() == 0;
    uid_t uid = spec.confine ? next_sandbox_uid() : ::getuid();
    gid_t gid = static_cast<gid_t>(drop ? uid : ::getgid());
    if (spec.confine) {
        // No confined child may read our environment through /proc (see forbid_proc_access).
        forbid_proc_access();
        for (const auto &d : spec.owned_dirs) hand_to_sandbox(d, uid);
        if (!spec.cwd.empty()) hand_to_sandbox(spec.cwd, uid);
    }
    // The child's stdout and stderr are opened here, by the parent, never by path through
    // whatever an earlier child left in the directory (open_child_log).
    StdioFd fd_out{open_child_log(spec.stdout_path)};
    StdioFd fd_err{open_child_log(spec.stderr_path)};
    if (drop) {
        // Created by our uid; let the child's uid own them (a tool may reopen /dev/stderr).
        // Only the log files: never /dev/null (a child owning the host's /dev/null could
        // chmod it for everyone).
        if (!spec.stdout_path.empty()) (void)!::fchown(fd_out.fd, uid, gid);
        if (!spec.stderr_path.empty()) (void)!::fchown(fd_err.fd, uid, gid);
    }

    int errpipe[2];
    if (::pipe2(errpipe, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");

    become_subreaper();
    Process p;
    p.sandboxed_ = bwrap;
    p.start_ = monotonic_seconds();
    pid_t pid = ::fork();
    if (pid < 0) {
        ::close(errpipe[0]); ::close(errpipe[1]);
        throw std::runtime_error(std::string("fork failed: ") + strerror(errno));
    }
    if (pid == 0) {
        auto fail = [&](const char *what) {
            int e = errno;
            (void)!::write(errpipe[1], what, strlen(what));
            (void)!::write(errpipe[1], ": ", 2);
            const char *m = strerror(e);
            (void)!::write(errpipe[1], m, strlen(m));
            _exit(127);
        };
        ::setpgid(0, 0);
        // Pass fds: first move them out of the way, then to 3, 4, ...
        int n = static_cast<int>(pass_fds.size());
        int moved[64];
        if (n > 64) fail("too many fds");
        for (int i = 0; i < n; i++) {
            moved[i] = ::fcntl(pass_fds[i], F_DUPFD, 1000);
            if (moved[i] < 0) fail("dup");
        }
        int fd_in = ::open("/dev/null", O_RDONLY);
        if (fd_in < 0) fail("open /dev/null");
        ::dup2(fd_in, 0); ::dup2(fd_out.fd, 1); ::dup2(fd_err.fd, 2);
        int errfd = ::fcntl(errpipe[1], F_DUPFD_CLOEXEC, 1000 + n);
        for (int i = 0; i < n; i++) {
            if (::dup2(moved[i], 3 + i) < 0) fail("dup2");
        }
        ::close_range(3 + n, errfd - 1, 0);
        ::close_range(errfd + 1, ~0U, 0);
        errpipe[1] = errfd;
        if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) fail("chdir");
        if (spec.confine) {
            if (want_netns && unshare_network() != 0) fail("unshare(CLONE_NEWNET)");
            auto lim = [&](int res, uint64_t v) {
                if (v == 0) return;
                struct rlimit rl{v, v};
                if (::setrlimit(res, &rl) != 0) fail("setrlimit");
            };
            lim(RLIMIT_CPU, spec.limits.cpu_seconds);
            lim(RLIMIT_AS, spec.limits.address_space_bytes);
            lim(RLIMIT_FSIZE, spec.limits.file_size_bytes);
            lim(RLIMIT_NOFILE, spec.limits.open_files);
            lim(RLIMIT_NPROC, spec.limits.processes);
            struct rlimit core{0, 0};
            ::setrlimit(RLIMIT_CORE, &core);
            if (drop) {
                if (::setgroups(0, nullptr) != 0) fail("setgroups");
                if (::setgid(gid) != 0) fail("setgid");
                if (::setuid(uid) != 0) fail("setuid");
            }
        }
        // After the uid change (which clears it): die with the parent.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (prog.len > 0) {
            if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail("no_new_privs");
            if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) fail("seccomp");
        }
        if (::getppid() == 1) _exit(126);
        ::execve(argv[0], argv.data(), envp.data());
        fail("execve");
    }
    ::close(errpipe[1]);
    p.pid_ = pid;
    {
        std::lock_guard<std::mutex> lock(g_tracked_mutex);
        g_tracked.insert(pid);
    }
    ::setpgid(pid, pid);  // also from the parent, so kill(-pid) works at once
    char buf[512];
    ssize_t got = ::read(errpipe[0], buf, sizeof(buf) - 1);
    ::close(errpipe[0]);
    if (got > 0) {
        buf[got] = 0;
        p.wait(5);
        throw std::runtime_error("cannot start " + full_argv[0] + ": " + buf);
    }
    return p;
}

ExitInfo run_process(const SpawnSpec &spec) {
    Process p = Process::spawn(spec);
    if (spec.test_point) test_point(spec.test_point);
    return p.wait(spec.limits.wall_seconds);
}

}  // namespace ekb
