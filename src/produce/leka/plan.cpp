#include "produce/leka/plan.h"

#include <algorithm>
#include <sstream>

namespace ekb::leka {

using nlohmann::json;

json Plan::to_json() const {
    json j = json::object();
    for (const auto &[n, s] : stages) {
        j[n] = {{"root", s.root},     {"at", s.at},         {"parallel", s.parallel}, {"tile", {s.tile_x, s.tile_y}},
                {"reduce_inner", s.reduce_inner}, {"par_from", s.par_from}, {"grain", s.grain},
                {"vector", s.vector}, {"unroll", s.unroll}, {"vec_dim", s.vec_dim}};
    }
    return j;
}

Plan Plan::from_json(const json &j) {
    Plan p;
    for (auto &[n, v] : j.items()) {
        StagePlan s;
        s.root = v.value("root", false);
        s.at = v.value("at", "");
        s.parallel = v.value("parallel", false);
        if (v.contains("tile")) {
            s.tile_x = v["tile"].at(0).get<int>();
            s.tile_y = v["tile"].at(1).get<int>();
        }
        s.reduce_inner = v.value("reduce_inner", false);
        s.vector = v.value("vector", 0);
        s.unroll = v.value("unroll", 0);
        s.par_from = v.value("par_from", 0);
        s.grain = v.value("grain", 0);
        s.vec_dim = v.value("vec_dim", 0);
        p.stages[n] = s;
    }
    return p;
}

json Plan::layer_json(const std::string &layer) const {
    json j = json::object();
    for (const auto &[n, s] : stages) {
        if (layer == "compute") j[n] = {{"root", s.root}};
        else if (layer == "memory") j[n] = {{"at", s.at}};
        else if (layer == "loops") j[n] = {{"parallel", s.parallel}, {"tile", {s.tile_x, s.tile_y}}, {"reduce_inner", s.reduce_inner},
                                           {"par_from", s.par_from}, {"grain", s.grain}};
        else if (layer == "vector") j[n] = {{"vector", s.vector}, {"unroll", s.unroll}, {"vec_dim", s.vec_dim}};
    }
    return j;
}

bool Plan::same_outside(const Plan &o, const std::string &layer) const {
    for (const char *l : {"compute", "loops", "memory", "vector"}) {
        if (l != layer && layer_json(l) != o.layer_json(l)) return false;
    }
    return true;
}

Plan initial_plan(const Graph &g, bool gpu) {
    Plan p;
    for (const auto &s : g.stages) {
        if (!s.schedulable()) continue;
        StagePlan sp;
        sp.root = true;
        if (gpu) sp.tile_x = sp.tile_y = 16;
        p.stages[s.name] = sp;
    }
    return p;
}

namespace {

// A C++ identifier prefix for a stage's variables: "a.dot" -> "dot", "a.lin[3]" -> "lin3".
std::string prefix_of(const std::string &cpp) {
    std::string p;
    for (char c : cpp.substr(cpp.rfind("a.", 0) == 0 ? 2 : 0)) {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') p += c;
    }
    return p;
}

struct Writer {
    const Graph &g;
    const Plan &p;
    bool gpu;

    const StagePlan &plan(const Stage &s) const {
        static const StagePlan none;
        auto it = p.stages.find(s.name);
        return it == p.stages.end() ? none : it->second;
    }
    bool computed(const Stage &s) const { return s.schedulable() && (s.output || plan(s).root); }
    // The consumer a stage is nested in, when the memory layer nests it and that is legal
    // here: one consumer, computed at root (or an output) and itself not nested.
    const Stage *host(const Stage &s) const {
        if (!computed(s) || s.output || plan(s).at.empty() || s.consumers.size() != 1) return nullptr;
        const Stage *c = g.find(s.consumers[0]);
        if (!c || !computed(*c) || (!c->output && !plan(*c).at.empty())) return nullptr;
        if (!gpu && plan(s).at != "tile") return nullptr;
        if (!gpu && c->args.size() < 2 && !(plan(*c).parallel)) return nullptr;  // no outer loop to nest in
        return c;
    }
    bool tiled(const Stage &s) const { return s.args.size() >= 2 && (plan(s).tile_x > 0 || gpu); }
    int tx(const Stage &s) const { return plan(s).tile_x > 0 ? plan(s).tile_x : 16; }
    int ty(const Stage &s) const { return plan(s).tile_y > 0 ? plan(s).tile_y : 16; }

