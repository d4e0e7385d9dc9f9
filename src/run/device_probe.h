// What device a backend runs on here, or why it cannot run ("not supported" is a status,
// not a failure). GPU APIs are loaded at run time, so ekb builds and runs without them.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace ekb {

struct DeviceInfo {
    bool supported = false;
    std::string reason;       // when not supported
    nlohmann::json details;   // device name, vendor, driver, compute units, cores, ...
};

DeviceInfo probe_device(const std::string &backend);

}  // namespace ekb
