#include "suite/task.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "common/backend_table.h"
#include "common/files.h"
#include "common/float16.h"
#include "common/sha256.h"

namespace ekb {

std::filesystem::path Task::expert_kernel(const std::string &backend) const {
    return dir / "kernels" / ("expert_" + backend_info(backend).expert + ".cpp");
}

using nlohmann::json;

std::vector<AdversarialGen> default_adversarial(const std::vector<std::string> &tags, const TensorSpec &input) {
    auto tagged = [&](std::initializer_list<const char *> names) {
        for (const auto &t : tags) {
            for (const char *n : names) {
                if (t == n) return true;
            }
        }
        return false;
    };
    std::vector<AdversarialGen> out;
    if (tagged({"argmax", "argmin", "max-pool", "maxpool", "median", "rank-filter", "sort", "sorting-network", "histogram"})) {
        AdversarialGen g;
        g.kind = "ties";
        g.levels = 5;  // 5 evenly spaced values: exact binary fractions for symmetric ranges like [-1, 1]
        out.push_back(g);
    }
    if (tagged({"quantized"}) && !dtype_info(input.dtype).is_float) {
        AdversarialGen g;
        g.kind = "extremes";
        out.push_back(g);
    }
    return out;
}

Tolerance default_tolerance(DType d) {
    if (d == DType::f16) return {4 * k_float16_unit_roundoff, 4 * k_float16_unit_roundoff};
    if (dtype_info(d).is_float) return {1e-4, 1e-4};
    return {0, 0};
}

Tolerance float16_tolerance(int64_t n) {
    double u = k_float16_unit_roundoff;
    double t = u * (4.0 + std::sqrt(static_cast<double>(std::max<int64_t>(n, 1))));
    return {t, t};
}

namespace {

const char *k_tiers[] = {"L1", "L2", "L3"};

class Reader {
public:
    Reader(const std::filesystem::path &file) : file_(file.string()) {}

