// The `builtin` model behind `direct` and `iterative`: the rules of LEKA's builtin
// sub-agents (leka/builtin_layers.h) used without layers, so that the three producers
// compare on one model at equal budget.
//
//   direct     one heuristic kernel: every layer's first-ranked decision, applied top-down
//              from the naive decisions, never checked;
//   iterative  a general agent: turn 0 is direct's kernel; every later turn rewrites the whole
//              schedule of the best kernel so far, taking the next-ranked decision of every
//              layer at once (no acceptance per layer, no rollback of one layer's change).
//
// Both need the task's pipeline graph (ProduceContext::pipeline_graph); where it cannot be
// had, they fall back on builtin_kernel's graph-free templates (builtin.h).
#pragma once
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "produce/leka/builtin_layers.h"
#include "produce/leka/graph.h"
#include "produce/leka/plan.h"
#include "produce/producer.h"

namespace ekb {

class BuiltinAgent {
public:
    // Throws std::runtime_error when the task's graph cannot be built (its naive kernel does
    // not build on the backend).
    explicit BuiltinAgent(const ProduceRequest &req);

    std::string direct_kernel();
    // The kernel of turn `turn` (0: direct's); nullopt when every rewrite of the best plan
    // was already tried. Tell `result` how the check went before asking for the next turn.
    std::optional<std::string> turn_kernel(int turn);
    void result(bool better_than_best);

private:
    std::string emit(const leka::Plan &p, const std::string &note) const;
    leka::Plan first_choices() const;

    const ProduceRequest &req_;
    bool gpu_ = false;
    leka::Graph graph_;
    leka::Device dev_;
    leka::Plan best_, pending_;
    std::set<std::string> tried_;
};

}  // namespace ekb
