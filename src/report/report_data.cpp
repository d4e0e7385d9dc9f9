#include "report/report_data.h"

#include <set>
#include <stdexcept>

#include "common/files.h"
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

ReportData load_report_data(const fs::path &dir, const Suite *suite, int k, const fs::path &peaks_file) {
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
    d.metrics = compute_metrics(d.records, suite, d.options);
    return d;
}

}  // namespace ekb
