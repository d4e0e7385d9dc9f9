#include "report/report_data.h"

#include <cmath>
#include <algorithm>
#include <set>
#include <stdexcept>

#include "common/files.h"
#include "common/paths.h"
#include "metrics/suspect.h"
#include "record/store.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

std::string group_label(const std::string &producer, const std::string &model, const std::string &backend) {
    return producer + (model.empty() ? "" : " / " + model) + " / " + backend;
}

std::vector<std::string> ReportData::group_labels() const {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const auto &m : metrics) {
        std::string l = group_label(m.producer, m.model, m.backend);
        if (seen.insert(l).second) out.push_back(l);
    }
    return out;
}

std::vector<const MetricRow *> ReportData::rows(const std::string &prefix) const {
    std::vector<const MetricRow *> out;
    for (const auto &m : metrics) {
        if (prefix == "all" ? m.slice == "all" : m.slice.rfind(prefix, 0) == 0) out.push_back(&m);
    }
    return out;
}

std::string ReportData::kernel_source(const ResultRecord &r) const {
    if (r.kernel_path.empty()) return "";
    fs::path p = dir / r.kernel_path;
    if (!fs::exists(p)) return "";
    try {
        return read_file(p);
    } catch (const std::exception &) {
        return "";
    }
}

std::map<std::string, DevicePeaks> load_peaks(const fs::path &file) {
    std::map<std::string, DevicePeaks> out;
    json j;
    try {
        j = json::parse(read_file(file));
    } catch (const json::exception &e) {
        throw std::runtime_error(file.string() + ": not JSON: " + e.what());
    }
    if (!j.is_object()) throw std::runtime_error(file.string() + ": expected {\"<backend>\": {\"gflops\": G, \"gbps\": B}}");
    for (auto &[backend, v] : j.items()) {
        if (!v.is_object() || !v.contains("gflops") || !v.contains("gbps") || !v["gflops"].is_number() ||
            !v["gbps"].is_number()) {
            throw std::runtime_error(file.string() + ": field '" + backend + "' needs numbers gflops and gbps");
        }
        out[backend] = {v["gflops"].get<double>(), v["gbps"].get<double>()};
    }
    return out;
}

namespace {

double num_or_nan(const json &j, const char *key) {
    if (!j.is_object() || !j.contains(key) || !j[key].is_number()) return NAN;
    return j[key].get<double>();
}

std::string fmt_noise(double log_sigma) {
    char b[32];
    std::snprintf(b, sizeof(b), "%+.1f %%", 100 * (std::exp(log_sigma) - 1));
    return b;
}

}  // namespace

BudgetUse budget_use(const ResultRecord &r) {
    BudgetUse u;
    json b = r.budget.empty() ? json() : json::parse(r.budget, nullptr, false);
    json total = b.is_object() && b.contains("total") ? b["total"] : json();
    // LLM usage is shown for producers behind a model (references and kernel folders have none).
    bool llm = !r.model.empty() || r.llm_calls > 0 || r.tokens_in > 0 || r.tokens_out > 0;
    if (llm) {
        u.llm_calls = double(r.llm_calls);
        u.tokens = double(r.tokens_in + r.tokens_out);
        u.cost_usd = r.cost_usd;
        u.llm_s = r.llm_seconds;
    }
    // Fields the budget may carry (HTTP attempts are charged there once failed calls count).
    for (const char *k : {"http_attempts", "attempts", "http_requests"}) {
        double v = num_or_nan(total, k);
        if (!std::isnan(v)) {
            u.http_attempts = v;
            break;
        }
    }
    if (std::isnan(u.http_attempts)) {
        json rj = r.to_json();
        if (rj.contains("http_attempts") && rj["http_attempts"].is_number()) u.http_attempts = rj["http_attempts"].get<double>();
    }
    u.compiles = num_or_nan(total, "compiles");
    u.device_s = num_or_nan(total, "device_seconds");
    if (!llm) u.http_attempts = NAN;
    if (double c = num_or_nan(total, "llm_calls"); llm && !std::isnan(c) && std::isnan(u.llm_calls)) u.llm_calls = c;
    if (r.produce_s > 0) u.produce_s = r.produce_s;
    if (b.is_object() && b.contains("caps") && b["caps"].is_string()) u.caps = b["caps"].get<std::string>();
    return u;
}

