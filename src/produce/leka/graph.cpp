#include "produce/leka/graph.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>
#include <set>
#include <stdexcept>

#include "suite/shape_expr.h"
#include "suite/task.h"

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
                    s.reads[callee].push_back(text);
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

namespace {

// The values an index expression, as Halide prints it ("(((i + 1) % 3) + 1)", "x + -1"),
// takes over the ranges of its variables: an interval [lo, hi], or nothing when the
// expression has something this does not follow (reduction variables of unknown extent,
// calls, casts, parameters).
struct Interval {
    int64_t lo = 0, hi = 0;
    bool fixed = true;  // the same on every instance: from constants and fixed extents only
};

class IndexRange {
public:
    // vars: a variable's extent (from 0) and whether it is fixed
    IndexRange(const std::string &text, const std::map<std::string, std::pair<int64_t, bool>> &vars) : s_(text), vars_(vars) {}

    std::optional<Interval> parse() {
        auto r = sum();
        skip();
        if (!r || i_ != s_.size()) return std::nullopt;
        return r;
    }

private:
    const std::string &s_;
    const std::map<std::string, std::pair<int64_t, bool>> &vars_;
    size_t i_ = 0;

    void skip() {
        while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) i_++;
    }
    bool eat(char c) {
        skip();
        if (i_ < s_.size() && s_[i_] == c) {
            i_++;
            return true;
        }
        return false;
    }
    std::optional<Interval> sum() {
        auto a = product();
        while (a) {
            if (eat('+')) {
                auto b = product();
                if (!b) return std::nullopt;
                a = Interval{a->lo + b->lo, a->hi + b->hi, a->fixed && b->fixed};
            } else if (eat('-')) {
                auto b = product();
                if (!b) return std::nullopt;
                a = Interval{a->lo - b->hi, a->hi - b->lo, a->fixed && b->fixed};
            } else {
                break;
            }
        }
        return a;
    }
    std::optional<Interval> product() {
        auto a = unary();
        while (a) {
            if (eat('*')) {
                auto b = unary();
                if (!b) return std::nullopt;
                int64_t c[4] = {a->lo * b->lo, a->lo * b->hi, a->hi * b->lo, a->hi * b->hi};
                a = Interval{*std::min_element(c, c + 4), *std::max_element(c, c + 4), a->fixed && b->fixed};
            } else if (eat('/')) {
                auto b = unary();
                if (!b || b->lo != b->hi || b->lo <= 0) return std::nullopt;  // by a positive constant
                auto fdiv = [](int64_t x, int64_t d) { return x >= 0 ? x / d : -((-x + d - 1) / d); };
                a = Interval{fdiv(a->lo, b->lo), fdiv(a->hi, b->lo), a->fixed};
            } else if (eat('%')) {
                auto b = unary();
                if (!b || b->lo != b->hi || b->lo <= 0) return std::nullopt;
                if (a->lo < 0 || a->hi >= b->lo) a = Interval{0, b->lo - 1, true};  // Halide's % is never negative
            } else {
                break;
            }
        }
        return a;
    }
    std::optional<Interval> unary() {
        if (eat('-')) {
            auto a = unary();
            if (!a) return std::nullopt;
            return Interval{-a->hi, -a->lo, a->fixed};
        }
        return primary();
    }
    std::optional<Interval> primary() {
        skip();
        if (i_ >= s_.size()) return std::nullopt;
        if (eat('(')) {
            auto a = sum();
            if (!a || !eat(')')) return std::nullopt;
            return a;
        }
        char c = s_[i_];
        if (std::isdigit(static_cast<unsigned char>(c))) {
            size_t j = i_;
            while (j < s_.size() && std::isdigit(static_cast<unsigned char>(s_[j]))) j++;
            int64_t v = std::stoll(s_.substr(i_, j - i_));
            i_ = j;
            return Interval{v, v, true};
        }
        if (!(std::isalpha(static_cast<unsigned char>(c)) || c == '_')) return std::nullopt;
        size_t j = i_;
        while (j < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[j])) || s_[j] == '_' || s_[j] == '$' || s_[j] == '.')) j++;
        std::string name = s_.substr(i_, j - i_);
        i_ = j;
        skip();
        if (i_ < s_.size() && s_[i_] == '(') {  // min(a, b) / max(a, b); any other call is opaque
            if (name != "min" && name != "max") return std::nullopt;
            i_++;
            auto a = sum();
            if (!a || !eat(',')) return std::nullopt;
            auto b = sum();
            if (!b || !eat(')')) return std::nullopt;
            bool f = a->fixed && b->fixed;
            if (name == "min") return Interval{std::min(a->lo, b->lo), std::min(a->hi, b->hi), f};
            return Interval{std::max(a->lo, b->lo), std::max(a->hi, b->hi), f};
        }
        auto it = vars_.find(name);
        if (it == vars_.end() || it->second.first <= 0) return std::nullopt;
        return Interval{0, it->second.first - 1, it->second.second};
    }
};

