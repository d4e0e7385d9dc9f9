#include "run/device_probe.h"

#include <dlfcn.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>
#include <thread>

namespace ekb {

namespace {

void *open_lib(const char *base) {
    void *h = ::dlopen(base, RTLD_LAZY | RTLD_LOCAL);
    if (!h) h = ::dlopen((std::string(base) + ".1").c_str(), RTLD_LAZY | RTLD_LOCAL);
    return h;
}

nlohmann::json cpu_details() {
    nlohmann::json d;
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            auto p = line.find(':');
            if (p != std::string::npos) d["cpu_model"] = line.substr(p + 2);
            break;
        }
    }
    d["cpu_cores_online"] = ::sysconf(_SC_NPROCESSORS_ONLN);
    struct utsname u{};
    if (::uname(&u) == 0) d["kernel"] = std::string(u.sysname) + " " + u.release + " " + u.machine;
    return d;
}

// OpenCL through the ICD loader, declared by hand: no SDK needed to build.
using cl_int = int32_t;
using cl_uint = uint32_t;
using cl_platform_id = void *;
using cl_device_id = void *;
constexpr uint64_t CL_DEVICE_TYPE_ALL = 0xFFFFFFFF;
constexpr cl_uint CL_DEVICE_NAME = 0x102B, CL_DEVICE_VENDOR = 0x102C, CL_DRIVER_VERSION = 0x102D,
                  CL_DEVICE_MAX_COMPUTE_UNITS = 0x1002, CL_DEVICE_LOCAL_MEM_SIZE = 0x1023,
                  CL_PLATFORM_NAME = 0x0902, CL_DEVICE_GLOBAL_MEM_SIZE = 0x101F;

DeviceInfo probe_opencl() {
    DeviceInfo info;
    void *h = open_lib("libOpenCL.so");
    if (!h) {
        info.reason = "no OpenCL ICD loader (libOpenCL.so.1) on this machine";
        return info;
    }
    auto get_platforms = reinterpret_cast<cl_int (*)(cl_uint, cl_platform_id *, cl_uint *)>(dlsym(h, "clGetPlatformIDs"));
    auto get_devices = reinterpret_cast<cl_int (*)(cl_platform_id, uint64_t, cl_uint, cl_device_id *, cl_uint *)>(
        dlsym(h, "clGetDeviceIDs"));
    auto dev_info = reinterpret_cast<cl_int (*)(cl_device_id, cl_uint, size_t, void *, size_t *)>(dlsym(h, "clGetDeviceInfo"));
    auto plat_info = reinterpret_cast<cl_int (*)(cl_platform_id, cl_uint, size_t, void *, size_t *)>(dlsym(h, "clGetPlatformInfo"));
    if (!get_platforms || !get_devices || !dev_info || !plat_info) {
        info.reason = "the OpenCL loader lacks core entry points";
        return info;
    }
    cl_uint np = 0;
    cl_platform_id plats[8];
    if (get_platforms(8, plats, &np) != 0 || np == 0) {
        info.reason = "no OpenCL platform (no ICD installed, or none loads)";
        return info;
    }
    for (cl_uint p = 0; p < np && p < 8; p++) {
        cl_device_id dev;
        cl_uint nd = 0;
        if (get_devices(plats[p], CL_DEVICE_TYPE_ALL, 1, &dev, &nd) != 0 || nd == 0) continue;
        auto str = [&](cl_uint what) {
            char buf[256] = {0};
            dev_info(dev, what, sizeof(buf) - 1, buf, nullptr);
            return std::string(buf);
        };
        char pname[256] = {0};
        plat_info(plats[p], CL_PLATFORM_NAME, sizeof(pname) - 1, pname, nullptr);
        cl_uint cu = 0;
        dev_info(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(cu), &cu, nullptr);
        uint64_t local = 0, global = 0;
        dev_info(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(local), &local, nullptr);
        dev_info(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(global), &global, nullptr);
        info.supported = true;
        info.details = {{"platform", pname}, {"device", str(CL_DEVICE_NAME)}, {"vendor", str(CL_DEVICE_VENDOR)},
                        {"driver", str(CL_DRIVER_VERSION)}, {"compute_units", cu}, {"local_mem_bytes", local},
                        {"global_mem_bytes", global}};
        return info;
    }
    info.reason = "OpenCL platforms found, but no device";
    return info;
}

DeviceInfo probe_cuda() {
    DeviceInfo info;
    void *h = open_lib("libcuda.so");
    if (!h) {
        info.reason = "no NVIDIA driver (libcuda.so.1) on this machine";
        return info;
    }
    auto init = reinterpret_cast<int (*)(unsigned)>(dlsym(h, "cuInit"));
    auto count = reinterpret_cast<int (*)(int *)>(dlsym(h, "cuDeviceGetCount"));
    auto get = reinterpret_cast<int (*)(int *, int)>(dlsym(h, "cuDeviceGet"));
    auto name = reinterpret_cast<int (*)(char *, int, int)>(dlsym(h, "cuDeviceGetName"));
    auto attr = reinterpret_cast<int (*)(int *, int, int)>(dlsym(h, "cuDeviceGetAttribute"));
    auto drv = reinterpret_cast<int (*)(int *)>(dlsym(h, "cuDriverGetVersion"));
    if (!init || !count || !get || !name || !attr || !drv) {
        info.reason = "the CUDA driver lacks core entry points";
        return info;
    }
    int n = 0;
    if (init(0) != 0 || count(&n) != 0 || n == 0) {
        info.reason = "the CUDA driver found no GPU";
        return info;
    }
    int dev = 0;
    get(&dev, 0);
    char buf[256] = {0};
    name(buf, sizeof(buf) - 1, dev);
    int sms = 0, major = 0, minor = 0, clock_khz = 0, mem_clock_khz = 0, version = 0;
    attr(&sms, 16, dev);            // CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
    attr(&major, 75, dev);          // COMPUTE_CAPABILITY_MAJOR
    attr(&minor, 76, dev);          // COMPUTE_CAPABILITY_MINOR
    attr(&clock_khz, 13, dev);      // CLOCK_RATE
    attr(&mem_clock_khz, 36, dev);  // MEMORY_CLOCK_RATE
    drv(&version);
    info.supported = true;
    info.details = {{"device", buf}, {"sm_count", sms}, {"compute_capability", std::to_string(major) + "." + std::to_string(minor)},
                    {"clock_khz", clock_khz}, {"memory_clock_khz", mem_clock_khz}, {"driver_version", version},
                    {"gpus", n}};
    return info;
}

}  // namespace

DeviceInfo probe_device(const std::string &backend) {
    DeviceInfo info;
    if (backend == "cpu") {
        info.supported = true;
    } else if (backend == "opencl") {
        info = probe_opencl();
    } else if (backend == "cuda") {
        info = probe_cuda();
    } else {
        info.reason = "unknown backend '" + backend + "'";
    }
    nlohmann::json cpu = cpu_details();
    for (auto it = cpu.begin(); it != cpu.end(); ++it) info.details[it.key()] = it.value();
    return info;
}

}  // namespace ekb
