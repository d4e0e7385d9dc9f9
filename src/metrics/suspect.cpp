#include "metrics/suspect.h"

#include <cmath>

namespace ekb {

using nlohmann::json;

namespace {

// "" when v does not flag anything.
std::string reason_of(const json &v) {
    if (v.is_null()) return "";
    if (v.is_boolean()) return v.get<bool>() ? "suspect" : "";
    if (v.is_object()) {
        if (v.empty()) return "";
        for (const char *k : {"reason", "message", "why"}) {
            if (v.contains(k) && v[k].is_string() && !v[k].get<std::string>().empty()) return v[k].get<std::string>();
        }
        if (v.contains("suspect") && v["suspect"].is_boolean() && !v["suspect"].get<bool>()) return "";
        return v.dump();
    }
    if (v.is_string()) {
        const std::string &s = v.get_ref<const std::string &>();
        if (s.empty() || s == "false" || s == "null" || s == "{}" || s == "0") return "";
        if (s.front() == '{' || s == "true") {
            json inner = json::parse(s, nullptr, false);
            if (!inner.is_discarded()) return reason_of(inner);
        }
        return s;
    }
    if (v.is_number()) return v.get<double>() != 0 ? "suspect" : "";
    return "suspect";
}

}  // namespace

std::string suspect_reason(const ResultRecord &r) {
    if (r.status == "suspect") return r.failure_message.empty() ? "suspect" : r.failure_message;
    if (std::string why = reason_of(json(r.suspect)); !why.empty()) return why;
    if (r.instances.empty()) return "";
    json insts = json::parse(r.instances, nullptr, false);
    if (!insts.is_array()) return "";
    for (const auto &in : insts) {
        if (!in.is_object()) continue;
        for (const json *holder : {&in, in.contains("timing") ? &in["timing"] : nullptr}) {
            if (!holder || !holder->is_object() || !holder->contains("suspect")) continue;
            std::string why = reason_of((*holder)["suspect"]);
            if (!why.empty()) return in.value("name", std::string("an instance")) + ": " + why;
        }
    }
    return "";
}

std::string emulated_timing(const ResultRecord &r) {
    if (r.environment.empty() || r.environment.find("emulated") == std::string::npos) return "";
    json env = json::parse(r.environment, nullptr, false);
    if (!env.is_object() || !env.contains("emulated") || !env.at("emulated").is_string()) return "";
    return env.at("emulated").get<std::string>();
}

bool speedup_counts(const ResultRecord &r) {
    return r.correct && r.timed && std::isfinite(r.speedup) && r.speedup > 0 && suspect_reason(r).empty() &&
           emulated_timing(r).empty();
}

bool fails_only_heldout(const ResultRecord &r) {
    if (r.correct || !r.compiled) return false;
    json insts = r.instances.empty() ? json() : json::parse(r.instances, nullptr, false);
    if (!insts.is_array() || insts.empty()) return r.failure_heldout;
    bool heldout_wrong = false;
    for (const auto &in : insts) {
        if (!in.is_object()) return false;
        bool ok = in.value("correct", false), heldout = in.value("heldout", false);
        if (!ok && !heldout) return false;
        if (!ok && heldout) heldout_wrong = true;
    }
    return heldout_wrong;
}

}  // namespace ekb
