#include "compile/device_placement.h"

#include <map>

namespace ekb {
namespace {

using namespace Halide::Internal;
using Halide::Expr;

constexpr int64_t k_saturated = int64_t(1) << 62;

int64_t saturating_mul(int64_t a, int64_t b) {
    if (a == 0 || b == 0) return 0;
    if (a > k_saturated / b) return k_saturated;
    return a * b;
}

// A buffer's Func: "f" for a single-valued Func, "f.0", "f.1" for a Tuple's components.
std::string func_of_buffer(const std::string &buffer) {
    size_t dot = buffer.rfind('.');
    if (dot == std::string::npos || dot + 1 == buffer.size()) return buffer;
    for (size_t i = dot + 1; i < buffer.size(); i++) {
        if (buffer[i] < '0' || buffer[i] > '9') return buffer;
    }
    return buffer.substr(0, dot);
}

class HostStoreCounter : public IRVisitor {
public:
    HostStoreCounter(const std::set<std::string> &funcs, const std::set<std::string> &outputs)
        : funcs_(funcs), outputs_(outputs) {}
    std::vector<HostStage> stages;

    using IRVisitor::visit;

protected:
    void visit(const LetStmt *op) override {
        op->value.accept(this);
        Expr v = simplify(substitute(constants_, op->value));
        bool was = constants_.count(op->name) > 0;
        Expr old = was ? constants_[op->name] : Expr();
        if (as_const_int(v)) constants_[op->name] = v;
        else constants_.erase(op->name);
        op->body.accept(this);
        if (was) constants_[op->name] = old;
        else constants_.erase(op->name);
    }

    void visit(const For *op) override {
        if (op->for_type == ForType::GPUBlock || op->for_type == ForType::GPUThread ||
            op->for_type == ForType::GPULane) {
            return;  // device code (where a lowering leaves it in place): not host work
        }
        op->min.accept(this);
        op->extent.accept(this);
        Expr e = simplify(substitute(constants_, op->extent));
        const int64_t *c = as_const_int(e);
        loops_.push_back(c ? std::max<int64_t>(*c, 0) : -1);
        op->body.accept(this);
        loops_.pop_back();
    }

    void visit(const Store *op) override {
        record(op->name, op->value.type().lanes());
        IRVisitor::visit(op);
    }

    void visit(const Provide *op) override {
        record(op->name, op->values.empty() ? 1 : op->values[0].type().lanes());
        IRVisitor::visit(op);
    }

private:
    void record(const std::string &buffer, int lanes) {
        std::string f = funcs_.count(buffer) ? buffer : func_of_buffer(buffer);
        if (!funcs_.count(f)) return;  // Halide's own bookkeeping, not a stage
        HostStage *s = nullptr;
        for (auto &st : stages) {
            if (st.func == f) s = &st;
        }
        if (!s) {
            stages.push_back({f, outputs_.count(f) > 0, 0, true});
            s = &stages.back();
        }
        int64_t n = std::max(lanes, 1);
        for (int64_t extent : loops_) {
            if (extent < 0) {
                s->bounded = false;
                return;
            }
            n = saturating_mul(n, extent);
        }
        s->stores = std::min(k_saturated, s->stores + n);
    }

    const std::set<std::string> &funcs_, &outputs_;
    std::map<std::string, Expr> constants_;  // let-bound names with a constant value, in scope
    std::vector<int64_t> loops_;             // enclosing host loops' extents (-1: not constant)
};

}  // namespace

std::set<std::string> pipeline_funcs(const std::vector<Halide::Func> &outputs) {
    std::set<std::string> names;
    std::vector<Function> todo;
    for (const auto &o : outputs) todo.push_back(o.function());
    while (!todo.empty()) {
        Function f = todo.back();
        todo.pop_back();
        if (!names.insert(f.name()).second) continue;
        for (const auto &[n, callee] : find_transitive_calls(f)) todo.push_back(callee);
        for (const auto &[n, wrapper] : f.schedule().wrappers()) todo.push_back(Function(wrapper));
    }
    return names;
}

std::vector<HostStage> host_stages(const Halide::Module &module, const std::set<std::string> &funcs,
                                   const std::set<std::string> &outputs) {
    HostStoreCounter c(funcs, outputs);
    for (const auto &f : module.functions()) {
        if (f.body.defined()) f.body.accept(&c);
    }
    return c.stages;
}

std::string device_placement_violations(const std::vector<HostStage> &stages, const std::string &backend_name) {
    std::string out;
    for (const auto &s : stages) {
        if (s.output) {
            out += "output '" + s.func + "' is computed by host code, not by a device kernel (" + backend_name +
                   "): schedule it (and any update definition) on the device with gpu_tile or "
                   "gpu_blocks + gpu_threads\n";
        } else if (!s.bounded || s.stores > k_trivial_host_stores) {
            out += "stage '" + s.func + "' runs on the host (" +
                   (s.bounded ? std::to_string(s.stores) + " host stores"
                              : std::string("a host loop whose extent depends on the shape")) +
                   "; at most " + std::to_string(k_trivial_host_stores) +
                   " known at compile time are allowed): schedule it on the device (gpu_tile, or "
                   "compute_at inside a GPU loop) or inline it\n";
        }
    }
    return out;
}

}  // namespace ekb
