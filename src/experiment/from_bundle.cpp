#include "experiment/from_bundle.h"

#include <map>
#include <set>
#include <stdexcept>

#include "record/store.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

json env_of(const ResultRecord &r) {
    json e = json::parse(r.environment.empty() ? "{}" : r.environment, nullptr, false);
    return e.is_object() ? e : json::object();
}

}  // namespace

std::string machine_of(const ResultRecord &r) {
    json d = env_of(r).value("device", json::object());
    if (!d.is_object()) return "";
    std::string device = d.contains("device") && d.at("device").is_string() ? d.at("device").get<std::string>() : "";
    std::string cpu = d.contains("cpu_model") && d.at("cpu_model").is_string() ? d.at("cpu_model").get<std::string>() : "";
    return device.empty() ? cpu : device + " / " + cpu;
}

ExperimentSettings settings_of_batch(const IngestBatch &b) {
    ExperimentSettings s;
    if (b.manifest.is_object()) {
        s.seed = b.manifest.value("seed", uint64_t{0});
        if (b.manifest.contains("options") && b.manifest.at("options").is_object()) {
            s.time_cap_seconds = b.manifest.at("options").value("time_cap_s", s.time_cap_seconds);
        }
    }
    std::set<int64_t> threads;
    std::set<std::string> confinement;
    bool any_timed = false;
    for (const auto &r : b.records) {
        if (r.status == "not_supported" || r.status == "compile_failed") continue;  // never ran: no threads
        threads.insert(r.threads);
        any_timed |= r.timed;
        confinement.insert(env_of(r).value("confinement", ""));
    }
    if (threads.size() > 1) {
        throw std::runtime_error(b.source + ": its records ran with different thread counts (" + std::to_string(*threads.begin()) +
                                 " and " + std::to_string(*threads.rbegin()) + "): they cannot form one experiment");
    }
    s.threads = threads.empty() ? 0 : static_cast<int>(*threads.begin());
    s.timing = any_timed || b.records.empty();
    // A bundle's runner confines kernels where bubblewrap is present and records it when not.
    s.confine = true;
    for (const auto &c : confinement) {
        if (!c.empty() && c.find("none") != std::string::npos) s.confine = false;
    }
    return s;
}

Experiment ingest_into_experiment(const fs::path &dir, IngestBatch &b, const std::vector<std::string> &command) {
    ExperimentSettings s = settings_of_batch(b);
    std::string suite_hash = b.manifest.is_object() ? b.manifest.value("suite_hash", "") : "";
    std::map<std::string, std::string> machines;  // backend -> machine of the batch
    for (const auto &r : b.records) {
        std::string m = machine_of(r);
        if (m.empty()) continue;
        auto [it, fresh] = machines.emplace(r.backend, m);
        if (!fresh && it->second != m) {
            throw std::runtime_error(b.source + ": its " + r.backend + " records come from two machines ('" + it->second + "' and '" + m +
                                     "'): ingest them into separate experiments");
        }
    }
    bool existed = fs::exists(dir / "experiment.json");
    if (existed) {
        Experiment e = Experiment::open(dir);
        std::string why;
        if (std::string d = e.settings().difference(s); !d.empty()) why = d;
        std::string have_suite = e.doc().contains("source") ? e.doc()["source"].value("suite_hash", "") : "";
        std::vector<ResultRecord> stored;
        if (fs::exists(e.store_path())) stored = ResultStore(e.store_path(), StoreMode::read_only).all();
        if (have_suite.empty() && !stored.empty()) have_suite = stored.front().suite_hash;
        if (why.empty() && !suite_hash.empty() && !have_suite.empty() && suite_hash != have_suite) {
            why = "the suite differs (" + have_suite.substr(0, 12) + " in the experiment, " + suite_hash.substr(0, 12) + " in the bundle)";
        }
        for (const auto &r : stored) {
            if (!why.empty()) break;
            auto it = machines.find(r.backend);
            std::string m = machine_of(r);
            if (it != machines.end() && !m.empty() && it->second != m) {
                why = "its " + r.backend + " records ran on '" + m + "', the bundle's on '" + it->second + "'";
            }
        }
        if (!why.empty()) {
            throw std::runtime_error("experiment " + dir.string() + " cannot take these results: " + why +
                                     ". Records from another machine or with other settings are not comparable: ingest them into "
                                     "a new experiment (ekb ingest " + b.source + " --experiment NEW_NAME)");
        }
    }
    Experiment exp = Experiment::open_or_create(dir, s, false);
    for (auto &r : b.records) r.experiment = exp.name();
    ResultStore(exp.store_path()).put_all(b.records);
    if (!existed) {
        exp.set_doc_field("source", {{"kind", "bundle"},
                                     {"bundle_id", b.manifest.is_object() ? b.manifest.value("bundle_id", "") : ""},
                                     {"suite_hash", suite_hash},
                                     {"machines", machines}});
    }
    exp.log_command(command);
    return exp;
}

}  // namespace ekb
