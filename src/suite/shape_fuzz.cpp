#include "suite/shape_fuzz.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace ekb {

namespace {

bool is_defined(const Task &task, const std::string &dim) {
    for (const auto &c : task.constraints) {
        if (defined_dimension(c) == dim) return true;
    }
    return false;
}

int64_t total_elements(const Task &task, const DimValues &dims) {
    Instance inst;
    inst.dims = dims;
    int64_t n = 0;
    for (const auto *set : {&task.inputs, &task.outputs}) {
        for (const auto &t : *set) n += task.elements(t, inst);
    }
    return n;
}

}  // namespace

void apply_dimension_definitions(const Task &task, DimValues &dims) {
    for (int pass = 0; pass < 2; pass++) {
        for (const auto &c : task.constraints) {
            std::string expr;
            std::string d = defined_dimension(c, &expr);
            if (d.empty() || !dims.count(d)) continue;
            try {
                dims[d] = eval_shape_expr(expr, dims);
            } catch (const std::invalid_argument &) {
                // left as it is: instance_problem() rejects it
            }
        }
    }
}

std::string fuzz_instance_name(const Task &task, const DimValues &dims) {
    std::string s = "fuzz";
    for (const auto &d : task.dims) s += "-" + d + std::to_string(dims.at(d));
    return s;
}

std::vector<Instance> shape_fuzz_instances(const Task &task, const ShapeFuzzOptions &opt) {
    std::vector<Instance> out;
    if (task.instances.empty()) return out;
    // The base: the visible instance with the fewest elements (a realistic shape; the
    // held-out ones are small already); the range: each dim's largest in task.json.
    const Instance *base = nullptr;
    int64_t base_n = 0, largest_n = 0;
    DimValues hi;
    for (const auto &inst : task.instances) {
        if (inst.origin != "task.json") continue;
        int64_t n = total_elements(task, inst.dims);
        if (!inst.heldout && (!base || n < base_n)) base = &inst, base_n = n;
        largest_n = std::max(largest_n, n);
        for (const auto &[d, v] : inst.dims) hi[d] = std::max(hi[d], v);
    }
    if (!base) return out;
    int64_t limit = opt.max_elements > 0 ? opt.max_elements : largest_n;

    std::set<DimValues> seen;
    for (const auto &inst : task.instances) seen.insert(inst.dims);
    auto legal = [&](DimValues &dims) {
        apply_dimension_definitions(task, dims);
        if (!instance_problem(task, dims).empty()) return false;
        return total_elements(task, dims) <= limit;
    };
    auto add = [&](DimValues dims) {
        if (!legal(dims) || seen.count(dims)) return;
        seen.insert(dims);
        Instance inst;
        inst.name = fuzz_instance_name(task, dims);
        inst.dims = dims;
        inst.heldout = true;
        inst.origin = "shape fuzz";
        out.push_back(std::move(inst));
    };
    std::vector<std::string> free_dims;
    for (const auto &d : task.dims) {
        if (!is_defined(task, d)) free_dims.push_back(d);
    }
    // A dim that fewer than 3 of the fixed values can change legally (a "D % 32 == 0"
    // constraint admits only 32) also tries multiples of g, the factor its task.json
    // values share: g times 1, 2, 3, 5, 7, 9 and 17 (the fewest legal units, odd multiples
    // past a power-of-two tile).
    std::map<std::string, std::vector<int64_t>> values, odd;
    for (const auto &d : free_dims) {
        int64_t g = 0;
        for (const auto &inst : task.instances) {
            if (inst.origin == "task.json" && inst.dims.count(d)) g = std::gcd(g, inst.dims.at(d));
        }
        values[d] = opt.values;
        odd[d] = {17, 9, 7, 5, 3};
        int legal_values = 0;
        for (int64_t v : opt.values) {
            if (v < 1 || v > hi[d] || v == base->dims.at(d)) continue;
            DimValues dims = base->dims;
            dims[d] = v;
            legal_values += legal(dims);
        }
        if (legal_values < 3 && g > 1) {
            for (int64_t k : {1, 2, 3, 5, 7, 9, 17}) values[d].push_back(g * k);
            for (int64_t k : {17, 9, 7, 5, 3, 1}) odd[d].push_back(g * k);
        }
        std::sort(values[d].begin(), values[d].end());
        values[d].erase(std::unique(values[d].begin(), values[d].end()), values[d].end());
    }
    // One dim at a time.
    for (const auto &d : free_dims) {
        for (int64_t v : values[d]) {
            if (v < 1 || v > hi[d]) continue;
            DimValues dims = base->dims;
            dims[d] = v;
            add(dims);
        }
    }
    // Every dim small, then every dim odd: greedy, one dim after another.
    auto greedy = [&](const std::map<std::string, std::vector<int64_t>> &order) {
        DimValues dims = base->dims;
        // Twice: a dim that could not go small first may once the others have (W after K).
        for (int pass = 0; pass < 2; pass++) {
            for (const auto &d : free_dims) {
                for (int64_t v : order.at(d)) {
                    if (v < 1 || v > hi[d]) continue;
                    DimValues trial = dims;
                    trial[d] = v;
                    if (legal(trial)) {
                        dims = trial;
                        break;
                    }
                }
            }
        }
        add(dims);
    };
    greedy(values);  // ascending
    greedy(odd);
    return out;
}

}  // namespace ekb
