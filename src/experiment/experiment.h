// An experiment: one folder holding everything `ekb run` produced for a matrix of
// tasks x backends x producers x models x samples. Runs resume: the same command after a
// crash (kill -9 included) computes exactly the samples that have no record yet.
//
//   <dir>/experiment.json        settings that make its records comparable (the master seed,
//                                timing, threads) and the history of the commands run on it
//   <dir>/results.db             the results store (SQLite, WAL); one record per sample key
//   <dir>/kernels/<key>.cpp      the kernel each sample's producer wrote
//   <dir>/transcripts/, traces/  the producers' logs, linked from the records
//   <dir>/report.md, report.html `ekb report`
//   <dir>/.lock                  held (flock) while a run is in progress
//
// A sample's key is a hash of (task, backend, producer, model, sample index): stable across
// runs, so a resumed run neither loses nor duplicates a sample. Its evaluation seed is
// derived from the experiment's master seed and the key.
#pragma once
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run/conductor.h"

namespace ekb {

struct ExperimentSettings {
    uint64_t seed = 0;             // master seed: evaluation seeds derive from it
    int threads = 0;               // threads kernels run with
    bool timing = true;
    double time_cap_seconds = 1.5; // per instance, both sides together
    bool confine = true;

    nlohmann::json to_json() const;
    static ExperimentSettings from_json(const nlohmann::json &j);
    // "" when equal, else which setting differs and how.
    std::string difference(const ExperimentSettings &other) const;
};

struct SampleId {
    std::string task, backend, producer, model;
    int64_t sample = 0;
    std::string key() const;       // 24 hex digits
    std::string label() const;     // "conv2d_3x3 cpu expert #0" (+ model when set)
};

class Experiment {
public:
    // Opens an existing experiment folder or creates it with `settings`. An existing one
    // keeps its own settings; asking for different ones is an error that names them.
    static Experiment open_or_create(const std::filesystem::path &dir, const ExperimentSettings &settings,
                                     bool settings_given);
    // Opens an existing experiment (for reports); throws naming the folder.
    static Experiment open(const std::filesystem::path &dir);

    const std::filesystem::path &dir() const { return dir_; }
    std::string name() const { return dir_.filename().string(); }
    const ExperimentSettings &settings() const { return settings_; }
    std::filesystem::path store_path() const { return dir_ / "results.db"; }
    std::filesystem::path kernel_path(const std::string &key) const { return dir_ / "kernels" / (key + ".cpp"); }
    uint64_t evaluation_seed(const SampleId &id) const;
    uint64_t producer_seed(const SampleId &id) const;
    // Appends a command to experiment.json's history (atomic rewrite).
    void log_command(const std::vector<std::string> &argv);
    // experiment.json's other top-level fields ("source": where its records came from).
    const nlohmann::json &doc() const { return doc_; }
    void set_doc_field(const std::string &key, const nlohmann::json &value);

private:
    std::filesystem::path dir_;
    ExperimentSettings settings_;
    nlohmann::json doc_;
};

// An exclusive, non-blocking lock on an experiment folder for the duration of a run;
// throws naming the folder when another ekb process holds it.
class ExperimentLock {
public:
    explicit ExperimentLock(const std::filesystem::path &dir);
    ~ExperimentLock();
    ExperimentLock(const ExperimentLock &) = delete;
    ExperimentLock &operator=(const ExperimentLock &) = delete;

private:
    int fd_ = -1;
};

// A bare name is a folder under ./experiments; anything with a '/' is a path.
std::filesystem::path experiment_dir(const std::string &name_or_path);

}  // namespace ekb
