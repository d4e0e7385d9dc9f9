// The prompts of LEKA's LLM-backed sub-agents: one specialist per layer, each told what its
// layer covers, that it may change only its own section, and what the coordinator measured
// (visible instances only): the current best kernel, its loop nest, per-instance times, its
// per-Func profile (per-kernel times on GPUs) and the layer's own history of proposals and
// outcomes.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "produce/prompt.h"
#include "suite/task.h"

namespace ekb::leka {

std::string layer_system_prompt(const std::string &layer);

struct LayerBrief {
    const Task *task = nullptr;
    std::string backend;
    DeviceProfile device_profile;
    std::string layer;
    std::string kernel;          // the current best kernel
    Feedback measured;           // its check on the visible instances
    std::string profile;         // its per-Func (and GPU per-kernel) profile, kernel_profile.h
    std::string history;         // this layer's earlier proposals and outcomes
    std::string seed_note;       // when started from another backend's kernel
};
std::string layer_prompt(const LayerBrief &b);

}  // namespace ekb::leka