// "a, min(b, c), d" -> {"a", "min(b, c)", "d"}: commas outside parentheses.
std::vector<std::string> split_args(const std::string &text) {
    std::vector<std::string> out;
    std::string cur;
    int depth = 0;
    for (char c : text) {
        if (c == '(') depth++;
        if (c == ')') depth--;
        if (c == ',' && depth == 0) {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!text.empty()) out.push_back(cur);
    return out;
}

}  // namespace

void attach_extents(Graph &g, const Task &task) {
    for (auto &s : g.stages) {
        s.extents.assign(s.args.size(), -1);
        s.mins.assign(s.args.size(), 0);
        s.fixed.assign(s.args.size(), false);
    }
    const Instance *largest = task.largest_instance(task.visible_instances());
    if (!largest) return;
    // Output stages <- output tensors: by name, then the one left on each side.
    std::vector<Stage *> outs;
    for (auto &s : g.stages) {
        if (s.output) outs.push_back(&s);
    }
    std::vector<const TensorSpec *> tensors;
    for (const auto &t : task.outputs) tensors.push_back(&t);
    auto assign = [&](Stage &s, const TensorSpec &t) {
        if (t.shape.size() != s.args.size()) return;
        std::vector<int64_t> shape = task.shape(t, *largest);
        for (size_t i = 0; i < s.args.size(); i++) {
            const std::string &expr = t.shape[t.shape.size() - 1 - i];
            s.extents[i] = shape[shape.size() - 1 - i];
            try {
                eval_shape_expr(expr, {});
                s.fixed[i] = true;  // names no dimension: the same on every instance
            } catch (const std::exception &) {
                s.fixed[i] = false;
            }
        }
    };
    for (auto it = outs.begin(); it != outs.end();) {
        auto t = std::find_if(tensors.begin(), tensors.end(), [&](const TensorSpec *x) { return x->name == (*it)->name; });
        if (t == tensors.end()) {
            ++it;
            continue;
        }
        assign(**it, **t);
        tensors.erase(t);
        it = outs.erase(it);
    }
    if (outs.size() == 1 && tensors.size() == 1) assign(*outs[0], *tensors[0]);
    // Intermediates, consumers first: the union of what every consumer reads. A dimension
    // whose every read can be followed has that range (fixed when each read follows from
    // fixed ranges and constants only); one where only some reads can be followed (others go
    // through a reduction variable or a temporary of the printed expression) gets the union
    // of those as an estimate, never fixed; one with no read followed stays -1. (Consumers'
    // update definitions read at their pure variables too.)
    for (auto it = g.stages.rbegin(); it != g.stages.rend(); ++it) {
        Stage &s = *it;
        if (s.output || s.input || s.args.empty()) continue;
        std::vector<std::optional<Interval>> u(s.args.size());
        std::vector<bool> all(s.args.size(), true);
        for (const auto &cname : s.consumers) {
            const Stage *c = g.find(cname);
            if (!c) continue;
            auto lists = c->reads.find(s.name);
            if (lists == c->reads.end()) continue;
            // The consumer's region is taken to start at 0 (outputs do; an intermediate's
            // estimate starting elsewhere is not followed further).
            std::map<std::string, std::pair<int64_t, bool>> vars;
            for (size_t i = 0; i < c->args.size(); i++) {
                if (c->output || c->lo(i) == 0) vars[c->args[i]] = {c->extent(i), c->extent_fixed(i)};
            }
            for (const auto &l : lists->second) {
                auto args = split_args(l);
                if (args.size() != s.args.size()) {
                    all.assign(all.size(), false);
                    continue;
                }
                for (size_t i = 0; i < args.size(); i++) {
                    auto r = IndexRange(args[i], vars).parse();
                    if (!r) {
                        all[i] = false;
                        continue;
                    }
                    if (!u[i]) u[i] = r;
                    else u[i] = Interval{std::min(u[i]->lo, r->lo), std::max(u[i]->hi, r->hi), u[i]->fixed && r->fixed};
                }
            }
        }
        for (size_t i = 0; i < s.args.size(); i++) {
            if (!u[i]) continue;
            s.extents[i] = u[i]->hi - u[i]->lo + 1;
            s.mins[i] = u[i]->lo;
            s.fixed[i] = all[i] && u[i]->fixed;
        }
    }
}

}  // namespace ekb::leka
