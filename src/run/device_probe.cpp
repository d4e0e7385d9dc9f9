#include "run/device_probe.h"

#include "common/backend_table.h"

#include <dlfcn.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <thread>
#include <vector>

namespace ekb {

namespace {

void *open_lib(const char *base) { return open_driver_library(base, RTLD_LAZY | RTLD_LOCAL); }

// The file a loaded library came from (for the record: which driver actually ran).
std::string library_file(void *sym) {
    Dl_info info{};
    if (sym && ::dladdr(sym, &info) && info.dli_fname) return info.dli_fname;
    return "";
}

std::string read_line(const std::string &path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

int64_t parse_size(const std::string &s) {  // "48K", "2048K", "32M"
    if (s.empty()) return 0;
    int64_t v = std::atoll(s.c_str());
    char unit = s.back();
    if (unit == 'K') v <<= 10;
    if (unit == 'M') v <<= 20;
    if (unit == 'G') v <<= 30;
    return v;
}

}  // namespace

void *open_driver_library(const char *name, int flags) {
    void *h = ::dlopen(name, flags);
    if (h) return h;
    std::string versioned = std::string(name) + ".1";
    h = ::dlopen(versioned.c_str(), flags);
    if (h || std::strchr(name, '/')) return h;
    char self[4096];
    ssize_t n = ::readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (n <= 0) return nullptr;
    self[n] = 0;
    std::string dir(self);
    dir = dir.substr(0, dir.rfind('/') + 1);
    return ::dlopen((dir + versioned).c_str(), flags);
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
    // Caches of cpu0: {"L1d": bytes, "L2": bytes, "L3": bytes, ...} and who shares them.
    nlohmann::json caches = nlohmann::json::object();
    for (int i = 0; i < 8; i++) {
        std::string base = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
        std::string level = read_line(base + "level"), type = read_line(base + "type"), size = read_line(base + "size");
        if (level.empty() || size.empty()) continue;
        std::string name = "L" + level + (type == "Data" ? "d" : type == "Instruction" ? "i" : "");
        caches[name] = {{"bytes", parse_size(size)}, {"shared_cpu_list", read_line(base + "shared_cpu_list")},
                        {"line_bytes", std::atoll(read_line(base + "coherency_line_size").c_str())}};
    }
    if (!caches.empty()) d["cpu_caches"] = caches;
    struct utsname u{};
    if (::uname(&u) == 0) d["kernel"] = std::string(u.sysname) + " " + u.release + " " + u.machine;
    return d;
}

namespace {

// OpenCL through the ICD loader, declared by hand: no SDK needed to build.
using cl_int = int32_t;
using cl_uint = uint32_t;
using cl_platform_id = void *;
using cl_device_id = void *;
constexpr uint64_t CL_DEVICE_TYPE_ALL = 0xFFFFFFFF;
constexpr cl_uint CL_DEVICE_NAME = 0x102B, CL_DEVICE_VENDOR = 0x102C, CL_DRIVER_VERSION = 0x102D,
                  CL_DEVICE_MAX_COMPUTE_UNITS = 0x1002, CL_DEVICE_LOCAL_MEM_SIZE = 0x1023,
                  CL_PLATFORM_NAME = 0x0902, CL_DEVICE_GLOBAL_MEM_SIZE = 0x101F, CL_DEVICE_TYPE = 0x1000,
                  CL_DEVICE_MAX_WORK_GROUP_SIZE = 0x1004, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT = 0x100A,
                  CL_DEVICE_MAX_CLOCK_FREQUENCY = 0x100C, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE = 0x101E,
                  CL_DEVICE_VERSION = 0x102F, CL_DEVICE_EXTENSIONS = 0x1030, CL_DEVICE_WARP_SIZE_NV = 0x4003;
constexpr uint64_t CL_DEVICE_TYPE_CPU = 2, CL_DEVICE_TYPE_GPU = 4;

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
    // The device Halide's runtime picks: of HL_OCL_DEVICE_TYPE when set, else a GPU when
    // there is one, else any device.
    std::string want = std::getenv("HL_OCL_DEVICE_TYPE") ? std::getenv("HL_OCL_DEVICE_TYPE") : "";
    std::vector<uint64_t> types;
    if (want == device_class_name(DeviceClass::gpu)) types = {CL_DEVICE_TYPE_GPU};
    else if (want == device_class_name(DeviceClass::cpu)) types = {CL_DEVICE_TYPE_CPU};
    else types = {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ALL};
    for (uint64_t type : types) {
        for (cl_uint p = 0; p < np && p < 8; p++) {
            cl_device_id dev;
            cl_uint nd = 0;
            if (get_devices(plats[p], type, 1, &dev, &nd) != 0 || nd == 0) continue;
            auto str = [&](cl_uint what) {
                char buf[256] = {0};
                dev_info(dev, what, sizeof(buf) - 1, buf, nullptr);
                return std::string(buf);
            };
            auto u32 = [&](cl_uint what) -> nlohmann::json {
                cl_uint v = 0;
                if (dev_info(dev, what, sizeof(v), &v, nullptr) != 0) return nullptr;
                return v;
            };
            auto u64 = [&](cl_uint what) -> nlohmann::json {
                uint64_t v = 0;
                if (dev_info(dev, what, sizeof(v), &v, nullptr) != 0) return nullptr;
                return v;
            };
            char pname[256] = {0};
            plat_info(plats[p], CL_PLATFORM_NAME, sizeof(pname) - 1, pname, nullptr);
            uint64_t dtype = 0;
            dev_info(dev, CL_DEVICE_TYPE, sizeof(dtype), &dtype, nullptr);
            info.supported = true;
            info.details = {{"platform", pname},
                            {"device", str(CL_DEVICE_NAME)},
                            {"vendor", str(CL_DEVICE_VENDOR)},
                            {"driver", str(CL_DRIVER_VERSION)},
                            {"opencl_version", str(CL_DEVICE_VERSION)},
                            {"device_type", dtype & CL_DEVICE_TYPE_GPU   ? device_class_name(DeviceClass::gpu)
                                            : dtype & CL_DEVICE_TYPE_CPU ? device_class_name(DeviceClass::cpu)
                                                                         : "other"},
                            {"compute_units", u32(CL_DEVICE_MAX_COMPUTE_UNITS)},
                            {"clock_mhz", u32(CL_DEVICE_MAX_CLOCK_FREQUENCY)},
                            {"local_mem_bytes", u64(CL_DEVICE_LOCAL_MEM_SIZE)},
                            {"global_mem_bytes", u64(CL_DEVICE_GLOBAL_MEM_SIZE)},
                            {"global_mem_cache_bytes", u64(CL_DEVICE_GLOBAL_MEM_CACHE_SIZE)},
                            {"max_work_group_size", u64(CL_DEVICE_MAX_WORK_GROUP_SIZE)},
                            {"preferred_vector_width_float", u32(CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT)},
                            {"library", library_file(reinterpret_cast<void *>(get_platforms))}};
            if (auto w = u32(CL_DEVICE_WARP_SIZE_NV); !w.is_null()) info.details["warp_size"] = w;
            // float16 kernels need cl_khr_fp16 (Halide declares its half type through it).
            size_t ext_bytes = 0;
            std::string ext;
            if (dev_info(dev, CL_DEVICE_EXTENSIONS, 0, nullptr, &ext_bytes) == 0 && ext_bytes > 0) {
                ext.resize(ext_bytes);
                if (dev_info(dev, CL_DEVICE_EXTENSIONS, ext_bytes, ext.data(), nullptr) != 0) ext.clear();
                ext = std::string(ext.c_str());  // up to the terminating NUL
            }
            info.float16 = (" " + ext + " ").find(" cl_khr_fp16 ") != std::string::npos;
            info.details["float16"] = info.float16;
            return info;
        }
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
    auto a = [&](int what) {
        int v = 0;
        return attr(&v, what, dev) == 0 ? nlohmann::json(v) : nlohmann::json(nullptr);
    };
    int major = 0, minor = 0, version = 0;
    attr(&major, 75, dev);  // COMPUTE_CAPABILITY_MAJOR
    attr(&minor, 76, dev);  // COMPUTE_CAPABILITY_MINOR
    drv(&version);
    size_t total_mem = 0;
    if (auto total = reinterpret_cast<int (*)(size_t *, int)>(dlsym(h, "cuDeviceTotalMem_v2"))) total(&total_mem, dev);
    info.supported = true;
    info.details = {{"device", buf},
                    {"sm_count", a(16)},  // CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
                    {"compute_capability", std::to_string(major) + "." + std::to_string(minor)},
                    {"warp_size", a(10)},
                    {"max_threads_per_block", a(1)},
                    {"shared_mem_per_block_bytes", a(8)},
                    {"shared_mem_per_block_optin_bytes", a(97)},
                    {"shared_mem_per_sm_bytes", a(81)},
                    {"registers_per_block", a(12)},
                    {"l2_cache_bytes", a(38)},
                    {"clock_khz", a(13)},
                    {"memory_clock_khz", a(36)},
                    {"memory_bus_width_bits", a(37)},
                    {"global_mem_bytes", total_mem},
                    {"driver_version", version},
                    {"gpus", n},
                    {"library", library_file(reinterpret_cast<void *>(init))}};
    return info;
}

}  // namespace

DeviceInfo probe_device(const std::string &backend) {
    DeviceInfo info;
    const Backend *b = find_backend(backend);
    if (!b) {
        info.reason = "unknown backend '" + backend + "'";
    } else if (b->probe == ProbeKind::cpu) {
        info.supported = true;
    } else if (b->probe == ProbeKind::opencl) {
        info = probe_opencl();
    } else if (b->probe == ProbeKind::cuda) {
        info = probe_cuda();
    }
    nlohmann::json cpu = cpu_details();
    for (auto it = cpu.begin(); it != cpu.end(); ++it) info.details[it.key()] = it.value();
    return info;
}

}  // namespace ekb
