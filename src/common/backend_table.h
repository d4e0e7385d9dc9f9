// The backend table: every backend ekb knows, one row each, and the only place in src/ that
// spells a backend's name (docs/backends.md). Everything that depends on which backend it
// is (GPU or not, the Halide target, how the runner is built, how the device is probed,
// which timing lane it runs in, the object-check allowlist, whether its timings are real)
// is a lookup here, never a comparison of names.
//
// No libHalide in here: the runner (run/) links this file too.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace ekb {

// What kind of processor runs the kernels.
enum class DeviceClass { cpu, gpu };
// "cpu" | "gpu" (also OpenCL's device types as ekb reports and reads them).
const char *device_class_name(DeviceClass c);

// How the runner finds out about the device (run/device_probe.cpp).
enum class ProbeKind {
    cpu,     // /proc/cpuinfo and /sys: always supported where the runner runs
    opencl,  // the OpenCL ICD loader: platforms and devices
    cuda,    // the CUDA driver API
};

// Which timing lane an evaluation runs in (experiment/run_loop.cpp): evaluations in one
// lane run one at a time; the host lane also waits for compiles to stop.
enum class TimingLane {
    host,               // runs on the host's CPU (the CPU backends, emulated ones too)
    own_device,         // a device of its own (CUDA GPUs)
    host_if_cpu_device, // OpenCL: the host lane when the probed device is a CPU (PoCL) or
                        // absent, else a lane of its own
};

struct Backend {
    std::string name;            // what users type: --backend NAME
    DeviceClass device_class;
    // The CPU the runner and the host part of every pipeline are built for: "" for the CPU
    // ekb runs on (its detected features), else a machine name (uname -m: "aarch64").
    std::string cpu_arch;
    // The Halide target. host_target: the host CPU's detected features ("x86-64-linux-avx2-..."),
    // then `target_features`. Otherwise `target` is the whole CPU target ("arm-64-linux").
    bool host_target = true;
    std::string target;
    std::string target_features;  // appended: "-opencl", "-cuda-cuda_capability_86", "-arm_dot_prod"
    // How the runner is built (compile/toolchain.cpp): "native" (the host compiler, the
    // libekb_runner.a built with ekb) or "cross-<triple>" (clang --target=<triple>, lld, the
    // libekb_runner-<triple>.a cross-built with ekb, the triple's libseccomp.a).
    std::string runner_recipe;
    ProbeKind probe;
    // The Halide runtime's device interface the worker uses ("" on CPUs).
    std::string device_interface;
    TimingLane lane;
    // src/compile/allowlist/<allowlist>.txt: the undefined symbols a pipeline may use.
    std::string allowlist;
    // suite/tasks/<id>/kernels/expert_<expert>.cpp: the expert schedule built for this backend.
    std::string expert;
    // The backend whose build of naive.cpp is the trusted reference: a CPU backend for the
    // same CPU as the runner (the reference runs in the same runner as the candidate).
    std::string reference;
    // Off its own CPU the runner runs under this user-mode emulator (found on PATH or in
    // /usr/bin); its timings are then emulated: recorded, never counted (no speedup, no
    // Fast@p, no roofline). "" for backends of the host's CPU.
    std::string emulator;
    std::string summary;         // one line for help and docs
};

// Every backend, in the order help and reports list them.
const std::vector<Backend> &backend_table();
// The row of `name`, or nullptr.
const Backend *find_backend(std::string_view name);
// The row of `name`; throws std::invalid_argument naming the known backends.
const Backend &backend_info(std::string_view name);
bool is_known_backend(std::string_view name);
bool is_gpu_backend(std::string_view name);
// The backend of the CPU ekb runs on with its own target: the default of every --backend
// option, the target of trusted host builds (calibration, suite verification).
const Backend &host_cpu_backend();
// The known names joined by `sep` ("cpu, opencl, cuda, ..."): for help and messages.
std::string backend_names(const std::string &sep = ", ");

// This machine's CPU (uname -m: "x86_64", "aarch64").
std::string machine_arch();
// Whether `b`'s runner runs on this machine's CPU natively.
bool runs_natively(const Backend &b);
// The emulator command that runs `b`'s runner here: "" when it runs natively; the emulator's
// path when it does not and the emulator is installed; throws std::runtime_error (what to
// install) when it is not.
std::string emulator_for(const Backend &b);

}  // namespace ekb