Calibration load_calibration(const fs::path &file) {
    Calibration c;
    c.file = file;
    json j;
    try {
        j = json::parse(read_file(file));
    } catch (const json::exception &e) {
        throw std::runtime_error(file.string() + ": not JSON: " + e.what());
    }
    auto str = [&](const char *k) { return j.is_object() && j.contains(k) && j[k].is_string() ? j[k].get<std::string>() : ""; };
    c.backend = str("backend");
    c.date = str("date");
    c.target = str("target");
    if (c.backend.empty() || !j.contains("tasks") || !j["tasks"].is_array()) {
        throw std::runtime_error(file.string() + ": not a calibration file (needs 'backend' and a 'tasks' array, from ekb suite calibrate)");
    }
    for (size_t i = 0; i < j["tasks"].size(); i++) {
        const json &t = j["tasks"][i];
        std::string where = file.string() + ": tasks[" + std::to_string(i) + "]";
        if (!t.is_object() || !t.contains("task") || !t["task"].is_string()) throw std::runtime_error(where + ": needs a string 'task'");
        if (!t.contains("instances") || !t["instances"].is_array()) continue;
        for (const auto &in : t["instances"]) {
            if (!in.is_object() || !in.contains("name") || !in["name"].is_string()) throw std::runtime_error(where + ": an instance without a 'name'");
            double e = num_or_nan(in, "eager_s");
            if (e > 0) c.eager_s[t["task"].get<std::string>()][in["name"].get<std::string>()] = e;
        }
    }
    return c;
}

double ReportData::speedup_vs_eager(const ResultRecord &r) const {
    auto cit = calibration.find(r.backend);
    if (cit == calibration.end() || !speedup_counts(r)) return NAN;
    auto tit = cit->second.eager_s.find(r.task_id);
    if (tit == cit->second.eager_s.end()) return NAN;
    json insts = json::parse(r.instances, nullptr, false);
    if (!insts.is_array()) return NAN;
    double sum = 0;
    int n = 0;
    for (const auto &in : insts) {
        if (!in.is_object() || !in.contains("timing")) continue;
        auto eit = tit->second.find(in.value("name", ""));
        if (eit == tit->second.end()) continue;
        const json &t = in["timing"];
        double km = t.contains("candidate") ? num_or_nan(t["candidate"], "median_s") : NAN;
        if (!(km > 0)) continue;
        sum += std::log(eit->second / km);
        n++;
    }
    return n ? std::exp(sum / n) : NAN;
}

const NaiveSpeedup *ReportData::naive_speedup(const ResultRecord &r) const {
    auto it = over_naive.find(r.record_key);
    return it == over_naive.end() ? nullptr : &it->second;
}

