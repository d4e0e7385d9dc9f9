// Who is connected: each worker keeps its profile in the KV bucket ekb-workers (key = its
// name) and refreshes it; an entry not refreshed within the bucket's TTL expires, so the
// registry lists live workers only. `ekb devices` prints it; the host counts a device
// class's lanes and reads its device facts from it.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fabric/streams.h"

namespace ekb {

class WorkerRegistry {
public:
    WorkerRegistry(FabricConnection &c, const FabricSettings &s);
    ~WorkerRegistry();
    WorkerRegistry(const WorkerRegistry &) = delete;
    WorkerRegistry &operator=(const WorkerRegistry &) = delete;

    void put(const std::string &name, const nlohmann::json &profile);  // throws FabricError
    void remove(const std::string &name);                             // best effort
    // Every live worker's profile, sorted by name; entries that are not JSON objects are skipped.
    std::vector<nlohmann::json> list();
    nlohmann::json get(const std::string &name);  // null when absent

private:
    kvStore *kv_ = nullptr;
};

// A name usable as a KV key and in logs: [A-Za-z0-9_-.], other characters become '-'.
std::string worker_key(const std::string &name);

}  // namespace ekb
