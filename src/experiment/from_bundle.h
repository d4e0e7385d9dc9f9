// Bundle results into an experiment (`ekb ingest DIR --experiment NAME`): a new experiment
// takes its settings from the bundle's manifest (master seed, timing cap) and its records
// (threads, confinement); an existing one accepts the records only when they were made
// with the same settings, on the same machine (per backend: the device, and the CPU) and
// against the same suite. Anything else is refused with a message naming what differs,
// before anything is written.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bundle/bundle.h"
#include "experiment/experiment.h"

namespace ekb {

// The settings the batch's records were made with; throws std::runtime_error when its
// records disagree among themselves (naming the field).
ExperimentSettings settings_of_batch(const IngestBatch &batch);

// Per backend, the machine a record ran on: "device name / cpu model" from its environment.
std::string machine_of(const ResultRecord &r);

// Stores the batch into the experiment at `dir` (made when it does not exist; the caller
// holds its lock). Returns the experiment. Throws naming the experiment and what differs.
Experiment ingest_into_experiment(const std::filesystem::path &dir, IngestBatch &batch,
                                  const std::vector<std::string> &command);

}  // namespace ekb
