// LEKA's pieces that need no compiler: reading a pipeline graph and the Algorithm's C++
// names, plans and the kernels written from them, the builtin sub-agents' proposals (each
// changes its own layer only, deterministically for a seed), the ownership rule on kernel
// text, and producer specs.
#include <gtest/gtest.h>

#include <sstream>

#include "kernel/kernel_file.h"
#include "produce/leka/builtin_layers.h"
#include "produce/leka/graph.h"
#include "produce/leka/leka.h"
#include "produce/leka/plan.h"
#include "produce/leka/sections.h"

namespace ekb::leka {
namespace {

const char *k_algorithm = R"(
struct Helper { Halide::Func hidden{"hidden"}; };
struct Algorithm {
    Halide::ImageParam in{Halide::Float(32), 2, "in"};
    Halide::Var x{"x"}, y{"y"};
    Halide::RDom r;
    Halide::Func blur_x{"blur_x"};
    Halide::Func sum{"sum"};
    Halide::Func out{"out"};
    Halide::Func lvl[2] = {Halide::Func{"level1"}, Halide::Func{"level2"}};
    Halide::Func lin[3];
};
)";

// in -> blur_x (a stencil of in) -> sum (a reduction over x, per row) -> out(x, y) = blur_x(x, y) / sum(y)
const char *k_graph = R"({"funcs": [
 {"name": "in_im", "args": ["_0", "_1"], "type": "float32", "tuple": 1, "output": false, "extern": false,
  "pure": {"args": [], "pure_args": [], "rvars": [], "calls": {}, "ops": 0}, "updates": []},
 {"name": "blur_x", "args": ["x", "y"], "type": "float32", "tuple": 1, "output": false, "extern": false,
  "pure": {"args": ["x", "y"], "pure_args": ["x", "y"], "rvars": [], "calls": {"in_im": ["x - 1, y", "x, y", "x + 1, y"]}, "ops": 4},
  "updates": []},
 {"name": "sum", "args": ["y"], "type": "float32", "tuple": 1, "output": false, "extern": false,
  "pure": {"args": ["y"], "pure_args": ["y"], "rvars": [], "calls": {}, "ops": 0},
  "updates": [{"args": ["y"], "pure_args": ["y"], "rvars": ["r$x"], "calls": {"sum": ["y"], "blur_x": ["r$x, y"]}, "ops": 1}]},
 {"name": "out", "args": ["x", "y"], "type": "float32", "tuple": 1, "output": true, "extern": false,
  "pure": {"args": ["x", "y"], "pure_args": ["x", "y"], "rvars": [], "calls": {"blur_x": ["x, y"], "sum": ["y"]}, "ops": 1},
  "updates": []},
 {"name": "hidden", "args": ["x"], "type": "float32", "tuple": 1, "output": false, "extern": false,
  "pure": {"args": ["x"], "pure_args": ["x"], "rvars": [], "calls": {}, "ops": 0}, "updates": []}
], "outputs": ["out"]})";

Graph graph() { return build_graph(k_graph, k_algorithm, {"in"}); }

// Every line of a written kernel is one complete statement or a comment: balanced
// parentheses and braces, a statement ends with ';'.
void expect_well_formed(const std::string &kernel) {
    std::istringstream in(kernel);
    std::string line;
    bool body = false;
    while (std::getline(in, line)) {
        if (line.find("// @layer compute") != std::string::npos) body = true;
        if (line.find("// @end") != std::string::npos) body = false;
        size_t p = line.find_first_not_of(' ');
        if (!body || p == std::string::npos || line.compare(p, 2, "//") == 0) continue;
        int paren = 0, brace = 0;
        for (char c : line) {
            paren += c == '(' ? 1 : c == ')' ? -1 : 0;
            brace += c == '{' ? 1 : c == '}' ? -1 : 0;
        }
        EXPECT_EQ(paren, 0) << line;
        EXPECT_EQ(brace, 0) << line;
        EXPECT_EQ(line.back(), ';') << line;
    }
}

