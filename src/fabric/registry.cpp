#include "fabric/registry.h"

#include <algorithm>

namespace ekb {

using nlohmann::json;

std::string worker_key(const std::string &name) {
    std::string k;
    for (char c : name) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
        k += ok ? c : '-';
    }
    while (!k.empty() && k.front() == '.') k.erase(k.begin());
    while (!k.empty() && k.back() == '.') k.pop_back();
    if (k.empty()) k = "worker";
    return k.substr(0, 120);
}

WorkerRegistry::WorkerRegistry(FabricConnection &c, const FabricSettings &s) : kv_(open_workers_bucket(c, s)) {}

WorkerRegistry::~WorkerRegistry() {
    if (kv_) kvStore_Destroy(kv_);
}

void WorkerRegistry::put(const std::string &name, const json &profile) {
    uint64_t rev = 0;
    std::string v = profile.dump();
    nats_check(kvStore_Put(&rev, kv_, worker_key(name).c_str(), v.data(), static_cast<int>(v.size())),
               "registering worker " + name + " in " + std::string(k_workers_bucket));
}

void WorkerRegistry::remove(const std::string &name) { kvStore_Delete(kv_, worker_key(name).c_str()); }

json WorkerRegistry::get(const std::string &name) {
    kvEntry *e = nullptr;
    if (kvStore_Get(&e, kv_, worker_key(name).c_str()) != NATS_OK) return nullptr;
    json j;
    try {
        j = json::parse(std::string(static_cast<const char *>(kvEntry_Value(e)), kvEntry_ValueLen(e)));
    } catch (const std::exception &) {
        j = nullptr;
    }
    kvEntry_Destroy(e);
    return j;
}

std::vector<json> WorkerRegistry::list() {
    std::vector<json> out;
    kvKeysList keys{};
    kvWatchOptions wo;
    kvWatchOptions_Init(&wo);
    wo.Timeout = 3000;
    natsStatus s = kvStore_Keys(&keys, kv_, &wo);
    if (s == NATS_NOT_FOUND) return out;  // an empty bucket
    nats_check(s, std::string("listing ") + k_workers_bucket);
    for (int i = 0; i < keys.Count; i++) {
        json j = get(keys.Keys[i]);
        if (j.is_object()) out.push_back(std::move(j));
    }
    kvKeysList_Destroy(&keys);
    std::sort(out.begin(), out.end(), [](const json &a, const json &b) { return a.value("name", "") < b.value("name", ""); });
    return out;
}

}  // namespace ekb
