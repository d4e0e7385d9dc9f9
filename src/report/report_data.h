// What a report shows, computed once from an experiment: its records, the suite they were
// run on (when it is still here), the metrics and the device peaks.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "experiment/experiment.h"
#include "metrics/headline.h"
#include "metrics/metrics.h"
#include "metrics/over_naive.h"
#include "record/record.h"
#include "suite/suite.h"

namespace ekb {

// PyTorch eager times per task and instance from `ekb suite calibrate` (calibration_<backend>.json).
struct Calibration {
    std::filesystem::path file;
    std::string backend, date, target;
    std::map<std::string, std::map<std::string, double>> eager_s;  // task -> instance -> seconds
};

// Budget use of one record, read from its fields and its `budget` JSON; absent values are NaN.
struct BudgetUse {
    double llm_calls = NAN, http_attempts = NAN, tokens = NAN, cost_usd = NAN, compiles = NAN, device_s = NAN,
           llm_s = NAN, produce_s = NAN;
    std::string caps;
};
BudgetUse budget_use(const ResultRecord &r);

struct ReportData {
    std::string name;
    std::filesystem::path dir;
    nlohmann::json experiment;            // experiment.json
    std::vector<ResultRecord> records;
    const Suite *suite = nullptr;         // for FLOP/byte counts (roofline); may be null
    MetricOptions options;
    std::vector<MetricRow> metrics;       // every group and slice
    std::vector<std::string> notes;       // what could not be shown, and why
    std::map<std::string, NaiveSpeedup> over_naive;  // record_key -> speedup over the naive kernel
    std::vector<Headline> headlines;      // the verdict per backend
    std::map<std::string, Calibration> calibration;  // backend -> PyTorch eager times

    // Speedup of a record over PyTorch eager (geomean over instances of eager / kernel
    // median), NaN without calibration data for its backend, task and instances.
    double speedup_vs_eager(const ResultRecord &r) const;
    // The record's speedup over the naive kernel, or null.
    const NaiveSpeedup *naive_speedup(const ResultRecord &r) const;

    // Groups (producer, model, backend) in a stable order, as "producer / model / backend".
    std::vector<std::string> group_labels() const;
    std::vector<const MetricRow *> rows(const std::string &slice_prefix) const;  // "all", "tier ", "domain "
    std::string kernel_source(const ResultRecord &r) const;  // "" when the file is gone
};

std::string group_label(const std::string &producer, const std::string &model, const std::string &backend);

// Loads an experiment folder. `peaks_file` (JSON {"<backend>": {"gflops": G, "gbps": B}})
// gives device peaks for the roofline; without it, <dir>/peaks.json is used when present.
// `calibration_file` (from `ekb suite calibrate`) gives PyTorch eager times; without it,
// <dir>/calibration_<backend>.json, else the source tree's bench/results/calibration_cpu.json
// is used when present.
ReportData load_report_data(const std::filesystem::path &dir, const Suite *suite, int k,
                            const std::filesystem::path &peaks_file = {},
                            const std::filesystem::path &calibration_file = {});

Calibration load_calibration(const std::filesystem::path &file);

std::map<std::string, DevicePeaks> load_peaks(const std::filesystem::path &file);

}  // namespace ekb
