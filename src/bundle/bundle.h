// Portable bundles (design.md section 2; docs/bundles.md): everything a device needs to
// evaluate kernels without a compiler or libHalide, and the way back.
//
//   ekb bundle  -> <dir>/manifest.json, run, specs/, artifacts/, runners/, icd/, pytorch/
//   <dir>/run   (on the device, POSIX sh) -> <results>/reports/<id>.json, index.jsonl, ...
//   ekb ingest  <results> -> records (validated first, then one transaction)
#pragma once
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/backend_table.h"
#include "record/record.h"
#include "suite/suite.h"

namespace ekb {

class Toolchain;

constexpr int k_bundle_format_version = 1;

struct BundleOptions {
    std::string tasks = "*";                        // comma-separated globs
    std::vector<std::string> backends = {host_cpu_backend().name};
    std::vector<std::string> kernels = {"expert", "naive"};  // expert | naive | dir:<path> | <path>
    std::filesystem::path out;
    double time_cap_seconds = 1.5;                  // per instance, both sides together
    double min_sample_seconds = 0.01;               // calls per sample grow until a sample lasts this
    std::optional<uint64_t> seed;                   // master seed; fresh when absent
    bool probe = true;                              // include the device probe's peak kernels
    bool quick_probe = false;                       // small peak instances (tests, slow CPUs)
    bool pytorch = false;                           // include PyTorch eager timing (L1, L2 tasks)
    int jobs = 2;                                   // parallel compiles (warming the compile cache)
};

struct BundleSummary {
    size_t entries = 0, specs = 0, artifacts = 0, runners = 0;
    uint64_t bytes = 0;                             // the whole directory
    std::vector<std::string> compile_failures;      // "<task>/<backend>/<kernel>: message"
};

// Compiles every (task, backend, kernel) and writes the bundle directory (which must not
// exist or be empty). A kernel that does not compile becomes a compile_failed entry (its
// record is complete at bundle time); a broken reference or expert throws.
BundleSummary build_bundle(const Suite &suite, Toolchain &tc, const BundleOptions &opts);

// What `ekb ingest` adds, everything validated.
struct IngestBatch {
    std::vector<ResultRecord> records;
    std::vector<std::string> not_run;               // entries without a report ("<id>: why")
    std::vector<nlohmann::json> profiles;           // device profiles from the probe entries
    nlohmann::json pytorch;                         // results/pytorch.json, when present (else null)
    nlohmann::json manifest;                        // null for a JSONL of records
    std::string source;
};

// Reads and validates a bundle's results: a results directory (with manifest.json, as
// `./run` writes it), a bundle directory holding results/, or a JSONL file of records
// (`ekb results --jsonl`). Throws std::runtime_error naming the file and the line or field
// on anything malformed, truncated or inconsistent; never returns a partial batch.
IngestBatch load_results(const std::filesystem::path &path);

// Markdown summary of a batch of bundle records: per backend expert correctness,
// expert-over-naive and expert-vs-PyTorch-eager distributions, and what failed or did not run.
std::string bundle_summary_markdown(const IngestBatch &batch);

}  // namespace ekb
