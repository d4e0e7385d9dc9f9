// ekb experiments: the experiment folders under ./experiments (or --dir), with their
// record counts and dates, read without writing anything.
#include <algorithm>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/table.h"
#include "common/files.h"
#include "experiment/experiment.h"
#include "record/store.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string joined(const std::set<std::string> &s) {
    std::string o;
    for (const auto &x : s) o += (o.empty() ? "" : ",") + x;
    return o.empty() ? "-" : o;
}

}  // namespace

int cmd_experiments(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("experiments"));
    if (!a.positional().empty()) throw UsageError("unexpected argument '" + a.positional()[0] + "'");
    TextTable::set_wide(a.flag("wide"));
    fs::path root = a.get_or("dir", "experiments");
    if (!fs::is_directory(root)) {
        if (a.flag("json")) std::cout << "[]\n";
        else std::cout << "no experiments in " << root.string() << " (make one with 'ekb run --experiment NAME')\n";
        return 0;
    }
    std::vector<fs::path> dirs;
    for (const auto &e : fs::directory_iterator(root)) {
        if (e.is_directory() && fs::exists(e.path() / "experiment.json")) dirs.push_back(e.path());
    }
    std::sort(dirs.begin(), dirs.end());
    json out = json::array();
    TextTable t({"experiment", "records", "correct", "timed", "producers", "backends", "created", "last run"});
    std::vector<std::string> problems;
    int broken = 0;
    for (const auto &d : dirs) {
        json row = {{"name", d.filename().string()}, {"path", d.string()}};
        std::string problem;
        std::set<std::string> producers, backends;
        int64_t n = 0, correct = 0, timed = 0;
        try {
            json doc = json::parse(read_file(d / "experiment.json"));
            row["created_at"] = doc.value("created_at", "");
            const json &cmds = doc.value("commands", json::array());
            row["last_run_at"] = cmds.empty() ? "" : cmds.back().value("at", "");
            row["commands"] = cmds.size();
            if (fs::exists(d / "results.db")) {
                for (const auto &r : ResultStore(d / "results.db", StoreMode::read_only).all()) {
                    n++;
                    correct += r.correct;
                    timed += r.timed;
                    producers.insert(r.producer + (r.model.empty() ? "" : ":" + r.model));
                    backends.insert(r.backend);
                }
            }
        } catch (const std::exception &e) {
            problem = e.what();
            broken++;
        }
        row["records"] = n;
        row["correct"] = correct;
        row["timed"] = timed;
        row["producers"] = producers;
        row["backends"] = backends;
        if (!problem.empty()) row["problem"] = problem;
        auto date = [](const json &v) {  // "2026-01-01 00:00" (UTC)
        if (!v.is_string() || v.get<std::string>().size() < 16) return std::string("-");
        std::string s = v.get<std::string>().substr(0, 16);
        s[10] = ' ';
        return s;
    };
        t.add({d.filename().string(), std::to_string(n), std::to_string(correct), std::to_string(timed), joined(producers),
               joined(backends), date(row.value("created_at", json())), date(row.value("last_run_at", json()))});
        if (!problem.empty()) problems.push_back(d.filename().string() + ": BROKEN: " + problem);
        out.push_back(row);
    }
    if (a.flag("json")) {
        std::cout << out.dump(2) << "\n";
    } else {
        std::cout << t.render() << dirs.size() << " experiments in " << root.string() << "\n";
        for (const auto &p : problems) std::cout << p << "\n";
    }
    return broken ? 1 : 0;
}

}  // namespace ekb
