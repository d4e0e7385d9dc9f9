#include "fabric/job.h"

#include <ctime>

#include "common/files.h"
#include "common/sha256.h"
#include "fabric/base64.h"

namespace ekb {

using nlohmann::json;

namespace {

bool is_hex(const std::string &s, size_t n) {
    if (s.size() != n) return false;
    for (char c : s) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    }
    return true;
}

const json &field(const json &j, const char *name, json::value_t type, const std::string &what) {
    if (!j.is_object() || !j.contains(name)) throw std::runtime_error(what + ": field '" + name + "' is missing");
    const json &v = j.at(name);
    bool ok = v.type() == type || (type == json::value_t::number_float && v.is_number()) ||
              (type == json::value_t::number_unsigned && v.is_number_integer() && v.get<int64_t>() >= 0);
    if (!ok) throw std::runtime_error(what + ": field '" + name + "' has the wrong type (" + v.type_name() + ")");
    return v;
}

// The id: the key and every input of the run (spec with artifact hashes, runner target).
std::string job_id_for(const FabricJob &j) {
    json content = {{"runner_target", j.runner_target}, {"backend", j.backend}, {"spec", j.spec.to_json()}};
    return sha256_hex(j.key + "\n" + content.dump()).substr(0, 32);
}

}  // namespace

std::string fabric_timestamp() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

json FabricJob::to_json() const {
    json a = json::object();
    for (const auto &[h, bytes] : artifacts) a[h] = base64_encode(bytes);
    return {{"format", "ekb-fabric-job"}, {"version", k_fabric_format_version},
            {"id", id}, {"key", key}, {"backend", backend}, {"runner_target", runner_target},
            {"spec", spec.to_json()}, {"artifacts", a}, {"wall_seconds", wall_seconds},
            {"submitted_at", submitted_at}};
}

FabricJob make_job(const RemoteRun &run) {
    FabricJob j;
    j.key = run.key;
    j.backend = run.backend;
    j.runner_target = run.runner_target;
    j.spec = run.spec;
    j.spec.workdir.clear();
    j.wall_seconds = run.wall_seconds;
    auto carry = [&](std::string &path) {
        if (path.empty()) return;
        std::string bytes = read_file(path);
        std::string h = sha256_hex(bytes);
        j.artifacts[h] = std::move(bytes);
        path = h;
    };
    carry(j.spec.candidate);
    carry(j.spec.reference);
    carry(j.spec.expert);
    j.id = job_id_for(j);
    j.submitted_at = fabric_timestamp();
    return j;
}

FabricJob parse_job(const std::string &payload) {
    json j;
    try {
        j = json::parse(payload);
    } catch (const std::exception &e) {
        throw std::runtime_error(std::string("job: not JSON: ") + e.what());
    }
    const std::string what = "job";
    if (field(j, "format", json::value_t::string, what) != "ekb-fabric-job") throw std::runtime_error("job: format is not ekb-fabric-job");
    int64_t v = field(j, "version", json::value_t::number_unsigned, what).get<int64_t>();
    if (v > k_fabric_format_version) {
        throw std::runtime_error("job: format version " + std::to_string(v) + " is newer than this worker's (" +
                                 std::to_string(k_fabric_format_version) + "): update the worker");
    }
    FabricJob out;
    out.id = field(j, "id", json::value_t::string, what);
    if (!is_hex(out.id, 32)) throw std::runtime_error("job: field 'id' is not 32 hex digits");
    out.key = field(j, "key", json::value_t::string, what);
    out.backend = field(j, "backend", json::value_t::string, what);
    out.runner_target = field(j, "runner_target", json::value_t::string, what);
    out.wall_seconds = field(j, "wall_seconds", json::value_t::number_float, what);
    if (!(out.wall_seconds > 0)) throw std::runtime_error("job: field 'wall_seconds' must be > 0");
    out.submitted_at = j.value("submitted_at", "");
    try {
        out.spec = ConductSpec::from_json(field(j, "spec", json::value_t::object, what));
    } catch (const std::exception &e) {
        throw std::runtime_error(std::string("job: field 'spec': ") + e.what());
    }
    if (out.spec.backend != out.backend) throw std::runtime_error("job: spec.backend '" + out.spec.backend + "' is not the job's '" + out.backend + "'");
    const json &arts = field(j, "artifacts", json::value_t::object, what);
    for (const auto &[h, b64] : arts.items()) {
        if (!is_hex(h, 64)) throw std::runtime_error("job: artifact name '" + clip(h, 80) + "' is not a SHA-256");
        if (!b64.is_string()) throw std::runtime_error("job: artifact " + h + " is not a base64 string");
        auto bytes = base64_decode(b64.get<std::string>());
        if (!bytes) throw std::runtime_error("job: artifact " + h + " is not valid base64");
        if (sha256_hex(*bytes) != h) throw std::runtime_error("job: artifact " + h + " does not match its hash");
        out.artifacts[h] = std::move(*bytes);
    }
    for (const std::string *a : {&out.spec.candidate, &out.spec.reference, &out.spec.expert}) {
        if (a == &out.spec.expert && a->empty()) continue;
        if (!out.artifacts.count(*a)) throw std::runtime_error("job: spec names artifact '" + clip(*a, 80) + "', which the job does not carry");
    }
    if (job_id_for(out) != out.id) throw std::runtime_error("job: its id does not match its content");
    return out;
}

json FabricResult::to_json() const {
    return {{"format", "ekb-fabric-result"}, {"version", k_fabric_format_version},
            {"id", id}, {"ok", ok}, {"code", code}, {"error", error}, {"report", report},
            {"worker", worker}, {"seconds", seconds}, {"finished_at", finished_at}};
}

FabricResult parse_result(const std::string &payload) {
    json j;
    try {
        j = json::parse(payload);
    } catch (const std::exception &e) {
        throw std::runtime_error(std::string("result: not JSON: ") + e.what());
    }
    const std::string what = "result";
    if (field(j, "format", json::value_t::string, what) != "ekb-fabric-result") throw std::runtime_error("result: format is not ekb-fabric-result");
    FabricResult r;
    r.id = field(j, "id", json::value_t::string, what);
    r.ok = field(j, "ok", json::value_t::boolean, what);
    r.code = j.value("code", "");
    r.error = j.value("error", "");
    r.report = j.value("report", json());
    r.worker = j.value("worker", json::object());
    r.seconds = j.value("seconds", 0.0);
    r.finished_at = j.value("finished_at", "");
    if (r.ok && !r.report.is_object()) throw std::runtime_error("result: ok but field 'report' is not an object");
    return r;
}

}  // namespace ekb
