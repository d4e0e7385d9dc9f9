#include "eval/record_from_report.h"

#include <stdexcept>

#include "measure/stats.h"

namespace ekb {

using nlohmann::json;

namespace {

const char *type_name(const json &v) {
    switch (v.type()) {
        case json::value_t::null: return "null";
        case json::value_t::boolean: return "a boolean";
        case json::value_t::string: return "a string";
        case json::value_t::array: return "an array";
        case json::value_t::object: return "an object";
        case json::value_t::discarded: return "nothing";
        default: return "a number";
    }
}

struct Checker {
    std::string where;
    [[noreturn]] void fail(const std::string &field, const std::string &what) const {
        throw std::runtime_error(where + ": field '" + field + "': " + what);
    }
    const json &need(const json &obj, const std::string &path, const char *key) const {
        if (!obj.contains(key)) fail(path + key, "missing");
        return obj.at(key);
    }
    void type(const json &v, const std::string &field, bool ok, const char *expected) const {
        if (!ok) fail(field, std::string("expected ") + expected + ", got " + type_name(v));
    }
    void boolean(const json &obj, const std::string &path, const char *key) const {
        const json &v = need(obj, path, key);
        type(v, path + key, v.is_boolean(), "a boolean");
    }
    void string(const json &obj, const std::string &path, const char *key) const {
        const json &v = need(obj, path, key);
        type(v, path + key, v.is_string(), "a string");
    }
    void number(const json &obj, const std::string &path, const char *key, bool nullable = false) const {
        const json &v = need(obj, path, key);
        type(v, path + key, v.is_number() || (nullable && v.is_null()), nullable ? "a number or null" : "a number");
    }
    void failure(const json &obj, const std::string &path, const char *key) const {
        const json &f = need(obj, path, key);
        if (f.is_null()) return;
        type(f, path + key, f.is_object(), "an object or null");
        std::string p = path + key + ".";
        for (const char *k : {"stage", "code", "message", "instance"}) string(f, p, k);
        boolean(f, p, "heldout");
    }
    void stats(const json &obj, const std::string &path, const char *key) const {
        const json &s = need(obj, path, key);
        type(s, path + key, s.is_object(), "an object");
        std::string p = path + key + ".";
        for (const char *k : {"median_s", "p10_s", "p90_s", "n"}) number(s, p, k);
        const json &samples = need(s, p, "samples_s");
        type(samples, p + "samples_s", samples.is_array(), "an array");
        for (size_t i = 0; i < samples.size(); i++) {
            type(samples[i], p + "samples_s[" + std::to_string(i) + "]", samples[i].is_number(), "a number");
        }
    }
};

}  // namespace

void validate_conductor_report(const json &rep, const std::string &where) {
    Checker c{where};
    if (!rep.is_object()) throw std::runtime_error(where + ": not a conductor report (expected a JSON object)");
    c.boolean(rep, "", "supported");
    c.string(rep, "", "backend");
    const json &dev = c.need(rep, "", "device");
    c.type(dev, "device", dev.is_object(), "an object");
    c.string(rep, "", "confinement");
    if (!rep.at("supported").get<bool>()) return;
    c.number(rep, "", "threads");
    c.boolean(rep, "", "correct");
    c.boolean(rep, "", "timed");
    const json &cand = c.need(rep, "", "candidate");
    c.type(cand, "candidate", cand.is_object(), "an object");
    c.failure(cand, "candidate.", "failure");
    c.number(cand, "candidate.", "cold_start_s");
    c.number(cand, "candidate.", "peak_rss_kb");
    const json &ex = c.need(rep, "", "expert");
    if (!ex.is_null()) {
        c.type(ex, "expert", ex.is_object(), "an object or null");
        c.failure(ex, "expert.", "failure");
    }
    const json &insts = c.need(rep, "", "instances");
    c.type(insts, "instances", insts.is_array() && !insts.empty(), "a non-empty array");
    for (size_t i = 0; i < insts.size(); i++) {
        std::string p = "instances[" + std::to_string(i) + "]";
        const json &in = insts[i];
        c.type(in, p, in.is_object(), "an object");
        p += ".";
        c.string(in, p, "name");
        c.boolean(in, p, "heldout");
        c.boolean(in, p, "correct");
        c.failure(in, p, "failure");
        if (in.contains("timing")) {
            const json &t = in.at("timing");
            c.type(t, p + "timing", t.is_object(), "an object");
            c.stats(t, p + "timing.", "candidate");
            if (t.contains("expert")) {
                c.stats(t, p + "timing.", "expert");
                c.number(t, p + "timing.", "speedup");
            }
        }
    }
    if (rep.contains("device_unavailable")) c.string(rep, "", "device_unavailable");
    c.number(rep, "", "speedup", true);
    const json &ci = c.need(rep, "", "speedup_ci");
    if (!ci.is_null()) {
        c.type(ci, "speedup_ci", ci.is_array() && ci.size() == 2 && ci[0].is_number() && ci[1].is_number(),
               "[low, high] or null");
    }
    // The report's own consistency: a correct, timed candidate has a timing per instance.
    bool correct = rep.at("correct"), timed = rep.at("timed");
    if (timed && !correct) c.fail("timed", "true for a candidate that is not correct");
    for (size_t i = 0; i < insts.size(); i++) {
        if (correct && !insts[i].at("correct").get<bool>()) {
            c.fail("instances[" + std::to_string(i) + "].correct", "false in a report whose candidate is correct");
        }
    }
}

std::string device_unavailable_message(const json &rep) {
    std::string device = rep.contains("device") && rep.at("device").is_object() ? rep.at("device").value("device", "") : "";
    std::string kernel;
    if (rep.contains("candidate") && rep.at("candidate").is_object() && rep.at("candidate").contains("failure") &&
        rep.at("candidate").at("failure").is_object()) {
        const json &f = rep.at("candidate").at("failure");
        kernel = " (" + f.value("code", "") + ": " + f.value("message", "") + ")";
    }
    return "device unavailable" + (device.empty() ? "" : " (" + device + ")") + ": the kernel could not run" + kernel +
           ", and " + rep.value("device_unavailable", "") +
           "; not the kernel's failure, so no record is stored: run again (resume) when the device works";
}

void apply_conductor_report(ResultRecord &r, const json &rep, json env) {
    env["device"] = rep.value("device", json::object());
    env["confinement"] = rep.value("confinement", "");
    env["backend"] = rep.value("backend", r.backend);
    if (rep.contains("threads") && rep.at("threads").is_number()) r.threads = rep.at("threads").get<int64_t>();
    // The expert's side of the run (its verification failure, if any; cold start; RSS): a
    // naive or candidate record thereby also says whether the expert verified on the device.
    if (rep.contains("expert") && rep.at("expert").is_object()) env["expert"] = rep.at("expert");
    // A runner for another CPU ran under a user-mode emulator (docs/backends.md): its
    // correctness is real, its timings are the emulator's. They are recorded (instances,
    // medians; the speedup in the environment) and never counted: no speedup, no Fast@p, no
    // roofline, no physical-bound verdict.
    bool emulated = rep.contains("emulated") && rep.at("emulated").is_string() && !rep.at("emulated").get<std::string>().empty();
    if (emulated) {
        env["emulated"] = rep.at("emulated");
        env["timing"] = "emulated: recorded, not counted (no speedup, Fast@p or roofline)";
    }
    r.environment = env.dump();
    if (!rep.at("supported").get<bool>()) {
        r.status = "not_supported";
        r.failure_stage = "run";
        r.failure_code = "not_supported";
        r.failure_message = rep.value("reason", "backend not supported here");
        return;
    }
    r.instances = rep.at("instances").dump();
    r.correct = rep.at("correct");
    r.timed = rep.at("timed");
    const json &cand = rep.at("candidate");
    r.cold_start_s = cand.value("cold_start_s", -1.0);
    r.peak_rss_kb = cand.value("peak_rss_kb", 0L);
    if (!cand.at("failure").is_null()) {
        const json &f = cand.at("failure");
        r.failure_stage = f.at("stage");
        r.failure_code = f.at("code");
        r.failure_message = f.at("message");
        r.failure_instance = f.at("instance");
        r.failure_heldout = f.at("heldout");
    }
    if (emulated && rep.contains("speedup") && !rep.at("speedup").is_null()) {
        env["emulated_speedup"] = {{"speedup", rep.at("speedup")}, {"ci", rep.at("speedup_ci")}};
        r.environment = env.dump();
    } else if (rep.contains("speedup") && !rep.at("speedup").is_null()) {
        r.speedup = rep.at("speedup");
        r.speedup_ci_lo = rep.at("speedup_ci")[0];
        r.speedup_ci_hi = rep.at("speedup_ci")[1];
    } else if (rep.contains("speedup_unavailable")) {
        env["speedup_unavailable"] = rep.at("speedup_unavailable");
        r.environment = env.dump();
    }
    std::vector<double> km, em;
    for (const auto &inst : rep.at("instances")) {
        if (!inst.contains("timing")) continue;
        km.push_back(inst.at("timing").at("candidate").at("median_s"));
        if (inst.at("timing").contains("expert")) em.push_back(inst.at("timing").at("expert").at("median_s"));
    }
    if (r.timed && !km.empty()) r.kernel_median_s = geomean(km);
    if (r.timed && !em.empty() && em.size() == km.size()) r.expert_median_s = geomean(em);
    // Faster than the device can move the task's bytes or do its FLOPs: kept, but suspect
    // (metrics leave it out of speedups and Fast@p).
    if (!emulated && rep.contains("suspect") && rep.at("suspect").is_string()) r.suspect = rep.at("suspect").get<std::string>();
    r.status = !r.correct ? "incorrect" : r.timed ? "timed" : "correct";
}

}  // namespace ekb
