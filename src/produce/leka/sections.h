// The layer ownership rule for LEKA's sub-agents, on kernel text: a proposal for a layer
// may change that layer's section and nothing else (design.md section 5). The rejection
// message is written for the sub-agent that broke the rule.
#pragma once
#include <string>

namespace ekb::leka {

struct SectionCheck {
    bool ok = false;
    bool unchanged = false;   // the proposal equals the current kernel in its own section too
    std::string message;      // why it is rejected, naming the sections it touched
};

SectionCheck check_layer_change(const std::string &current, const std::string &proposal, const std::string &layer);

// A kernel with every layer's section present, in order: missing ones are added (empty)
// before "// @end" (the suite's naive kernels have no memory or vector section).
std::string with_all_sections(const std::string &source);

}  // namespace ekb::leka
