#include "produce/builtin_agent.h"

#include "common/backend_table.h"
#include "common/files.h"
#include "kernel/kernel_file.h"

namespace ekb {

namespace {
const char *k_first_note = "builtin: every layer's first-ranked decision (direct, and iterative's first turn)";
}  // namespace

BuiltinAgent::BuiltinAgent(const ProduceRequest &req) : req_(req), gpu_(is_gpu_backend(req.backend)) {
    std::vector<std::string> inputs;
    for (const auto &t : req.task->inputs) inputs.push_back(t.name);
    graph_ = leka::build_graph(req.ctx->pipeline_graph(*req.task, req.backend), read_file(req.task->algorithm_path()), inputs);
    leka::attach_extents(graph_, *req.task);
    dev_ = leka::Device::from_profile(req.ctx->device_profile(req.backend));
    best_ = first_choices();
}

leka::Plan BuiltinAgent::first_choices() const {
    leka::Plan p = leka::initial_plan(graph_, gpu_);
    for (const auto &layer : kernel_layers()) {
        auto props = leka::builtin_proposals(layer, graph_, p, dev_, req_.seed);
        if (!props.empty()) p = props.front().plan;
    }
    return p;
}

std::string BuiltinAgent::emit(const leka::Plan &p, const std::string &note) const {
    return leka::emit_kernel(graph_, p, gpu_, req_.task->id, note);
}

std::string BuiltinAgent::direct_kernel() {
    return emit(best_, k_first_note);
}

std::optional<std::string> BuiltinAgent::turn_kernel(int turn) {
    if (turn == 0) {
        pending_ = best_;
        tried_.insert(best_.to_json().dump());
        return emit(best_, k_first_note);  // direct's kernel, to the byte
    }
    // Rewrite the whole schedule: for each layer in turn, the (turn)-th ranked candidate
    // from the plan so far; a plan already tried moves on to the next offset.
    for (int offset = 0; offset < 16; offset++) {
        leka::Plan p = best_;
        for (const auto &layer : kernel_layers()) {
            auto props = leka::builtin_proposals(layer, graph_, p, dev_, req_.seed + static_cast<uint64_t>(turn));
            if (props.empty()) continue;
            p = props[static_cast<size_t>(turn - 1 + offset) % props.size()].plan;
        }
        if (tried_.insert(p.to_json().dump()).second) {
            pending_ = p;
            return emit(p, "builtin iterative, turn " + std::to_string(turn) +
                               ": the best plan so far with every layer's next-ranked decision");
        }
    }
    return std::nullopt;
}

void BuiltinAgent::result(bool better_than_best) {
    if (better_than_best) best_ = pending_;
}

}  // namespace ekb