    std::string v(const Stage &s, size_t i) const { return prefix_of(s.cpp) + "_v[" + std::to_string(i) + "]"; }
    std::string n(const Stage &s, const std::string &var) const { return prefix_of(s.cpp) + "_" + var; }
    std::string rv(const Stage &s, size_t u, size_t i) const {
        return s.cpp + ".rvars(" + std::to_string(u) + ")[" + std::to_string(i) + "]";
    }
    std::string update(const Stage &s, size_t u) const { return s.cpp + ".update(" + std::to_string(u) + ")"; }
    std::string pure_var(const Stage &s, const std::string &name) const {
        for (size_t i = 0; i < s.args.size(); i++) {
            if (s.args[i] == name) return v(s, i);
        }
        return "";
    }

    // cpu: the pure definition's loops as loops_cpu writes them: the statements, the loop a
    // nested producer is computed at (the consumer's outer tile loop, its parallel loop, or its
    // outermost pure loop) and, per pure dimension, the loop that runs its innermost part
    // ("" where it was fused into the parallel loop).
    struct PureLoops {
        std::vector<std::string> lines;
        std::string outer;
        std::vector<std::string> dim;
    };
    PureLoops pure_loops(const Stage &s) const {
        const StagePlan &sp = plan(s);
        size_t d = s.args.size();
        PureLoops r;
        for (size_t i = 0; i < d; i++) r.dim.push_back(v(s, i));
        std::string outer;
        int outer_dim = -1;     // the pure dimension `outer` is (a part of) while unfused, -1: none
        size_t rest_from = d;   // the dimensions from here on are fused into the parallel loop
        if (tiled(s)) {
            std::ostringstream o;
            o << s.cpp << ".tile(" << v(s, 0) << ", " << v(s, 1) << ", " << n(s, "xo") << ", " << n(s, "yo") << ", "
              << n(s, "xi") << ", " << n(s, "yi") << ", " << sp.tile_x << ", " << sp.tile_y << ", TailStrategy::GuardWithIf);";
            r.lines.push_back(o.str());
            r.dim[0] = n(s, "xi");
            r.dim[1] = n(s, "yi");
            outer = n(s, "yo");
            rest_from = 2;
            r.outer = n(s, "xo");
        } else if (d >= 2) {
            size_t from = sp.parallel ? std::clamp<size_t>(sp.par_from > 0 ? size_t(sp.par_from) : 1, 1, d - 1) : d - 1;
            outer = v(s, from);
            outer_dim = static_cast<int>(from);
            if (sp.parallel && sp.grain > 1) {
                r.lines.push_back(s.cpp + ".split(" + v(s, from) + ", " + n(s, "po") + ", " + n(s, "pi") + ", " +
                                  std::to_string(sp.grain) + ", TailStrategy::GuardWithIf);");
                r.dim[from] = n(s, "pi");
                outer = n(s, "po");
                outer_dim = -1;
            }
            rest_from = from + 1;
        } else if (d == 1 && sp.parallel) {
            r.lines.push_back(s.cpp + ".split(" + v(s, 0) + ", " + n(s, "xo") + ", " + n(s, "xi") + ", " +
                              (sp.grain > 1 ? std::to_string(sp.grain) : prefix_of(s.cpp) + "_vec * 256") +
                              ", TailStrategy::GuardWithIf);");
            r.dim[0] = n(s, "xi");
            outer = n(s, "xo");
            r.outer = n(s, "xo");
        }
        if (sp.parallel && !outer.empty()) {
            for (size_t i = rest_from; i < d && i < rest_from + 3; i++) {
                std::string f = n(s, "t" + std::to_string(i - rest_from));
                r.lines.push_back(s.cpp + ".fuse(" + outer + ", " + v(s, i) + ", " + f + ");");
                outer = f;
                r.dim[i] = "";
                if (outer_dim >= 0) r.dim[outer_dim] = "";
            }
            r.lines.push_back(s.cpp + ".parallel(" + outer + ");");
        }
        if (r.outer.empty()) r.outer = sp.parallel && !outer.empty() ? outer : v(s, d - 1);
        return r;
    }