ReportData load_report_data(const fs::path &dir, const Suite *suite, int k, const fs::path &peaks_file,
                            const fs::path &calibration_file) {
    ReportData d;
    Experiment exp = Experiment::open(dir);
    d.name = exp.name();
    d.dir = dir;
    d.experiment = json::parse(read_file(dir / "experiment.json"));
    if (!fs::exists(exp.store_path())) throw std::runtime_error("experiment " + dir.string() + " has no results.db yet");
    d.records = ResultStore(exp.store_path()).all();
    d.suite = suite;
    d.options.k = k;
    fs::path pf = !peaks_file.empty() ? peaks_file : dir / "peaks.json";
    if (fs::exists(pf)) d.options.peaks = load_peaks(pf);
    else d.notes.push_back("device peaks unknown (no " + pf.string() + "): no % of roofline");
    if (!suite) d.notes.push_back("the suite is not here: no FLOP/byte counts, no roofline");
    std::set<std::string> missing;
    if (suite) {
        for (const auto &r : d.records) {
            if (!suite->find(r.task_id)) missing.insert(r.task_id);
        }
    }
    if (!missing.empty()) {
        std::string l;
        for (const auto &m : missing) l += (l.empty() ? "" : ", ") + m;
        d.notes.push_back("tasks no longer in the suite (no roofline for them): " + l);
    }
    // Calibration (PyTorch eager times): the given file, else one in the experiment, else the
    // source tree's cpu calibration.
    std::vector<fs::path> cal_files;
    if (!calibration_file.empty()) cal_files.push_back(calibration_file);
    else {
        std::set<std::string> backends;
        for (const auto &r : d.records) backends.insert(r.backend);
        for (const auto &b : backends) {
            fs::path own = dir / ("calibration_" + b + ".json"), shipped = ekb_home() / "bench" / "results" / ("calibration_" + b + ".json");
            if (fs::exists(own)) cal_files.push_back(own);
            else if (fs::exists(shipped)) cal_files.push_back(shipped);
        }
    }
    for (const auto &f : cal_files) {
        Calibration c = load_calibration(f);
        std::string target;
        for (const auto &r : d.records) {
            if (r.backend == c.backend) target = r.target;
        }
        std::string t0 = c.target.substr(0, c.target.find('-')), t1 = target.substr(0, target.find('-'));
        d.notes.push_back("speedup vs PyTorch eager: eager times from " + f.string() + " (" + c.date + ", target " + c.target +
                          ") against this experiment's kernel times" +
                          (t0 != t1 && !target.empty() ? " — a different architecture than the records' (" + target + "): read with care" : ""));
        d.calibration[c.backend] = std::move(c);
    }
    if (d.calibration.empty()) d.notes.push_back("no calibration data (ekb suite calibrate): no speedup vs PyTorch eager");

    d.options.noise = aa_noise(d.records);
    std::set<std::string> all_backends;
    for (const auto &r : d.records) all_backends.insert(r.backend);
    for (const auto &b : all_backends) {
        auto it = d.options.noise.find(b);
        if (it == d.options.noise.end()) {
            d.notes.push_back(b + ": fewer than " + std::to_string(kMinAASamples) +
                              " expert-vs-expert samples, no A/A noise floor: confident Fast@p and Beat-naive use each "
                              "record's own CI (add --producers expert --samples 4 to measure it)");
        } else {
            d.notes.push_back(b + ": A/A noise floor " + fmt_noise(it->second.sigma) + " (RMS of log speedup over " +
                              std::to_string(it->second.samples) + " expert-vs-expert samples, bias " +
                              fmt_noise(it->second.bias) + "): confident Fast@p and Beat-naive widen each CI by it");
        }
    }
    d.over_naive = speedups_over_naive(d.records, d.options.naive_resamples, d.options.bootstrap_seed);
    d.metrics = compute_metrics(d.records, suite, d.options, &d.over_naive);
    d.headlines = compute_headlines(d.records, d.options.bootstrap_resamples, d.options.bootstrap_seed);
    bool naive_ran = std::any_of(d.records.begin(), d.records.end(), [](const ResultRecord &r) { return r.producer == "naive"; });
    if (!naive_ran) d.notes.push_back("no naive producer ran: no speedup over naive, no Beat-naive@k (add --producers naive)");
    int suspect = 0;
    for (const auto &r : d.records) suspect += r.correct && !suspect_reason(r).empty();
    int emulated = 0;
    for (const auto &r : d.records) emulated += r.timed && !emulated_timing(r).empty();
    if (emulated) {
        d.notes.push_back(std::to_string(emulated) + " timed records ran under an emulator (a backend for another CPU, "
                          "docs/backends.md): correctness counts, their timings are recorded but not counted (no speedup, "
                          "Fast@p or roofline)");
    }
    if (suspect) d.notes.push_back(std::to_string(suspect) + " correct records are flagged suspect (a time below the physical lower bound): not fast, no speedup");
    return d;
}

}  // namespace ekb