    [[noreturn]] void fail(const std::string &field, const std::string &what) const {
        throw TaskError(file_ + ": field '" + field + "': " + what);
    }
    const json &need(const json &obj, const std::string &key, const std::string &path) const {
        if (!obj.is_object() || !obj.contains(key)) fail(path + key, "missing");
        return obj.at(key);
    }
    std::string str(const json &obj, const std::string &key, const std::string &path,
                    bool required = true) const {
        if (!obj.contains(key)) {
            if (required) fail(path + key, "missing");
            return {};
        }
        const json &v = obj.at(key);
        if (!v.is_string()) fail(path + key, "must be a string");
        return v.get<std::string>();
    }
    std::vector<std::string> strings(const json &obj, const std::string &key,
                                     const std::string &path, bool required = true) const {
        std::vector<std::string> out;
        if (!obj.contains(key)) {
            if (required) fail(path + key, "missing");
            return out;
        }
        const json &v = obj.at(key);
        if (!v.is_array()) fail(path + key, "must be an array of strings");
        for (const auto &e : v) {
            if (e.is_string()) out.push_back(e.get<std::string>());
            else if (e.is_number_integer()) out.push_back(std::to_string(e.get<int64_t>()));
            else fail(path + key, "must be an array of strings");
        }
        return out;
    }

private:
    std::string file_;
};

TensorSpec read_tensor(const Reader &r, const json &j, const std::string &path, bool input) {
    TensorSpec t;
    t.name = r.str(j, "name", path);
    std::string dt = r.str(j, "dtype", path);
    auto d = parse_dtype(dt);
    if (!d) r.fail(path + "dtype", "unknown dtype '" + dt + "' (float32, float16, int8, uint8, int16, uint16, int32, uint32)");
    t.dtype = *d;
    t.shape = r.strings(j, "shape", path);
    if (t.shape.empty()) r.fail(path + "shape", "must have at least one dimension");
    if (input) {
        const json &range = r.need(j, "range", path);
        if (!range.is_array() || range.size() != 2 || !range[0].is_number() || !range[1].is_number()) {
            r.fail(path + "range", "must be [lo, hi]");
        }
        t.range_lo = range[0].get<double>();
        t.range_hi = range[1].get<double>();
        if (!(t.range_lo < t.range_hi)) r.fail(path + "range", "lo must be below hi");
        if (t.dtype == DType::f16 && (std::fabs(t.range_lo) > k_float16_max || std::fabs(t.range_hi) > k_float16_max)) {
            r.fail(path + "range", "is outside the finite values of float16 (|v| <= 65504)");
        }
        if (j.contains("adversarial")) {
            const json &adv = j.at("adversarial");
            if (!adv.is_object()) r.fail(path + "adversarial", "must be an object {\"<kind>\": <parameter>, ...}");
            for (const auto &[kind, value] : adv.items()) {
                AdversarialGen g;
                std::string err = parse_adversarial(kind, value, t.dtype, t.range_lo, t.range_hi, g);
                if (!err.empty()) r.fail(path + "adversarial." + kind, err);
                t.adversarial.push_back(g);
            }
        }
    } else if (j.contains("adversarial")) {
        r.fail(path + "adversarial", "applies to inputs only");
    }
    return t;
}

Instance read_instance(const Reader &r, const Task &t, const json &j, const std::string &path, bool private_file) {
    Instance inst;
    inst.name = r.str(j, "name", path);
    if (private_file) {
        inst.heldout = true;  // private instances are held out by definition
    } else {
        std::string split = r.str(j, "split", path);
        if (split != "visible" && split != "heldout") r.fail(path + "split", "must be 'visible' or 'heldout'");
        inst.heldout = split == "heldout";
    }
    const json &dims = r.need(j, "dims", path);
    if (!dims.is_object()) r.fail(path + "dims", "must be an object of dimension values");
    for (const auto &d : t.dims) {
        if (!dims.contains(d)) r.fail(path + "dims." + d, "missing");
        if (!dims.at(d).is_number_integer() || dims.at(d).get<int64_t>() <= 0) {
            r.fail(path + "dims." + d, "must be a positive integer");
        }
        inst.dims[d] = dims.at(d).get<int64_t>();
    }
    for (auto it = dims.begin(); it != dims.end(); ++it) {
        if (!inst.dims.count(it.key())) r.fail(path + "dims." + it.key(), "not declared in the task's 'dims'");
    }
    if (t.find_instance(inst.name)) r.fail(path + "name", "instance '" + inst.name + "' declared twice");
    // Every tensor must have a positive shape at this instance, and every constraint hold.
    std::string problem = instance_problem(t, inst.dims);
    if (!problem.empty()) r.fail(path + "dims", problem);
    return inst;
}

}  // namespace

std::string instance_problem(const Task &t, const DimValues &dims) {
    for (const auto *set : {&t.inputs, &t.outputs}) {
        for (const auto &ten : *set) {
            for (const auto &e : ten.shape) {
                int64_t v;
                try {
                    v = eval_shape_expr(e, dims);
                } catch (const std::invalid_argument &ex) {
                    return "tensor '" + ten.name + "': " + ex.what();
                }
                if (v <= 0) return "tensor '" + ten.name + "' dimension \"" + e + "\" is " + std::to_string(v);
            }
        }
    }
    for (const auto &c : t.constraints) {
        try {
            if (!eval_shape_constraint(c, dims)) return "constraint \"" + c + "\" does not hold";
        } catch (const std::invalid_argument &ex) {
            return ex.what();
        }
    }
    return "";
}

std::vector<int64_t> Task::shape(const TensorSpec &t, const Instance &inst) const {
    std::vector<int64_t> s;
    for (const auto &e : t.shape) s.push_back(eval_shape_expr(e, inst.dims));
    return s;
}

int64_t Task::elements(const TensorSpec &t, const Instance &inst) const {
    int64_t n = 1;
    for (int64_t e : shape(t, inst)) n *= e;
    return n;
}

double Task::flops(const Instance &inst) const {
    return flops_expr.empty() ? 0.0 : double(eval_shape_expr(flops_expr, inst.dims));
}

double Task::bytes(const Instance &inst) const {
    return bytes_expr.empty() ? 0.0 : double(eval_shape_expr(bytes_expr, inst.dims));
}

std::vector<const Instance *> Task::visible_instances() const {
    std::vector<const Instance *> out;
    for (const auto &i : instances) {
        if (!i.heldout) out.push_back(&i);
    }
    return out;
}

const Instance *Task::largest_instance(const std::vector<const Instance *> &candidates) const {
    const Instance *largest = nullptr;
    int64_t most = -1;
    for (const Instance *inst : candidates) {
        int64_t n = 0;
        try {
            for (const auto &t : outputs) n += elements(t, *inst);
        } catch (const std::exception &) {
            continue;  // a shape this instance cannot evaluate
        }
        if (n > most) {
            most = n;
            largest = inst;
        }
    }
    return largest;
}

const Instance *Task::find_instance(const std::string &name) const {
    for (const auto &i : instances) {
        if (i.name == name) return &i;
    }
    return nullptr;
}

std::string shape_string(const std::vector<int64_t> &shape) {
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); i++) {
        if (i) s += ", ";
        s += std::to_string(shape[i]);
    }
    return s + "]";
}