    std::string outer_loop(const Stage &c) const {
        if (gpu) return n(c, "xo");
        return pure_loops(c).outer;
    }

    void prelude(std::ostringstream &o) const {
        for (const auto &s : g.stages) {
            if (!s.schedulable()) continue;
            std::string p = prefix_of(s.cpp);
            o << "    std::vector<Var> " << p << "_v = " << s.cpp << ".args();\n";
            o << "    Var " << p << "_xo{\"" << p << "_xo\"}, " << p << "_xi{\"" << p << "_xi\"}, " << p << "_yo{\"" << p
              << "_yo\"}, " << p << "_yi{\"" << p << "_yi\"}, " << p << "_t0{\"" << p << "_t0\"}, " << p << "_t1{\"" << p
              << "_t1\"}, " << p << "_t2{\"" << p << "_t2\"}, " << p << "_po{\"" << p << "_po\"}, " << p << "_pi{\"" << p
              << "_pi\"};\n";
            if (s.reduction()) o << "    RVar " << p << "_ro{\"" << p << "_ro\"}, " << p << "_ri{\"" << p << "_ri\"};\n";
            if (!gpu) o << "    const int " << p << "_vec = target.natural_vector_size(" << s.cpp << ".output_types()[0]);\n";
        }
    }

    void compute(std::ostringstream &o) const {
        std::vector<std::string> inl;
        for (const auto &s : g.stages) {
            if (!s.schedulable() || s.output) continue;
            if (plan(s).root) o << "    " << s.cpp << ".compute_root();\n";
            else inl.push_back(s.cpp);
        }
        if (!inl.empty()) {
            o << "    // inlined into their consumers (Halide's default):";
            for (const auto &x : inl) o << " " << x;
            o << "\n";
        }
    }

    // Fuses `outer` with the dimensions `rest` (each directly outside the previous) into one
    // loop; returns the fused loop.
    std::string fuse_outer(std::ostringstream &o, const std::string &st, const Stage &s, std::string outer,
                           const std::vector<std::string> &rest) const {
        for (size_t i = 0; i < rest.size() && i < 3; i++) {
            std::string f = n(s, "t" + std::to_string(i));
            o << "    " << st << ".fuse(" << outer << ", " << rest[i] << ", " << f << ");\n";
            outer = f;
        }
        return outer;
    }

