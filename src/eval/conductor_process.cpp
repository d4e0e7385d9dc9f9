#include "eval/conductor_process.h"

#include <sys/stat.h>
#include <unistd.h>

#include "common/backend_table.h"
#include "common/files.h"
#include "common/untrusted_file.h"
#include "common/subprocess.h"
#include "common/test_points.h"
#include "eval/availability.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// How a runner built for `backend` starts here: directly, or, when it is for another CPU,
// under the backend's user-mode emulator (backend_table.h), whose environment tells the
// conductor to start its workers the same way (EKB_RUNNER_EMULATOR), which CPU the
// emulator's own system calls are for (the workers' seccomp filter must cover them). No
// QEMU_LD_PREFIX: see target_libc_missing.
struct RunnerLaunch {
    std::vector<std::string> prefix, env;
};

// The runner is dynamically linked (its workers dlopen the kernel). Its C library is the
// target CPU's multiarch one (Debian libc6:arm64, which libseccomp-dev:arm64 brings):
// /lib/<triple>/, where the emulator finds it with no QEMU_LD_PREFIX. Debian's cross
// package (libc6-arm64-cross 2.36-8cross1 under /usr/<triple>, QEMU_LD_PREFIX) is only
// linked against: with its loader, the child of every fork() spins forever under
// qemu-aarch64 7.2 (measured here: a 5-line fork test hangs with it and exits with
// libc6:arm64 2.36-9+deb12u14), and a conductor forks for every worker.
std::string target_libc_missing(const Backend &b) {
    if (b.runner_recipe.rfind("cross-", 0) != 0) return "";
    std::string triple = b.runner_recipe.substr(6);
    if (fs::exists(fs::path("/lib") / triple / "libc.so.6") || fs::exists(fs::path("/usr/lib") / triple / "libc.so.6")) return "";
    return "backend " + b.name + ": its runner needs the " + b.cpu_arch + " C library in /lib/" + triple + " to run under " +
           b.emulator + " (Debian: dpkg --add-architecture arm64; apt-get install libc6:arm64)";
}

RunnerLaunch runner_launch(const std::string &backend) {
    const Backend &b = backend_info(backend);
    std::string emulator = emulator_for(b);  // throws with what to install when it is missing
    if (emulator.empty()) return {};
    RunnerLaunch l;
    l.prefix = {emulator};
    l.env = {"EKB_RUNNER_EMULATOR=" + emulator, "EKB_RUNNER_HOST_ARCH=" + machine_arch()};
    if (std::string missing = target_libc_missing(b); !missing.empty()) throw std::runtime_error(missing);
    return l;
}

}  // namespace

json probe_with_runner(const fs::path &runner, const std::string &backend) {
    TempDir tmp("ekb-probe-");
    SpawnSpec s;
    RunnerLaunch launch = runner_launch(backend);
    s.argv = launch.prefix;
    for (const std::string &a : {runner.string(), std::string("probe"), backend}) s.argv.push_back(a);
    s.env = base_env(tmp.path());
    for (auto &e : driver_env()) s.env.push_back(e);
    for (auto &e : launch.env) s.env.push_back(e);
    s.stdout_path = tmp.path() / "out.json";
    s.stderr_path = tmp.path() / "err.txt";
    s.confine = false;
    s.limits.wall_seconds = 60;
    ExitInfo e = run_process(s);
    if (!e.ok()) {
        throw std::runtime_error("probe of " + backend + " " + e.describe() + ": " +
                                 read_untrusted_text(s.stderr_path, 2000, ReadEnd::tail));
    }
    // The runner loaded the GPU driver: its output is read like any child's (capped, no links).
    UntrustedRead out = read_untrusted(s.stdout_path, 4u << 20);
    if (!out.ok() || out.truncated) throw std::runtime_error("probe of " + backend + ": no readable report (" + out.problem + ")");
    return json::parse(out.bytes);
}

json run_conductor(const fs::path &runner, const ConductSpec &spec_in, double wall_seconds) {
    ConductSpec spec = spec_in;
    TempDir tmp("ekb-eval-");
    // Workers reach their directories below (0711); the spec (held-out shapes) and the
    // result are the conductor's and ours alone (0600).
    ::chmod(tmp.path().c_str(), 0711);
    spec.workdir = tmp.path().string();
    write_file_mode(tmp.path() / "spec.json", spec.to_json().dump(1), 0600);
    SpawnSpec ss;
    RunnerLaunch launch = runner_launch(spec.backend);
    ss.argv = launch.prefix;
    for (const std::string &a : {runner.string(), std::string("conduct"), (tmp.path() / "spec.json").string(),
                                 (tmp.path() / "result.json").string()}) {
        ss.argv.push_back(a);
    }
    ss.env = base_env(tmp.path());
    for (auto &e : driver_env()) ss.env.push_back(e);
    for (auto &e : launch.env) ss.env.push_back(e);
    ss.stderr_path = tmp.path() / "conductor.err";
    ss.confine = false;  // the conductor is trusted; it confines its workers
    ss.limits.wall_seconds = wall_seconds;
    Process conductor = Process::spawn(ss);
    if (test_point_armed("timed_sample")) {
        ExitInfo early;
        while (!fs::exists(tmp.path() / "phase") && !conductor.poll(early)) ::usleep(2000);
        if (fs::exists(tmp.path() / "phase")) test_point("timed_sample");
    }
    ExitInfo e = conductor.wait(ss.limits.wall_seconds);
    if (!e.ok()) {
        throw std::runtime_error("the runner's conductor " + e.describe() + ":\n" +
                                 read_untrusted_text(ss.stderr_path, 4000, ReadEnd::tail));
    }
    // Written by the conductor (trusted) in a directory no worker can write; read through the
    // audited reader all the same, with a cap.
    UntrustedRead res = read_untrusted(tmp.path() / "result.json", 64u << 20);
    if (!res.ok() || res.truncated) {
        throw std::runtime_error("the runner's conductor left no readable result.json (" +
                                 (res.truncated ? std::string("over 64 MiB") : res.problem.empty() ? "missing" : res.problem) + ")");
    }
    return json::parse(res.bytes);
}

double conductor_wall_seconds(const ConductSpec &spec) {
    double per_instance = spec.timing.cap_seconds + 4 * spec.call_seconds + 2;
    return 60 + 3 * spec.start_seconds + per_instance * double(spec.instances.size()) * 2 + spec.profile_seconds +
           2 * spec.call_seconds;
}

std::string emulated_runner_missing(const std::string &backend) {
    const Backend &b = backend_info(backend);
    if (runs_natively(b)) return "";
    try {
        (void)emulator_for(b);
    } catch (const std::exception &e) {
        return e.what();
    }
    return target_libc_missing(b);
}

}  // namespace ekb