TEST(LekaGraph, NamesFuncsByTheirAlgorithmMembers) {
    auto names = algorithm_func_names(k_algorithm);
    EXPECT_EQ(names.at("blur_x"), "a.blur_x");
    EXPECT_EQ(names.at("level2"), "a.lvl[1]");
    EXPECT_FALSE(names.count("hidden")) << "a helper struct's Func has no fixed expression";
    Graph g = graph();
    EXPECT_EQ(g.find("in_im")->input, true);
    EXPECT_FALSE(g.find("in_im")->schedulable());
    EXPECT_FALSE(g.find("hidden")->schedulable());
    EXPECT_EQ(g.find("sum")->cpp, "a.sum");
    EXPECT_TRUE(g.find("sum")->reduction());
    EXPECT_EQ(g.find("blur_x")->consumers, (std::vector<std::string>{"out", "sum"}));
    EXPECT_FALSE(g.find("blur_x")->pointwise) << "sum reads it at (r, y)";
    EXPECT_FALSE(g.find("sum")->pointwise) << "out reads it at (y) only";
    EXPECT_EQ(g.intermediates().size(), 2u);
    // Arrays named <member><index>.
    Graph g2 = build_graph(R"({"funcs": [{"name": "lin2", "args": ["x"], "type": "float32", "output": true,
        "pure": {"args": ["x"], "pure_args": ["x"], "rvars": [], "calls": {}, "ops": 0}, "updates": []}]})",
                           k_algorithm, {});
    EXPECT_EQ(g2.find("lin2")->cpp, "a.lin[2]");
    EXPECT_THROW(build_graph("not json", k_algorithm, {}), std::runtime_error);
}

TEST(LekaPlan, KernelHasEveryLayerSectionAndFollowsThePlan) {
    Graph g = graph();
    Plan p = initial_plan(g, false);
    std::string k0 = emit_kernel(g, p, false, "t", "start");
    KernelSections ks = parse_kernel_sections(k0);
    EXPECT_TRUE(ks.problems.empty());
    for (const char *l : {"compute", "loops", "memory", "vector"}) EXPECT_NE(ks.find(l), nullptr) << l;
    EXPECT_NE(ks.find("compute")->body.find("a.blur_x.compute_root();"), std::string::npos);
    EXPECT_EQ(ks.find("loops")->body.find("parallel"), std::string::npos) << "the start is serial";

    p.stages["out"].parallel = p.stages["sum"].parallel = true;
    p.stages["out"].vector = 2;
    p.stages["blur_x"].at = "tile";
    p.stages["out"].tile_x = 32;
    p.stages["out"].tile_y = 8;
    std::string k1 = emit_kernel(g, p, false, "t", "changed");
    expect_well_formed(k0);
    expect_well_formed(k1);
    ks = parse_kernel_sections(k1);
    EXPECT_NE(ks.find("loops")->body.find("a.out.tile("), std::string::npos) << k1;
    EXPECT_NE(ks.find("loops")->body.find("a.out.parallel(out_yo)"), std::string::npos) << k1;
    EXPECT_EQ(ks.find("memory")->body.find("blur_x"), std::string::npos) << "two consumers: blur_x cannot nest in one";
    EXPECT_NE(ks.find("vector")->body.find("a.out.vectorize(out_xi, std::min(out_vec * 2, 32)"), std::string::npos) << k1;

    Plan gpu = initial_plan(g, true);
    std::string kg = emit_kernel(g, gpu, true, "t", "gpu");
    EXPECT_NE(kg.find("a.out.gpu_tile("), std::string::npos);
    EXPECT_NE(kg.find("a.sum.update(0).gpu_tile("), std::string::npos) << kg;
    EXPECT_EQ(kg.find("vectorize"), std::string::npos);

    // Plans round-trip through JSON; same_outside tells layers apart.
    EXPECT_EQ(Plan::from_json(p.to_json()), p);
    Plan q = p;
    q.stages["out"].vector = 1;
    EXPECT_TRUE(q.same_outside(p, "vector"));
    EXPECT_FALSE(q.same_outside(p, "loops"));
}

// A convolution-like stage: out(x, y, c) += w(r, c) * in(x + r, y), three pure loops outside
// the reduction, fused for parallelism in every loop candidate.
TEST(LekaPlan, ReductionsOverSeveralPureLoopsAreFusedThenParallel) {
    Graph g = build_graph(R"({"funcs": [
 {"name": "out", "args": ["x", "y", "c"], "type": "float32", "output": true,
  "pure": {"args": ["x", "y", "c"], "pure_args": ["x", "y", "c"], "rvars": [], "calls": {}, "ops": 0},
  "updates": [{"args": ["x", "y", "c"], "pure_args": ["x", "y", "c"], "rvars": ["r$x", "r$y"], "calls": {}, "ops": 3}]}]})",
                          k_algorithm, {});
    Device d;
    d.cores = 2;
    Plan cur = initial_plan(g, false);
    for (const auto &prop : builtin_proposals("loops", g, cur, d, 0)) {
        std::string k = emit_kernel(g, prop.plan, false, "t", prop.description);
        SCOPED_TRACE(prop.description + "\n" + k);
        expect_well_formed(k);
        std::string loops = parse_kernel_sections(k).find("loops")->body;
        size_t fuse = loops.find("a.out.update(0).fuse("), par = loops.find("a.out.update(0).parallel(out_t");
        ASSERT_NE(fuse, std::string::npos);
        ASSERT_NE(par, std::string::npos);
        EXPECT_LT(fuse, par);
        Plan v = prop.plan;
        for (auto &[n, sp] : v.stages) sp.vector = 1;
        expect_well_formed(emit_kernel(g, v, false, "t", "vector"));
    }
    expect_well_formed(emit_kernel(g, initial_plan(g, true), true, "t", "gpu"));
}