    void loops_cpu(std::ostringstream &o, const Stage &s) const {
        const StagePlan &sp = plan(s);
        size_t d = s.args.size();
        for (const auto &l : pure_loops(s).lines) o << "    " << l << "\n";
        for (size_t u = 0; u < s.updates.size(); u++) {
            const UpdateDef &ud = s.updates[u];
            std::string st = update(s, u);
            bool hx = d >= 1 && ud.has_pure(s.args[0]), hy = d >= 2 && ud.has_pure(s.args[1]);
            std::string rl;
            for (size_t r = 0; r < ud.rvars.size(); r++) rl += ", " + rv(s, u, r);
            // The pure loops outside the innermost one (and outside y when tiled), in order:
            // fused into one parallel loop (a batch of 1 must not be all the parallelism).
            auto outer_pures = [&](size_t from) {
                std::vector<std::string> v2;
                for (size_t i = from; i < ud.pure_args.size(); i++) v2.push_back(pure_var(s, ud.pure_args[i]));
                return v2;
            };
            auto parallel_fused = [&](std::vector<std::string> loops) {
                if (!sp.parallel || loops.empty()) return;
                std::string first = loops.front();
                loops.erase(loops.begin());
                std::string fused = fuse_outer(o, st, s, first, loops);  // writes the fuse lines first
                o << "    " << st << ".parallel(" << fused << ");\n";
            };
            if (sp.tile_x > 0 && hx && hy) {
                o << "    " << st << ".tile(" << v(s, 0) << ", " << v(s, 1) << ", " << n(s, "xo") << ", " << n(s, "yo") << ", "
                  << n(s, "xi") << ", " << n(s, "yi") << ", " << sp.tile_x << ", " << sp.tile_y << ", TailStrategy::GuardWithIf);\n";
                if (sp.reduce_inner && !ud.rvars.empty()) {
                    o << "    " << st << ".reorder({" << n(s, "xi") << ", " << n(s, "yi") << rl << ", " << n(s, "xo") << ", "
                      << n(s, "yo") << "});\n";
                }
                std::vector<std::string> loops = {n(s, "yo")};
                for (const auto &x : outer_pures(2)) loops.push_back(x);
                parallel_fused(loops);
            } else if (hx && sp.reduce_inner && !ud.rvars.empty()) {
                if (ud.pure_args.size() == 1 && sp.parallel) {
                    o << "    " << st << ".split(" << v(s, 0) << ", " << n(s, "xo") << ", " << n(s, "xi") << ", "
                      << prefix_of(s.cpp) << "_vec * 16, TailStrategy::GuardWithIf).reorder({" << n(s, "xi") << rl << ", "
                      << n(s, "xo") << "}).parallel(" << n(s, "xo") << ");\n";
                } else {
                    std::string others;
                    for (size_t i = 1; i < ud.pure_args.size(); i++) others += ", " + pure_var(s, ud.pure_args[i]);
                    o << "    " << st << ".reorder({" << v(s, 0) << rl << others << "});\n";
                    parallel_fused(outer_pures(1));
                }
            } else {
                parallel_fused(outer_pures(hx ? 1 : 0));
            }
        }
    }

    // `base` lanes, capped at `cap` when there is one (a tile's width, a known extent).
    static std::string capped(const std::string &base, int64_t cap) {
        return cap > 0 ? "std::min(" + base + ", " + std::to_string(cap) + ")" : base;
    }
    static int64_t min_cap(int64_t a, int64_t b) { return a <= 0 ? b : b <= 0 ? a : std::min(a, b); }
    static int64_t pow2_floor(int64_t v) {
        int64_t p = 1;
        while (p * 2 <= v) p *= 2;
        return p;
    }

