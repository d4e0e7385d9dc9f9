#include "compile/toolchain.h"

#include <Halide.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include "common/files.h"
#include "common/paths.h"
#include "common/sha256.h"
#include "common/subprocess.h"
#include "eval/availability.h"

namespace ekb {

namespace fs = std::filesystem;

namespace {

std::string find_cxx() {
    if (const char *v = std::getenv("EKB_CXX"); v && *v) return v;
    for (const char *c : {"/usr/bin/clang++", "/usr/bin/clang++-14", "/usr/bin/g++"}) {
        if (fs::exists(c)) return c;
    }
    throw std::runtime_error("no C++ compiler found (install clang, or set EKB_CXX)");
}

bool is_clang(const std::string &cxx) { return cxx.find("clang") != std::string::npos; }

void make_public_dir(const fs::path &p) {
    fs::create_directories(p);
    ::chmod(p.c_str(), 0755);
}

// Runs build() to create `target` once: under a lock, into a temporary path, then renamed.
template <typename F>
fs::path ensure(const fs::path &target, F build) {
    if (fs::exists(target)) return target;
    make_public_dir(target.parent_path());
    FileLock lock(target.string() + ".lock");
    if (fs::exists(target)) return target;
    fs::path tmp = target;
    tmp += ".building";
    fs::remove(tmp);
    build(tmp);
    ::chmod(tmp.c_str(), 0755);
    fs::rename(tmp, target);
    return target;
}

}  // namespace

void run_tool(const std::vector<std::string> &argv, double wall_seconds, const std::string &what) {
    TempDir tmp("ekb-tool-");
    SpawnSpec spec;
    spec.argv = argv;
    spec.env = base_env(tmp.path());
    spec.stdout_path = tmp.path() / "out.txt";
    spec.stderr_path = tmp.path() / "err.txt";
    spec.confine = false;
    spec.limits.wall_seconds = wall_seconds;
    ExitInfo e = run_process(spec);
    if (!e.ok()) {
        std::string cmd;
        for (const auto &a : argv) cmd += a + " ";
        throw std::runtime_error(what + " failed (" + e.describe() + ")\n  command: " + cmd + "\n" +
                                 clip(read_file_tail(spec.stderr_path, 8000) + read_file_tail(spec.stdout_path, 2000), 8000));
    }
}

Toolchain::Toolchain(const fs::path &cache_root) : cache_root_(cache_root), cxx_(find_cxx()) {
    Sha256 h;
    h.update(ekb_version());
    h.update(cxx_);
    for (const fs::path &p : {libexec_dir() / "ekb-gen", libexec_dir() / "libekb_runner.a",
                              ekb_home() / "include" / "ekb" / "kernel.h"}) {
        if (!fs::exists(p)) throw std::runtime_error("ekb installation incomplete: missing " + p.string());
        h.update(read_file(p));
    }
    // The cross-built runner libraries, where this build has them (they are optional).
    for (const auto &e : fs::directory_iterator(libexec_dir())) {
        std::string n = e.path().filename().string();
        if (n.rfind("libekb_runner-", 0) == 0 && e.path().extension() == ".a") h.update(n + ":" + read_file(e.path()));
    }
    id_ = h.hex().substr(0, 16);
    root_ = cache_root_ / "toolchain" / id_;
    // The cache root is traversable but not listable (0711): confined children reach the
    // toolchain (public, 0755) and their own work directories; results under artifacts/
    // (0700) and the model-reply cache llm/ (0700) are ekb's alone.
    fs::create_directories(cache_root_);
    ::chmod(cache_root_.c_str(), 0711);
    make_dir_mode(cache_root_ / "artifacts", 0700);
    make_dir_mode(cache_root_ / "llm", 0700);  // the default --llm-cache (model replies)
    make_public_dir(cache_root_ / "toolchain");
    make_public_dir(root_);
}

fs::path Toolchain::allowlist_dir() const { return ekb_home() / "src" / "compile" / "allowlist"; }

std::vector<std::string> Toolchain::pipeline_link_args(const std::string &object, const std::string &output) const {
    // Called by the name the compiler driver would use; the driver itself is not run (it
    // adds library search paths even with -nostdlib).
    if (is_clang(cxx_) && fs::exists("/usr/bin/ld.lld")) {
        return {"/usr/bin/ld.lld", "-shared", "-nostdlib", "--no-dependent-libraries", "-z", "noexecstack",
                "--eh-frame-hdr", "--build-id=none", "-o", output, object};
    }
    return {"/usr/bin/ld", "-shared", "-nostdlib", "-z", "noexecstack", "--eh-frame-hdr", "--build-id=none",
            "-o", output, object};
}

std::string Toolchain::disassembler() const {
    for (const char *p : {"/usr/bin/llvm-objdump", "/usr/bin/llvm-objdump-14", "/usr/lib/llvm-14/bin/llvm-objdump"}) {
        if (fs::exists(p)) return p;
    }
    // Another LLVM's, the newest (a GPU machine with LLVM 17 and no 14): without any, the
    // object check cannot tell syscall bytes from parts of other instructions and rejects
    // honest kernels (seen on the H200: 21 of 373 opencl sweep tests, 12 of 746 cuda kernels).
    int best = 0;
    std::string found;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator("/usr/lib", ec)) {
        const std::string n = e.path().filename().string();
        if (n.rfind("llvm-", 0) != 0) continue;
        const int version = std::atoi(n.c_str() + 5);
        const fs::path p = e.path() / "bin" / "llvm-objdump";
        if (version >= 14 && version > best && ::access(p.c_str(), X_OK) == 0) {
            best = version;
            found = p.string();
        }
    }
    return found;
}

