// What a report shows, computed once from an experiment: its records, the suite they were
// run on (when it is still here), the metrics and the device peaks.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "experiment/experiment.h"
#include "metrics/metrics.h"
#include "record/record.h"
#include "suite/suite.h"

namespace ekb {

struct ReportData {
    std::string name;
    std::filesystem::path dir;
    nlohmann::json experiment;            // experiment.json
    std::vector<ResultRecord> records;
    const Suite *suite = nullptr;         // for FLOP/byte counts (roofline); may be null
    MetricOptions options;
    std::vector<MetricRow> metrics;       // every group and slice
    std::vector<std::string> notes;       // what could not be shown, and why

    // Groups (producer, model, backend) in a stable order, as "producer / model / backend".
    std::vector<std::string> group_labels() const;
    std::vector<const MetricRow *> rows(const std::string &slice_prefix) const;  // "all", "tier ", "domain "
    std::string kernel_source(const ResultRecord &r) const;  // "" when the file is gone
};

std::string group_label(const std::string &producer, const std::string &model, const std::string &backend);

// Loads an experiment folder. `peaks_file` (JSON {"<backend>": {"gflops": G, "gbps": B}})
// gives device peaks for the roofline; without it, <dir>/peaks.json is used when present.
ReportData load_report_data(const std::filesystem::path &dir, const Suite *suite, int k,
                            const std::filesystem::path &peaks_file = {});

std::map<std::string, DevicePeaks> load_peaks(const std::filesystem::path &file);

}  // namespace ekb