    void vector_cpu(std::ostringstream &o, const Stage &s, bool nested) const {
        const StagePlan &sp = plan(s);
        if (sp.vector <= 0) return;
        size_t d = s.args.size();
        if (d == 0) return;
        size_t k = sp.vec_dim > 0 && static_cast<size_t>(sp.vec_dim) < d ? static_cast<size_t>(sp.vec_dim) : 0;
        std::vector<std::string> dim;
        if (nested) {
            for (size_t i = 0; i < d; i++) dim.push_back(v(s, i));
        } else {
            dim = pure_loops(s).dim;
        }
        std::string base = prefix_of(s.cpp) + "_vec" + (sp.vector > 1 ? " * " + std::to_string(sp.vector) : "");
        bool t = !nested && tiled(s);
        // Not wider than the tile, nor than the dimension's known extent, nor a parallel task.
        int64_t cap = t && k <= 1 ? (k == 0 ? sp.tile_x : sp.tile_y) : 0;
        if (s.extent(k) > 0 && s.extent(k) < 256) cap = min_cap(cap, pow2_floor(s.extent(k)));
        if (!nested && dim[k] == n(s, "pi") && sp.grain > 1 && sp.grain < 256) cap = min_cap(cap, pow2_floor(sp.grain));
        if (!dim[k].empty() && cap != 1) {
            // The dimensions inside the vectorized one (small, of known extent) are unrolled:
            // an output's fixed extent is declared (bound) and unrolled whole; an
            // intermediate's fixed range is unrolled by its extent (ShiftInwards: no tail);
            // otherwise with a guarded tail.
            int64_t unrolled = 1;
            for (size_t j = 0; j < k; j++) {
                int64_t e = s.extent(j);
                if (e < 2 || e > 16 || unrolled * e > 64 || dim[j] != v(s, j)) continue;
                unrolled *= e;
                if (s.output && s.extent_fixed(j) && s.lo(j) == 0) {
                    o << "    " << s.cpp << ".bound(" << v(s, j) << ", 0, " << e << ").unroll(" << v(s, j) << ");\n";
                } else {
                    o << "    " << s.cpp << ".unroll(" << v(s, j) << ", " << e << ", TailStrategy::"
                      << (!s.output && s.extent_fixed(j) ? "ShiftInwards" : "GuardWithIf") << ");\n";
                }
            }
            o << "    " << s.cpp << ".vectorize(" << dim[k] << ", " << capped(base, cap) << ", TailStrategy::GuardWithIf);\n";
        }
        if (t && k == 0 && sp.unroll > 0 && sp.tile_y <= 8) o << "    " << s.cpp << ".unroll(" << n(s, "yi") << ");\n";
        if (k > 0) return;  // the innermost dimension is too small to vectorize: updates stay scalar
        for (size_t u = 0; u < s.updates.size(); u++) {
            const UpdateDef &ud = s.updates[u];
            bool hx = ud.has_pure(s.args[0]), hy = d >= 2 && ud.has_pure(s.args[1]);
            if (!hx || (!ud.rvars.empty() && !sp.reduce_inner)) continue;
            std::string st = update(s, u);
            bool ut = !nested && sp.tile_x > 0 && hx && hy;
            std::string ui = ut ? n(s, "xi") : (ud.pure_args.size() == 1 && sp.parallel && !nested && !ud.rvars.empty() ? n(s, "xi") : v(s, 0));
            int64_t ucap = min_cap(t ? sp.tile_x : 0, s.extent(0) > 0 && s.extent(0) < 256 ? pow2_floor(s.extent(0)) : 0);
            if (ucap == 1) continue;
            o << "    " << st << ".vectorize(" << ui << ", " << capped(base, ucap) << ", TailStrategy::GuardWithIf);\n";
            if (ut && sp.unroll > 0 && sp.tile_y <= 8) o << "    " << st << ".unroll(" << n(s, "yi") << ");\n";
        }
    }

    void loops_gpu(std::ostringstream &o, const Stage &s) const {
        size_t d = s.args.size();
        int x = tx(s), y = ty(s);
        if (d >= 2) {
            o << "    " << s.cpp << ".gpu_tile(" << v(s, 0) << ", " << v(s, 1) << ", " << n(s, "xo") << ", " << n(s, "yo") << ", "
              << n(s, "xi") << ", " << n(s, "yi") << ", " << x << ", " << y << ", TailStrategy::GuardWithIf);\n";
            if (d >= 3) {
                std::vector<std::string> rest;
                for (size_t i = 3; i < d; i++) rest.push_back(v(s, i));
                std::string outer = fuse_outer(o, s.cpp, s, v(s, 2), rest);
                o << "    " << s.cpp << ".gpu_blocks(" << outer << ");\n";
            }
        } else if (d == 1) {
            o << "    " << s.cpp << ".gpu_tile(" << v(s, 0) << ", " << n(s, "xo") << ", " << n(s, "xi") << ", " << x * y
              << ", TailStrategy::GuardWithIf);\n";
        }
        for (size_t u = 0; u < s.updates.size(); u++) {
            const UpdateDef &ud = s.updates[u];
            std::string st = update(s, u);
            bool hx = d >= 1 && ud.has_pure(s.args[0]), hy = d >= 2 && ud.has_pure(s.args[1]);
            if (hx && hy) {
                o << "    " << st << ".gpu_tile(" << v(s, 0) << ", " << v(s, 1) << ", " << n(s, "xo") << ", " << n(s, "yo")
                  << ", " << n(s, "xi") << ", " << n(s, "yi") << ", " << x << ", " << y << ", TailStrategy::GuardWithIf);\n";
                if (ud.pure_args.size() == 3) o << "    " << st << ".gpu_blocks(" << pure_var(s, ud.pure_args[2]) << ");\n";
            } else if (!ud.pure_args.empty()) {
                std::string pv = hx ? v(s, 0) : pure_var(s, ud.pure_args[0]);
                o << "    " << st << ".gpu_tile(" << pv << ", " << n(s, "xo") << ", " << n(s, "xi") << ", " << x * y
                  << ", TailStrategy::GuardWithIf);\n";
            }
        }
    }