TEST(LekaBuiltin, EachSubAgentChangesOnlyItsLayerDeterministically) {
    Graph g = graph();
    for (bool gpu : {false, true}) {
        Device d;
        d.gpu = gpu;
        d.cores = 4;
        Plan cur = initial_plan(g, gpu);
        for (const char *layer : {"compute", "loops", "memory", "vector"}) {
            auto a = builtin_proposals(layer, g, cur, d, 7), b = builtin_proposals(layer, g, cur, d, 7);
            ASSERT_EQ(a.size(), b.size());
            for (size_t i = 0; i < a.size(); i++) {
                EXPECT_EQ(a[i].plan, b[i].plan) << layer << " is not deterministic for a seed";
                EXPECT_TRUE(a[i].plan.same_outside(cur, layer)) << layer << ": " << a[i].description;
                EXPECT_FALSE(a[i].plan == cur) << layer << " proposed the current plan";
                EXPECT_FALSE(a[i].description.empty());
            }
            if (std::string(layer) == "compute" || std::string(layer) == "loops") EXPECT_FALSE(a.empty()) << layer;
        }
        // The first rule stays first whatever the seed.
        auto s1 = builtin_proposals("loops", g, cur, d, 1), s2 = builtin_proposals("loops", g, cur, d, 2);
        EXPECT_EQ(s1.front().plan, s2.front().plan);
    }
}

TEST(LekaSections, AnotherLayersChangeIsRejectedByName) {
    std::string k = "#include <ekb/kernel.h>\nEKB_KERNEL {\n    task::Algorithm a;\n    // @layer compute\n    a.f.compute_root();\n"
                    "    // @layer loops\n    // @layer memory\n    // @layer vector\n    // @end\n    return a.kernel();\n}\n";
    auto replace = [&](const std::string &from, const std::string &to) {
        std::string s = k;
        s.replace(s.find(from), from.size(), to);
        return s;
    };
    std::string loops = replace("    // @layer loops\n", "    // @layer loops\n    a.out.parallel(a.y);\n");
    auto ok = check_layer_change(k, loops, "loops");
    EXPECT_TRUE(ok.ok && !ok.unchanged) << ok.message;
    auto bad = check_layer_change(k, loops, "vector");
    EXPECT_FALSE(bad.ok);
    EXPECT_NE(bad.message.find("you own only the `vector` section, but your kernel also changes `loops`"), std::string::npos)
        << bad.message;
    auto outside = check_layer_change(k, replace("return a.kernel();", "return {};"), "compute");
    EXPECT_FALSE(outside.ok);
    EXPECT_NE(outside.message.find("outside the layer sections"), std::string::npos) << outside.message;
    auto same = check_layer_change(k, k + "\n", "memory");
    EXPECT_TRUE(same.ok && same.unchanged);
    auto gone = check_layer_change(k, replace("    // @layer memory\n", ""), "memory");
    EXPECT_FALSE(gone.ok);
    // Missing sections are added before @end, in order.
    std::string partial = "EKB_KERNEL {\n    // @layer compute\n    // @layer loops\n    // @end\n}\n";
    KernelSections ks = parse_kernel_sections(with_all_sections(partial));
    EXPECT_TRUE(ks.problems.empty());
    ASSERT_EQ(ks.sections.size(), 4u);
    EXPECT_EQ(ks.sections[3].layer, "vector");
}

TEST(LekaSpec, NamesAblationsAndSeeds) {
    EXPECT_EQ(parse_leka_spec("leka")->name, "leka");
    auto s = parse_leka_spec("leka-no-vector-no-memory-from-cpu");
    ASSERT_TRUE(s);
    EXPECT_EQ(s->name, "leka-no-memory-no-vector-from-cpu");
    EXPECT_EQ(s->base_name(), "leka-no-memory-no-vector");
    EXPECT_EQ(s->seed_from, "cpu");
    EXPECT_FALSE(parse_leka_spec("direct"));
    EXPECT_THROW(parse_leka_spec("leka-no-tiling"), std::invalid_argument);
    EXPECT_THROW(parse_leka_spec("leka-from-tpu"), std::invalid_argument);
    EXPECT_THROW(parse_leka_spec("leka-no-compute-no-loops-no-memory-no-vector"), std::invalid_argument);
}

}  // namespace
}  // namespace ekb::leka
