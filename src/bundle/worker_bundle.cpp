#include "bundle/worker_bundle.h"

#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include "common/files.h"
#include "common/paths.h"
#include "common/sha256.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "eval/evaluator.h"
#include "record/record.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

uint64_t dir_bytes(const fs::path &dir) {
    uint64_t n = 0;
    for (const auto &e : fs::recursive_directory_iterator(dir)) {
        if (e.is_regular_file()) n += e.file_size();
    }
    return n;
}

// A shared library the worker needs, found where the build machine has it (its real file,
// under its soname).
void carry_library(const fs::path &lib, const std::string &soname, const fs::path &dir) {
    fs::path real = fs::canonical(lib);
    fs::copy_file(real, dir / soname, fs::copy_options::overwrite_existing);
}

}  // namespace

uint64_t build_worker_bundle(Toolchain &tc, const std::string &backend, const fs::path &out) {
    if (fs::exists(out) && !fs::is_empty(out)) throw std::runtime_error(out.string() + " exists and is not empty");
    if (backend_info(backend).runner_recipe != "native") {
        // ekb-worker links libnats and the fabric for this machine's CPU only.
        throw std::runtime_error("a worker bundle for " + backend + " is not supported: ekb-worker is built for this machine's CPU "
                                 "(serve " + backend + " from here with `ekb worker --backend " + backend +
                                 "`, under its emulator, or use `ekb bundle --backends " + backend + "`)");
    }
    fs::path tmp = out;
    tmp += ".building";
    fs::remove_all(tmp);
    fs::create_directories(tmp / "runners");
    fs::create_directories(tmp / "lib");
    fs::create_directories(tmp / "icd");

    // The runners a host asks for on this backend (cmd_worker.cpp serves the same set).
    std::string class_target = backend_target(backend);
    std::vector<std::string> targets = {candidate_target(backend, false), candidate_target(backend, true)};
    if (is_gpu_backend(backend)) targets.push_back(candidate_target(backend, false) + "-debug");
    json runners = json::object();
    for (const std::string &t : targets) {
        if (runners.contains(t)) continue;
        std::string name = "ekb-runner-" + sha256_hex(t).substr(0, 16);
        fs::copy_file(tc.runner(t), tmp / "runners" / name);
        ::chmod((tmp / "runners" / name).c_str(), 0755);
        runners[t] = name;
    }
    if (backend_info(backend).probe == ProbeKind::opencl) {  // the OpenCL ICD loader, for driver-only machines
        fs::path loader = "/usr/lib/x86_64-linux-gnu/libOpenCL.so.1";
        if (fs::exists(loader)) carry_library(loader, "libOpenCL.so.1", tmp / "runners");
    }
    write_file(tmp / "icd" / "nvidia.icd", "libnvidia-opencl.so.1\n");

    // ekb-worker: the fabric worker with the conductor, linked like a runner (static C++
    // runtime and libseccomp, a CPU Halide runtime for the conductor's reference side), and
    // libnats from lib/ beside it.
    fs::path nats = EKB_NATS_LIBRARY;
    std::vector<std::string> cmd = {tc.cxx(), "-o", (tmp / "ekb-worker").string(), (libexec_dir() / "libekb_fabric_worker.a").string(),
                                    tc.runtime_object(reference_target()).string(), EKB_SECCOMP_STATIC, nats.string(),
                                    "-Wl,-rpath,$ORIGIN/lib", "-Wl,--disable-new-dtags", "-rdynamic", "-ldl", "-lpthread", "-static-libstdc++", "-static-libgcc"};
    run_tool(cmd, 180, "linking ekb-worker");
    carry_library(nats.parent_path() / "libnats.so.3.4", "libnats.so.3.4", tmp / "lib");
    for (const char *dep : {"/usr/lib/x86_64-linux-gnu/libprotobuf-c.so.1", "/lib/x86_64-linux-gnu/libprotobuf-c.so.1"}) {
        if (fs::exists(dep)) {
            carry_library(dep, "libprotobuf-c.so.1", tmp / "lib");
            break;
        }
    }
    fs::copy_file(ekb_home() / "src" / "bundle" / "worker.sh", tmp / "worker");
    ::chmod((tmp / "worker").c_str(), 0755);
    json wj = {{"format", "ekb-worker-bundle"}, {"format_version", 1}, {"backend", backend}, {"class_target", class_target},
               {"runners", runners}, {"ekb_version", ekb_version()}, {"created_at", utc_now()}};
    write_file(tmp / "worker.json", wj.dump(2) + "\n");
    fs::remove_all(out);
    fs::rename(tmp, out);
    return dir_bytes(out);
}

}  // namespace ekb