fs::path Toolchain::include_dir() {
    fs::path dir = root_ / "include";
    ensure(dir / "ekb" / "kernel.h", [&](const fs::path &tmp) {
        fs::copy_file(ekb_home() / "include" / "ekb" / "kernel.h", tmp);
    });
    ::chmod((dir / "ekb" / "kernel.h").c_str(), 0644);
    return dir;
}

std::vector<std::string> Toolchain::kernel_compile_args() {
    std::vector<std::string> a = {cxx_, "-std=c++20", "-O0", "-fPIC", "-g0", "-I" + include_dir().string(),
                                  std::string("-I") + EKB_HALIDE_INCLUDE_DIR};
    if (is_clang(cxx_)) {
        a.push_back("-include-pch");
        a.push_back(pch().string());
    } else {
        a.push_back("-include");
        a.push_back((include_dir() / "ekb" / "kernel.h").string());
        a.push_back("-Winvalid-pch");
    }
    return a;
}

fs::path Toolchain::pch() {
    fs::path header = include_dir() / "ekb" / "kernel.h";
    // g++ looks for <header>.gch beside the header; clang takes the file by -include-pch.
    fs::path out = header;
    out += is_clang(cxx_) ? ".pch" : ".gch";
    return ensure(out, [&](const fs::path &tmp) {
        run_tool({cxx_, "-std=c++20", "-O0", "-fPIC", "-g0", std::string("-I") + EKB_HALIDE_INCLUDE_DIR, "-x",
                  "c++-header", header.string(), "-o", tmp.string()},
                 300, "building the precompiled kernel header");
        ::chmod(tmp.c_str(), 0644);
    });
}

fs::path Toolchain::gen() {
    return ensure(root_ / "bin" / "ekb-gen", [&](const fs::path &tmp) {
        fs::copy_file(libexec_dir() / "ekb-gen", tmp);
    });
}

fs::path Toolchain::runtime_object(const std::string &target) {
    std::string key = sha256_hex(target).substr(0, 16);
    return ensure(root_ / "runtime" / (key + ".o"), [&](const fs::path &tmp) {
        fs::path o = tmp;
        o += ".o";
        Halide::compile_standalone_runtime(o.string(), Halide::Target(target));
        fs::rename(o, tmp);
        write_file(root_ / "runtime" / (key + ".target"), target + "\n");
    });
}

fs::path Toolchain::runner(const std::string &target, const std::string &recipe) {
    std::string key = sha256_hex(target).substr(0, 16);
    fs::path dir = root_ / "runner" / key;
    if (recipe != "native" && recipe.rfind("cross-", 0) != 0) throw std::runtime_error("unknown runner recipe '" + recipe + "'");
    return ensure(dir / "ekb-runner", [&](const fs::path &tmp) {
        std::vector<std::string> cmd;
        if (recipe == "native") {
            cmd = {cxx_, "-o", tmp.string(), (libexec_dir() / "libekb_runner.a").string(), runtime_object(target).string(),
                   EKB_SECCOMP_STATIC, "-rdynamic", "-ldl", "-lpthread", "-static-libstdc++", "-static-libgcc"};
            if (is_clang(cxx_)) cmd.push_back("-fuse-ld=lld");
        } else {
            // Another CPU: the runner's code cross-built with ekb (src/cross_runner.cmake),
            // the Halide runtime for the target, the triple's libseccomp.a, Debian's cross C
            // library (dynamic: the runner dlopens pipelines, which a static glibc cannot
            // give its symbols to) and a static C++ runtime.
            std::string triple = recipe.substr(6);
            fs::path lib = libexec_dir() / ("libekb_runner-" + triple + ".a");
            fs::path seccomp = fs::path("/usr/lib") / triple / "libseccomp.a";
            std::string clang = fs::exists("/usr/bin/clang++-14") ? "/usr/bin/clang++-14" : "/usr/bin/clang++";
            if (std::string missing = cross_runner_missing(triple); !missing.empty()) {
                throw std::runtime_error("the runner for " + target + " cannot be built here: missing " + missing +
                                         " (scripts/install-deps.sh installs the " + triple + " cross toolchain)");
            }
            cmd = {clang, "--target=" + triple, "-fuse-ld=lld", "-o", tmp.string(), lib.string(), runtime_object(target).string(),
                   seccomp.string(), "-rdynamic", "-ldl", "-lpthread", "-static-libstdc++", "-static-libgcc"};
        }
        run_tool(cmd, 120, "linking the runner for " + target);
        write_file(dir / "target", target + "\n");
    });
}

std::string cross_runner_missing(const std::string &triple) {
    std::string clang = fs::exists("/usr/bin/clang++-14") ? "/usr/bin/clang++-14" : "/usr/bin/clang++";
    for (const fs::path &need : {libexec_dir() / ("libekb_runner-" + triple + ".a"), fs::path("/usr/lib") / triple / "libseccomp.a",
                                 fs::path("/usr") / triple / "lib" / "libc.so", fs::path(clang), fs::path("/usr/bin/ld.lld")}) {
        if (!fs::exists(need)) return need.string();
    }
    return "";
}

}  // namespace ekb
