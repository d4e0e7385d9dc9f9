// The result record: one row per evaluated sample (one kernel x task x backend).
//
// The field list below is the single source of truth: the struct, the SQLite schema, the
// JSON form (JSONL export, `ekb eval --json`) and the CSV header are all generated from it.
// Numbers that may be absent (a speedup when nothing was timed) are NaN here, NULL in
// SQLite and null in JSON.
#pragma once
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ekb {

// X(type, name, description)
#define EKB_RECORD_FIELDS(X)                                                                           \
    X(std::string, record_key, "stable key of this sample")                                            \
    X(std::string, created_at, "UTC time the record was made (ISO 8601)")                              \
    X(std::string, task_id, "task")                                                                    \
    X(std::string, tier, "L1 | L2 | L3")                                                               \
    X(std::string, domain, "edge domain of the task")                                                  \
    X(std::string, backend, "a backend of the backend table (docs/backends.md)")                       \
    X(std::string, producer, "who wrote the kernel: file, expert, naive, or a producer name")          \
    X(std::string, model, "the model behind the producer, if any")                                     \
    X(int64_t, sample, "sample index within (task, backend, producer, model)")                         \
    X(std::string, kernel_name, "kernel file name")                                                    \
    X(std::string, kernel_hash, "sha256 of the kernel source")                                         \
    X(std::string, status, "not_supported | compile_failed | incorrect | correct | timed")             \
    X(bool, compiled, "the kernel compiled, generated and passed the object check")                    \
    X(bool, correct, "correct on every instance, visible and held-out")                                \
    X(bool, timed, "timed against the expert on every instance")                                       \
    X(std::string, failure_stage, "compile | generate | object_check | load | run | verify")            \
    X(std::string, failure_code, "machine-readable failure kind")                                      \
    X(std::string, failure_message, "what went wrong, trimmed for a person or an LLM")                 \
    X(std::string, failure_instance, "the instance it went wrong on")                                  \
    X(bool, failure_heldout, "the failing instance is held out (never shown to producers)")            \
    X(double, speedup, "geomean over instances of expert median / kernel median")                      \
    X(std::string, suspect, "why the time is below the task's physical bound (then no speedup counts)") \
    X(double, speedup_ci_lo, "bootstrap 95% CI of the speedup, low")                                   \
    X(double, speedup_ci_hi, "bootstrap 95% CI of the speedup, high")                                  \
    X(double, kernel_median_s, "geomean over instances of the kernel's median time per call")          \
    X(double, expert_median_s, "geomean over instances of the expert's median time per call")          \
    X(double, compile_s, "wall time of compile + generate + check + link (0 when cached)")             \
    X(double, cold_start_s, "the kernel's first call, GPU program builds included")                    \
    X(int64_t, peak_rss_kb, "peak resident memory of the kernel's process")                            \
    X(int64_t, artifact_bytes, "size of the pipeline shared object")                                   \
    X(double, eval_s, "wall time of the whole evaluation")                                             \
    X(int64_t, seed, "evaluation seed (inputs are generated from it)")                                 \
    X(std::string, target, "Halide target string")                                                     \
    X(int64_t, threads, "threads the kernel ran with")                                                 \
    X(std::string, suite_hash, "content hash of the suite")                                            \
    X(std::string, task_hash, "content hash of the task folder")                                       \
    X(std::string, ekb_version, "ekb version and commit")                                              \
    X(std::string, environment, "JSON: device, driver, confinement, host")                             \
    X(std::string, instances, "JSON: per-instance correctness, errors and timings")                    \
    X(std::string, compile_log, "compiler and generator output (clipped)")                             \
    X(std::string, loop_nest, "the kernel's loop nest")                                               \
    X(std::string, experiment, "the experiment (ekb run) the record belongs to, if any")               \
    X(double, produce_s, "wall time the producer took to write the kernel")                            \
    X(std::string, kernel_path, "the kernel source, relative to the experiment folder")                \
    X(std::string, transcript, "the producer's transcript (LLM requests and replies), relative path")  \
    X(std::string, trace, "the producer's step trace (agents), relative path")                         \
    X(std::string, layer_credit, "JSON: per schedule layer, its share of the final speedup (LEKA)")        \
    X(int64_t, llm_calls, "LLM calls the producer made for this sample (cache hits included)")         \
    X(int64_t, tokens_in, "input tokens of those calls")                                               \
    X(int64_t, tokens_out, "output tokens of those calls")                                             \
    X(double, cost_usd, "their cost from the price table (0 for cache hits)")                          \
    X(double, llm_seconds, "wall time spent waiting for the model")                                    \
    X(std::string, budget, "JSON: the budget's caps, totals and per-account (per-layer) usage")        \
    X(std::string, stop_reason, "why the producer stopped (budget cap, turns used, converged, ...)")

struct ResultRecord {
#define EKB_DECLARE(type, name, doc) type name{};
    EKB_RECORD_FIELDS(EKB_DECLARE)
#undef EKB_DECLARE

    ResultRecord() : speedup(NAN), speedup_ci_lo(NAN), speedup_ci_hi(NAN), kernel_median_s(NAN), expert_median_s(NAN), cold_start_s(NAN) {}

    nlohmann::json to_json() const;
    // The export form (`ekb results --jsonl`, docs/record.schema.json): as to_json, but the
    // JSON-valued fields (those documented "JSON: ...") are nested objects, not strings
    // (null when empty). from_json accepts both forms.
    nlohmann::json to_export_json() const;
    static ResultRecord from_json(const nlohmann::json &j);
};

struct RecordField {
    const char *name;
    const char *sql_type;  // TEXT | INTEGER | REAL
    const char *doc;
    bool json_valued;      // a TEXT field holding JSON (its doc starts with "JSON:")
    const char *json_type; // the field's type in JSON: string | integer | number | boolean
};
const std::vector<RecordField> &record_fields();

// The JSON Schema (draft 2020-12) of the export form, generated from the field list;
// docs/record.schema.json is its output (`ekb results --schema`).
nlohmann::json record_json_schema();

// CSV: one line per record. Inside a field, a newline is written as the two characters
// \n, a carriage return as \r and a backslash as \\, so no record spans two lines.
std::string csv_header();
std::string csv_row(const ResultRecord &r);

// ISO 8601 UTC timestamp, seconds precision.
std::string utc_now();

}  // namespace ekb
