// The backend table is consistent: names unique, every row's allowlist file present, each
// reference backend a CPU backend for the same CPU, GPU rows with a device interface, and
// lookups and messages derived from the rows.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "common/backend_table.h"
#include "common/paths.h"

using namespace ekb;

TEST(BackendTable, RowsAreConsistent) {
    std::set<std::string> names;
    ASSERT_FALSE(backend_table().empty());
    for (const auto &b : backend_table()) {
        EXPECT_TRUE(names.insert(b.name).second) << "duplicate backend " << b.name;
        EXPECT_FALSE(b.summary.empty()) << b.name;
        EXPECT_TRUE(std::filesystem::exists(ekb_home() / "src" / "compile" / "allowlist" / (b.allowlist + ".txt")))
            << b.name << ": allowlist " << b.allowlist;
        const Backend *ref = find_backend(b.reference);
        ASSERT_NE(ref, nullptr) << b.name << ": reference " << b.reference;
        EXPECT_EQ(ref->device_class, DeviceClass::cpu) << b.name << ": the reference runs on a CPU";
        EXPECT_EQ(ref->cpu_arch, b.cpu_arch) << b.name << ": the reference runs in the same runner";
        EXPECT_EQ(b.device_class == DeviceClass::gpu, !b.device_interface.empty()) << b.name;
        EXPECT_EQ(is_gpu_backend(b.name), b.device_class == DeviceClass::gpu) << b.name;
        EXPECT_EQ(b.host_target, b.target.empty()) << b.name << ": a cross row names its CPU target";
        EXPECT_EQ(b.cpu_arch.empty(), b.runner_recipe == "native") << b.name;
        if (!b.cpu_arch.empty()) EXPECT_FALSE(b.emulator.empty()) << b.name << ": a cross CPU row names its emulator";
    }
    EXPECT_EQ(host_cpu_backend().device_class, DeviceClass::cpu);
    EXPECT_TRUE(host_cpu_backend().host_target);
    EXPECT_TRUE(runs_natively(host_cpu_backend()));
    EXPECT_EQ(emulator_for(host_cpu_backend()), "");
}

TEST(BackendTable, LookupsComeFromTheRows) {
    for (const auto &b : backend_table()) {
        EXPECT_EQ(&backend_info(b.name), find_backend(b.name));
        EXPECT_TRUE(is_known_backend(b.name));
        EXPECT_NE(backend_names().find(b.name), std::string::npos);
    }
    EXPECT_FALSE(is_known_backend("vulkan"));
    EXPECT_FALSE(is_gpu_backend("vulkan"));
    EXPECT_EQ(find_backend("vulkan"), nullptr);
    try {
        backend_info("vulkan");
        FAIL() << "an unknown backend must throw";
    } catch (const std::invalid_argument &e) {
        EXPECT_NE(std::string(e.what()).find(backend_names()), std::string::npos) << e.what();
    }
}
