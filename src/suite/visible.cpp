#include "suite/visible.h"

#include "common/files.h"

namespace ekb {

using nlohmann::json;

namespace {

json tensor_json(const Task &t, const TensorSpec &x, bool input) {
    json j = {{"name", x.name}, {"dtype", dtype_name(x.dtype)}, {"shape", x.shape}};
    if (input) j["range"] = {x.range_lo, x.range_hi};
    return j;
}

}  // namespace

json visible_task_json(const Task &t) {
    json insts = json::array();
    for (const Instance *i : t.visible_instances()) {
        json shapes;
        for (const auto *set : {&t.inputs, &t.outputs}) {
            for (const auto &x : *set) shapes[x.name] = t.shape(x, *i);
        }
        insts.push_back({{"name", i->name}, {"dims", i->dims}, {"shapes", shapes}});
    }
    json ins = json::array(), outs = json::array(), tol;
    for (const auto &x : t.inputs) ins.push_back(tensor_json(t, x, true));
    for (const auto &x : t.outputs) {
        outs.push_back(tensor_json(t, x, false));
        tol[x.name] = {{"atol", t.tolerance.at(x.name).atol}, {"rtol", t.tolerance.at(x.name).rtol}};
    }
    json out = {{"id", t.id}, {"title", t.title}, {"tier", t.tier}, {"domain", t.domain}, {"tags", t.tags},
            {"provenance", t.provenance}, {"description", t.description}, {"dims", t.dims}, {"inputs", ins},
            {"outputs", outs}, {"tolerance", tol}, {"visible_instances", insts},
            {"heldout_instances", t.instances.size() - t.visible_instances().size()},
            {"reference_py", read_file(t.reference_path())}, {"algorithm_h", read_file(t.algorithm_path())}};
    if (t.source) out["source"] = {{"model", t.source->model}, {"version", t.source->version}, {"layers", t.source->layers}};
    return out;
}


}  // namespace ekb
