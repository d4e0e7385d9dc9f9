#include "produce/leka/graph.h"

#include <algorithm>
#include <regex>
#include <set>
#include <stdexcept>

namespace ekb::leka {

using nlohmann::json;

bool UpdateDef::has_pure(const std::string &v) const {
    return std::find(pure_args.begin(), pure_args.end(), v) != pure_args.end();
}

const Stage *Graph::find(const std::string &name) const {
    for (const auto &s : stages) {
        if (s.name == name) return &s;
    }
    return nullptr;
}

std::vector<const Stage *> Graph::intermediates() const {
    std::vector<const Stage *> out;
    for (const auto &s : stages) {
        if (s.schedulable() && !s.output) out.push_back(&s);
    }
    return out;
}

std::vector<const Stage *> Graph::outputs() const {
    std::vector<const Stage *> out;
    for (const auto &s : stages) {
        if (s.output) out.push_back(&s);
    }
    return out;
}

std::map<std::string, std::string> algorithm_func_names(const std::string &text) {
    std::map<std::string, std::string> out;
    // Only the Algorithm struct's own members: helper structs before it name their Funcs
    // through their own members, which a kernel cannot reach by a fixed expression.
    size_t at = text.find("struct Algorithm");
    std::string body = at == std::string::npos ? text : text.substr(at);
    static const std::regex member(R"re((?:Halide::)?Func\s+([A-Za-z_]\w*)\s*\{\s*"([^"]+)"\s*\})re");
    for (auto it = std::sregex_iterator(body.begin(), body.end(), member); it != std::sregex_iterator(); ++it) {
        out.emplace((*it)[2].str(), "a." + (*it)[1].str());
    }
    static const std::regex array(R"re((?:Halide::)?Func\s+([A-Za-z_]\w*)\s*\[[^\]]*\]\s*(=\s*\{([^;]*)\})?\s*;)re");
    static const std::regex element(R"re(Func\s*\{\s*"([^"]+)"\s*\})re");
    for (auto it = std::sregex_iterator(body.begin(), body.end(), array); it != std::sregex_iterator(); ++it) {
        std::string ident = (*it)[1].str();
        if ((*it)[3].matched) {
            std::string init = (*it)[3].str();
            int i = 0;
            for (auto e = std::sregex_iterator(init.begin(), init.end(), element); e != std::sregex_iterator(); ++e, ++i) {
                out.emplace((*e)[1].str(), "a." + ident + "[" + std::to_string(i) + "]");
            }
        } else {
            out.emplace("\x01" + ident, ident);  // marker: elements named <ident><index>
        }
    }
    return out;
}

namespace {

std::string lookup(const std::map<std::string, std::string> &names, const std::string &func) {
    if (auto it = names.find(func); it != names.end()) return it->second;
    static const std::regex indexed(R"re(([A-Za-z_]\w*?)(\d+))re");
    std::smatch m;
    if (std::regex_match(func, m, indexed) && names.count("\x01" + m[1].str())) {
        return "a." + m[1].str() + "[" + m[2].str() + "]";
    }
    return "";
}

std::vector<std::string> strings(const json &a) {
    std::vector<std::string> v;
    for (const auto &x : a) v.push_back(x.get<std::string>());
    return v;
}

}  // namespace

Graph build_graph(const std::string &pipeline_json, const std::string &algorithm_h,
                  const std::vector<std::string> &input_names) {
    json j;
    try {
        j = json::parse(pipeline_json);
    } catch (const json::exception &e) {
        throw std::runtime_error(std::string("pipeline.json is not JSON: ") + e.what());
    }
    auto names = algorithm_func_names(algorithm_h);
    std::set<std::string> inputs;
    for (const auto &n : input_names) inputs.insert(n + "_im");
    Graph g;
    std::map<std::string, std::set<std::string>> arglists;  // callee -> distinct argument lists
    std::map<std::string, std::vector<std::string>> callers;
    for (const auto &f : j.at("funcs")) {
        Stage s;
        s.name = f.at("name").get<std::string>();
        s.args = strings(f.at("args"));
        s.type = f.value("type", "");
        s.output = f.value("output", false);
        s.input = inputs.count(s.name) > 0;
        s.cpp = s.input ? "" : lookup(names, s.name);
        if (f.value("tuple", 1) != 1 || f.value("extern", false)) s.cpp = "";  // leave those alone
        auto calls_of = [&](const json &def) {
            if (def.is_null()) return;
            s.ops += def.value("ops", 0);
            for (auto &[callee, lists] : def.at("calls").items()) {
                if (callee == s.name) continue;
                callers[callee].push_back(s.name);
                std::string own;
                for (size_t i = 0; i < s.args.size(); i++) own += (i ? ", " : "") + s.args[i];
                for (const auto &l : lists) {
                    std::string text = l.get<std::string>();
                    // A read at the consumer's own coordinates, or a prefix of them.
                    bool same = text == own || (own.rfind(text, 0) == 0 && !text.empty() && own[text.size()] == ',');
                    arglists[callee].insert(same ? "=" : text);
                }
            }
        };
        calls_of(f.at("pure"));
        for (const auto &u : f.at("updates")) {
            calls_of(u);
            s.updates.push_back({strings(u.at("pure_args")), strings(u.at("rvars"))});
        }
        g.stages.push_back(std::move(s));
    }
    for (auto &s : g.stages) {
        auto &c = callers[s.name];
        std::sort(c.begin(), c.end());
        c.erase(std::unique(c.begin(), c.end()), c.end());
        s.consumers = c;
        const auto &l = arglists[s.name];
        s.pointwise = l.size() <= 1 && (l.empty() || *l.begin() == "=");
    }
    return g;
}

}  // namespace ekb::leka