    void nested_gpu(std::ostringstream &o, const Stage &s, const Stage &c) const {
        const StagePlan &sp = plan(s);
        size_t d = s.args.size();
        if (sp.at == "thread") {
            o << "    " << s.cpp << ".compute_at(" << c.cpp << ", " << n(c, "xi") << ");\n";
            return;
        }
        o << "    " << s.cpp << ".compute_at(" << c.cpp << ", " << n(c, "xo") << ")";
        if (d >= 2) o << ".gpu_threads(" << v(s, 0) << ", " << v(s, 1) << ")";
        else if (d == 1) o << ".gpu_threads(" << v(s, 0) << ")";
        o << ";\n";
        for (size_t u = 0; u < s.updates.size(); u++) {
            const UpdateDef &ud = s.updates[u];
            bool hx = d >= 1 && ud.has_pure(s.args[0]), hy = d >= 2 && ud.has_pure(s.args[1]);
            if (hx && hy) o << "    " << update(s, u) << ".gpu_threads(" << v(s, 0) << ", " << v(s, 1) << ");\n";
            else if (hx) o << "    " << update(s, u) << ".gpu_threads(" << v(s, 0) << ");\n";
        }
    }

    void vector_gpu(std::ostringstream &o, const Stage &s) const {
        const StagePlan &sp = plan(s);
        if (sp.unroll <= 1) return;
        for (size_t u = 0; u < s.updates.size(); u++) {
            if (s.updates[u].rvars.empty()) continue;
            o << "    " << update(s, u) << ".split(" << rv(s, u, 0) << ", " << n(s, "ro") << ", " << n(s, "ri") << ", "
              << sp.unroll << ", TailStrategy::GuardWithIf).unroll(" << n(s, "ri") << ");\n";
        }
    }
};

}  // namespace

std::string emit_kernel(const Graph &g, const Plan &p, bool gpu, const std::string &task_id, const std::string &note) {
    Writer w{g, p, gpu};
    std::ostringstream o;
    o << "// LEKA kernel for task `" << task_id << "` on " << (gpu ? "a GPU backend" : "a CPU backend") << ", written by the builtin\n"
      << "// model from its plan (one decision per schedule layer and stage). " << note << "\n"
      << "#include <ekb/kernel.h>\n\n#include \"algorithm.h\"\n\nEKB_KERNEL {\n    using namespace Halide;\n"
      << "    task::Algorithm a;\n";
    w.prelude(o);
    o << "    // @layer compute\n";
    w.compute(o);
    o << "    // @layer loops\n";
    for (const auto &s : g.stages) {
        if (!w.computed(s) || w.host(s)) continue;
        if (gpu) w.loops_gpu(o, s);
        else w.loops_cpu(o, s);
    }
    o << "    // @layer memory\n";
    for (const auto &s : g.stages) {
        const Stage *c = w.host(s);
        if (!c) continue;
        if (gpu) w.nested_gpu(o, s, *c);
        else o << "    " << s.cpp << ".compute_at(" << c->cpp << ", " << w.outer_loop(*c) << ");\n";
    }
    o << "    // @layer vector\n";
    for (const auto &s : g.stages) {
        if (!w.computed(s)) continue;
        if (gpu) w.vector_gpu(o, s);
        else w.vector_cpu(o, s, w.host(s) != nullptr);
    }
    o << "    // @end\n    return a.kernel();\n}\n";
    return o.str();
}

}  // namespace ekb::leka
