// ekb tasks list | show
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/table.h"
#include "common/files.h"
#include "common/paths.h"
#include "suite/suite.h"
#include "suite/visible.h"

namespace ekb {

using nlohmann::json;

namespace {

std::string dtypes_of(const Task &t) {
    std::string s;
    for (const auto *set : {&t.inputs, &t.outputs}) {
        for (const auto &x : *set) {
            std::string n = dtype_name(x.dtype);
            if (s.find(n) == std::string::npos) s += (s.empty() ? "" : ",") + n;
        }
    }
    return s;
}

}  // namespace

int cmd_tasks(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("tasks"));
    TextTable::set_wide(a.flag("wide"));
    if (a.positional().empty()) throw UsageError("expected 'list' or 'show <id>'");
    Suite suite = Suite::load(a.get_or("suite", (ekb_home() / "suite").string()));
    const std::string &what = a.positional()[0];
    if (what == "list") {
        std::vector<const Task *> selected;
        for (const auto &t : suite.tasks()) {
            if (auto v = a.get("tier"); v && t.tier != *v) continue;
            if (auto v = a.get("domain"); v && t.domain != *v) continue;
            if (auto v = a.get("tag"); v && std::find(t.tags.begin(), t.tags.end(), *v) == t.tags.end()) continue;
            selected.push_back(&t);
        }
        if (a.flag("json")) {
            json arr = json::array();
            for (const Task *tp : selected) {
                const Task &t = *tp;
                arr.push_back({{"id", t.id}, {"title", t.title}, {"tier", t.tier}, {"domain", t.domain}, {"tags", t.tags},
                               {"dtypes", dtypes_of(t)}, {"visible_instances", t.visible_instances().size()},
                               {"heldout_instances", t.instances.size() - t.visible_instances().size()},
                               {"content_hash", t.content_hash}});
            }
            std::cout << arr.dump(2) << "\n";
            return 0;
        }
        TextTable table({"id", "tier", "domain", "dtype", "visible", "held-out", "title"});
        for (const Task *tp : selected) {
            const Task &t = *tp;
            table.add({t.id, t.tier, t.domain, dtypes_of(t), std::to_string(t.visible_instances().size()),
                       std::to_string(t.instances.size() - t.visible_instances().size()), t.title});
        }
        std::cout << table.render() << selected.size() << " of " << suite.tasks().size() << " tasks (suite " << suite.content_hash().substr(0, 12)
                  << ")\n";
        return 0;
    }
    if (what == "show") {
        if (a.positional().size() != 2) throw UsageError("expected 'show <id>'");
        const Task *t = suite.find(a.positional()[1]);
        if (!t) throw UsageError("no task '" + a.positional()[1] + "' in " + suite.root().string());
        json j = visible_task_json(*t);
        if (a.flag("json")) {
            std::cout << j.dump(2) << "\n";
            return 0;
        }
        std::cout << "# " << t->id << " — " << t->title << "\n"
                  << "tier " << t->tier << ", domain " << t->domain << ", provenance: " << t->provenance << "\n\n"
                  << t->description << "\n\n";
        std::cout << "inputs:\n";
        for (const auto &x : j["inputs"]) {
            std::cout << "  " << x["name"].get<std::string>() << ": " << x["dtype"].get<std::string>() << " "
                      << x["shape"].dump() << ", values in " << x["range"].dump() << "\n";
        }
        std::cout << "outputs:\n";
        for (const auto &x : j["outputs"]) {
            const auto &tol = j["tolerance"][x["name"].get<std::string>()];
            std::cout << "  " << x["name"].get<std::string>() << ": " << x["dtype"].get<std::string>() << " "
                      << x["shape"].dump() << ", tolerance atol " << tol["atol"] << " rtol " << tol["rtol"] << "\n";
        }
        std::cout << "visible instances (" << j["heldout_instances"] << " more are held out):\n";
        for (const auto &i : j["visible_instances"]) {
            std::cout << "  " << i["name"].get<std::string>() << ": " << i["dims"].dump() << "\n";
        }
        std::cout << "\n## PyTorch reference (reference.py)\n\n" << j["reference_py"].get<std::string>()
                  << "\n## Halide reference algorithm (algorithm.h)\n\n" << j["algorithm_h"].get<std::string>();
        return 0;
    }
    throw UsageError("unknown 'tasks " + what + "' (list, show)");
}

}  // namespace ekb