Task load_task(const std::filesystem::path &dir) {
    auto file = dir / "task.json";
    Reader r(file);
    if (!std::filesystem::exists(file)) throw TaskError(file.string() + ": missing task.json");
    json j;
    try {
        j = json::parse(read_file(file));
    } catch (const json::parse_error &e) {
        throw TaskError(file.string() + ": invalid JSON: " + e.what());
    }
    if (!j.is_object()) throw TaskError(file.string() + ": must be a JSON object");

    Task t;
    t.dir = dir;
    t.id = r.str(j, "id", "");
    if (t.id != dir.filename().string()) {
        r.fail("id", "'" + t.id + "' does not match the folder name '" + dir.filename().string() + "'");
    }
    t.title = r.str(j, "title", "");
    t.tier = r.str(j, "tier", "");
    if (std::find(std::begin(k_tiers), std::end(k_tiers), t.tier) == std::end(k_tiers)) {
        r.fail("tier", "must be L1, L2 or L3, not '" + t.tier + "'");
    }
    t.domain = r.str(j, "domain", "");
    t.provenance = r.str(j, "provenance", "");
    if (j.contains("source")) {
        // A free-text citation, or {"model", "version" (optional), "layers"}.
        const json &src = j.at("source");
        ModelSource m;
        if (src.is_string()) {
            m.model = src.get<std::string>();
            if (m.model.empty()) r.fail("source", "must not be empty");
        } else if (src.is_object()) {
            for (const auto &[k, v] : src.items()) {
                if (k != "model" && k != "version" && k != "layers") {
                    r.fail("source." + k, "unknown field (model, version, layers)");
                }
            }
            m = {r.str(src, "model", "source."), r.str(src, "version", "source.", false), r.str(src, "layers", "source.")};
            if (m.model.empty()) r.fail("source.model", "must not be empty");
            if (m.layers.empty()) r.fail("source.layers", "must not be empty");
        } else {
            r.fail("source", "must be a string or an object {\"model\", \"version\", \"layers\"}");
        }
        t.source = m;
    }
    t.description = r.str(j, "description", "");
    t.tags = r.strings(j, "tags", "", false);
    t.dims = r.strings(j, "dims", "");
    t.constraints = r.strings(j, "constraints", "", false);
    for (size_t i = 0; i < t.constraints.size(); i++) {
        DimValues ones;
        for (const auto &d : t.dims) ones[d] = 1;
        try {
            eval_shape_constraint(t.constraints[i], ones);
        } catch (const std::invalid_argument &e) {
            r.fail("constraints[" + std::to_string(i) + "]", e.what());
        } catch (const std::exception &) {
            // a division by zero at all-ones is a valid constraint that simply does not hold there
        }
    }
    t.flops_expr = r.str(j, "flops", "", false);
    t.bytes_expr = r.str(j, "bytes", "", false);

    const json &ins = r.need(j, "inputs", "");
    if (!ins.is_array() || ins.empty()) r.fail("inputs", "must be a non-empty array");
    for (size_t i = 0; i < ins.size(); i++) {
        t.inputs.push_back(read_tensor(r, ins[i], "inputs[" + std::to_string(i) + "].", true));
    }
    bool declared = false;
    for (const auto &in : t.inputs) declared = declared || ins.at(&in - t.inputs.data()).contains("adversarial");
    if (!declared) {
        for (auto &in : t.inputs) in.adversarial = default_adversarial(t.tags, in);
    }
    const json &outs = r.need(j, "outputs", "");
    if (!outs.is_array() || outs.empty()) r.fail("outputs", "must be a non-empty array");
    for (size_t i = 0; i < outs.size(); i++) {
        t.outputs.push_back(read_tensor(r, outs[i], "outputs[" + std::to_string(i) + "].", false));
    }
    std::vector<std::string> names;
    for (const auto &x : t.inputs) names.push_back(x.name);
    for (const auto &x : t.outputs) names.push_back(x.name);
    for (size_t a = 0; a < names.size(); a++) {
        for (size_t b = a + 1; b < names.size(); b++) {
            if (names[a] == names[b]) r.fail("inputs/outputs", "tensor name '" + names[a] + "' used twice");
        }
    }

    const json &insts = r.need(j, "instances", "");
    if (!insts.is_array()) r.fail("instances", "must be an array");
    for (size_t i = 0; i < insts.size(); i++) {
        t.instances.push_back(read_instance(r, t, insts[i], "instances[" + std::to_string(i) + "].", false));
    }
    int visible = 0, heldout = 0;
    for (const auto &i : t.instances) (i.heldout ? heldout : visible)++;
    if (visible < 2) r.fail("instances", "needs at least two visible instances (has " + std::to_string(visible) + ")");
    if (heldout < 1) r.fail("instances", "needs at least one held-out instance");

    // Tolerances: the dtype's default; a float16 reduction's length widens it
    // (float16_tolerance); explicit atol/rtol override both.
    for (const auto &o : t.outputs) t.tolerance[o.name] = default_tolerance(o.dtype);
    if (j.contains("tolerance")) {
        const json &tol = j.at("tolerance");
        if (!tol.is_object()) r.fail("tolerance", "must be an object {\"atol\":..,\"rtol\":..}");
        if (tol.contains("reduction")) {
            const json &red = tol.at("reduction");
            if (!red.is_string()) r.fail("tolerance.reduction", "must be a shape expression (the reduction's length)");
            int64_t n = 1;
            for (const auto &inst : t.instances) {
                std::string err;
                try {
                    n = std::max(n, eval_shape_expr(red.get<std::string>(), inst.dims));
                } catch (const std::exception &e) {
                    err = e.what();
                }
                if (!err.empty()) r.fail("tolerance.reduction", err);
            }
            bool any = false;
            for (const auto &o : t.outputs) {
                if (o.dtype != DType::f16) continue;
                t.tolerance[o.name] = float16_tolerance(n);
                any = true;
            }
            if (!any) r.fail("tolerance.reduction", "applies to float16 outputs only");
        }
        for (const auto &o : t.outputs) {
            if (tol.contains("atol")) t.tolerance[o.name].atol = tol.at("atol").get<double>();
            if (tol.contains("rtol")) t.tolerance[o.name].rtol = tol.at("rtol").get<double>();
        }
    }

    for (const char *f : {"algorithm.h", "reference.py"}) {
        if (!std::filesystem::exists(dir / f)) throw TaskError((dir / f).string() + ": missing");
    }
    if (!std::filesystem::exists(t.naive_kernel())) throw TaskError(t.naive_kernel().string() + ": missing");

    // Content hash: every regular file under the task folder, in sorted order.
    std::vector<std::filesystem::path> files;
    for (const auto &e : std::filesystem::recursive_directory_iterator(dir)) {
        if (e.is_regular_file()) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    Sha256 h;
    for (const auto &f : files) {
        h.update(std::filesystem::relative(f, dir).string());
        h.update(std::string(1, '\0'));
        h.update(read_file(f));
    }
    t.content_hash = h.hex();
    return t;
}

void merge_private_instances(std::vector<Task> &tasks, const std::filesystem::path &file) {
    Reader r(file);
    if (!std::filesystem::exists(file)) throw TaskError(file.string() + ": private instances file not found");
    json j;
    try {
        j = json::parse(read_file(file));
    } catch (const json::parse_error &e) {
        throw TaskError(file.string() + ": invalid JSON: " + e.what());
    }
    if (!j.is_object()) throw TaskError(file.string() + ": must be an object {\"<task id>\": [instances]}");
    for (auto it = j.begin(); it != j.end(); ++it) {
        Task *task = nullptr;
        for (auto &t : tasks) {
            if (t.id == it.key()) task = &t;
        }
        if (!task) r.fail(it.key(), "no task '" + it.key() + "' in the suite");
        if (!it.value().is_array()) r.fail(it.key(), "must be an array of instances");
        for (size_t i = 0; i < it.value().size(); i++) {
            Instance inst = read_instance(r, *task, it.value()[i], it.key() + "[" + std::to_string(i) + "].", true);
            inst.origin = file.string();
            task->instances.push_back(std::move(inst));
        }
    }
}

}  // namespace ekb
