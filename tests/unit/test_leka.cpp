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
#include "suite/task.h"

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
        std::string loops = kernel_section_body(k, "loops").value();
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

// A quaternion rotation: points (i, p) with a 3-wide innermost dimension; qn (4, P) read at
// constants and at (i + 1) % 3 + 1; uv read by uuv across coordinates; uuv pointwise in out.
const char *k_quat_algorithm = R"(
struct Algorithm {
    Halide::Func qn{"qn"};
    Halide::Func uv{"uv"};
    Halide::Func uuv{"uuv"};
    Halide::Func out{"out"};
    Halide::Func cov{"cov"};
};
)";
const char *k_quat_graph = R"({"funcs": [
 {"name": "q_im", "args": ["_0", "_1"], "type": "float32", "output": false,
  "pure": {"args": [], "pure_args": [], "rvars": [], "calls": {}, "ops": 0}, "updates": []},
 {"name": "qn", "args": ["j", "p"], "type": "float32", "output": false,
  "pure": {"args": ["j", "p"], "pure_args": ["j", "p"], "rvars": [], "calls": {"q_im": ["j, p"]}, "ops": 2}, "updates": []},
 {"name": "uv", "args": ["i", "p"], "type": "float32", "output": false,
  "pure": {"args": ["i", "p"], "pure_args": ["i", "p"], "rvars": [],
           "calls": {"qn": ["(((i + 1) % 3) + 1), p", "(((i + 2) % 3) + 1), p"]}, "ops": 4}, "updates": []},
 {"name": "uuv", "args": ["i", "p"], "type": "float32", "output": false,
  "pure": {"args": ["i", "p"], "pure_args": ["i", "p"], "rvars": [],
           "calls": {"uv": ["((i + 1) % 3), p", "((i + 2) % 3), p"]}, "ops": 4}, "updates": []},
 {"name": "out", "args": ["i", "p"], "type": "float32", "output": true,
  "pure": {"args": ["i", "p"], "pure_args": ["i", "p"], "rvars": [],
           "calls": {"uv": ["i, p"], "uuv": ["i, p"], "qn": ["0, p"]}, "ops": 6}, "updates": []},
 {"name": "cov", "args": ["c", "r", "b"], "type": "float32", "output": true,
  "pure": {"args": ["c", "r", "b"], "pure_args": ["c", "r", "b"], "rvars": [], "calls": {}, "ops": 1}, "updates": []}
], "outputs": ["cov", "out"]})";

Task quat_task() {
    Task t;
    t.id = "quat";
    t.dims = {"P", "B"};
    t.outputs = {TensorSpec{"out", DType::f32, {"P", "3"}}, TensorSpec{"cov", DType::f32, {"B", "4", "4"}}};
    t.instances = {Instance{"small", {{"P", 1024}, {"B", 512}}}, Instance{"large", {{"P", 16384}, {"B", 8192}}},
                   Instance{"hidden", {{"P", 1000000}, {"B", 9}}, true}};
    return t;
}

Graph quat_graph() {
    Graph g = build_graph(k_quat_graph, k_quat_algorithm, {"q"});
    attach_extents(g, quat_task());
    return g;
}

TEST(LekaGraph, AttachesExtentsOfTheLargestVisibleInstance) {
    Graph g = quat_graph();
    const Stage *out = g.find("out");
    EXPECT_EQ(out->extents, (std::vector<int64_t>{3, 16384})) << "PyTorch [P, 3] is Halide (3, P); the held-out instance is never read";
    EXPECT_EQ(out->fixed, (std::vector<bool>{true, false})) << "3 is the same on every instance, P is not";
    EXPECT_EQ(g.find("cov")->extents, (std::vector<int64_t>{4, 4, 8192}));
    // Intermediates: the union of what their consumers read.
    EXPECT_EQ(g.find("uuv")->extents, (std::vector<int64_t>{3, 16384}));
    EXPECT_EQ(g.find("uv")->extents, (std::vector<int64_t>{3, 16384})) << "(i + 1) % 3 stays in [0, 3)";
    EXPECT_EQ(g.find("qn")->extents, (std::vector<int64_t>{4, 16384})) << "read at 0 and at (i + 1) % 3 + 1";
    EXPECT_TRUE(g.find("qn")->extent_fixed(0));
    EXPECT_FALSE(g.find("qn")->extent_fixed(1));
    EXPECT_EQ(g.find("q_im")->extent(0), -1) << "inputs are not estimated";

    // A read that cannot be followed (blur_x at (r$x, y) by a reduction) leaves an estimate
    // from the others, never fixed; with no read followed the extent stays unknown.
    Graph b = graph();
    Task t;
    t.dims = {"H", "W"};
    t.outputs = {TensorSpec{"out", DType::f32, {"H", "W"}}};
    t.instances = {Instance{"i", {{"H", 20}, {"W", 30}}}};
    attach_extents(b, t);
    EXPECT_EQ(b.find("out")->extents, (std::vector<int64_t>{30, 20}));
    EXPECT_EQ(b.find("blur_x")->extent(0), 30) << "out reads it at (x, y)";
    EXPECT_FALSE(b.find("blur_x")->extent_fixed(0));
    EXPECT_EQ(b.find("blur_x")->extent(1), 20);
    EXPECT_EQ(b.find("sum")->extent(0), 20);
    EXPECT_EQ(b.find("hidden")->extent(0), -1) << "no consumer";
    Graph r = build_graph(R"j({"funcs": [
 {"name": "f", "args": ["x", "y"], "type": "float32", "output": false,
  "pure": {"args": ["x", "y"], "pure_args": ["x", "y"], "rvars": [], "calls": {}, "ops": 0}, "updates": []},
 {"name": "out", "args": ["x", "y"], "type": "float32", "output": true,
  "pure": {"args": ["x", "y"], "pure_args": ["x", "y"], "rvars": [], "calls": {"f": ["(t4 + 1), y", "r$x, (y*2)"]}, "ops": 2},
  "updates": []}]})j", k_algorithm, {});
    attach_extents(r, t);
    EXPECT_EQ(r.find("f")->extent(0), -1) << "read through a temporary and a reduction variable only";
    EXPECT_EQ(r.find("f")->extent(1), 39) << "y * 2 over 20 rows";
    // A stencil read widens the range: x - 1 .. x + 1 of 30 columns is 32 from -1.
    Graph st = build_graph(R"({"funcs": [
 {"name": "blur_x", "args": ["x", "y"], "type": "float32", "output": false,
  "pure": {"args": ["x", "y"], "pure_args": ["x", "y"], "rvars": [], "calls": {}, "ops": 0}, "updates": []},
 {"name": "out", "args": ["x", "y"], "type": "float32", "output": true,
  "pure": {"args": ["x", "y"], "pure_args": ["x", "y"], "rvars": [], "calls": {"blur_x": ["(x + -1), y", "x, y", "(x + 1), y"]}, "ops": 2},
  "updates": []}]})", k_algorithm, {});
    attach_extents(st, t);
    EXPECT_EQ(st.find("blur_x")->extents, (std::vector<int64_t>{32, 20}));
    EXPECT_EQ(st.find("blur_x")->lo(0), -1);
    // No visible instance: nothing known.
    Graph n = build_graph(k_quat_graph, k_quat_algorithm, {"q"});
    Task hidden = quat_task();
    for (auto &i : hidden.instances) i.heldout = true;
    attach_extents(n, hidden);
    EXPECT_EQ(n.find("out")->extent(0), -1);
}

TEST(LekaBuiltin, NeverVectorizesWiderThanAKnownExtent) {
    Graph g = quat_graph();
    Device d;
    d.cores = 4;
    d.simd_f32 = 16;
    Plan cur = initial_plan(g, false);
    auto props = builtin_proposals("vector", g, cur, d, 3);
    ASSERT_FALSE(props.empty());
    for (const auto &prop : props) {
        std::string k = emit_kernel(g, prop.plan, false, "quat", prop.description);
        SCOPED_TRACE(prop.description + "\n" + k);
        expect_well_formed(k);
        EXPECT_TRUE(prop.plan.same_outside(cur, "vector"));
        std::string vec = kernel_section_body(k, "vector").value();
        // The 3-wide and 4-wide innermost dimensions are unrolled, the points vectorized.
        for (const char *stage : {"out", "uv", "uuv", "qn", "cov"}) {
            EXPECT_EQ(vec.find(std::string(".vectorize(") + stage + "_v[0]"), std::string::npos) << stage;
            EXPECT_EQ(prop.plan.stages.at(stage).vec_dim, std::string(stage) == "cov" ? 2 : 1) << stage;
        }
        EXPECT_NE(vec.find("a.out.bound(out_v[0], 0, 3).unroll(out_v[0]);"), std::string::npos) << "an output's fixed extent";
        EXPECT_NE(vec.find("a.out.vectorize(out_v[1], "), std::string::npos);
        EXPECT_NE(vec.find("a.uv.unroll(uv_v[0], 3, TailStrategy::ShiftInwards);"), std::string::npos);
        EXPECT_NE(vec.find("a.qn.unroll(qn_v[0], 4, TailStrategy::ShiftInwards);"), std::string::npos);
        EXPECT_NE(vec.find("a.cov.bound(cov_v[1], 0, 4).unroll(cov_v[1]);"), std::string::npos);
        EXPECT_NE(vec.find("a.cov.vectorize(cov_v[2], "), std::string::npos);
    }
    // A dimension wider than the SIMD width but narrower than the vector: the width is capped.
    Graph small = build_graph(R"({"funcs": [{"name": "out", "args": ["i", "p"], "type": "float32", "output": true,
        "pure": {"args": ["i", "p"], "pure_args": ["i", "p"], "rvars": [], "calls": {}, "ops": 0}, "updates": []}]})",
                              k_quat_algorithm, {});
    Task t;
    t.dims = {"P"};
    t.outputs = {TensorSpec{"out", DType::f32, {"P", "24"}}};
    t.instances = {Instance{"i", {{"P", 100}}}};
    attach_extents(small, t);
    d.simd_f32 = 8;
    for (const auto &prop : builtin_proposals("vector", small, initial_plan(small, false), d, 0)) {
        EXPECT_EQ(prop.plan.stages.at("out").vec_dim, 0);
        EXPECT_LE(prop.plan.stages.at("out").vector * 8, 24) << prop.description;
        std::string k = emit_kernel(small, prop.plan, false, "t", prop.description);
        EXPECT_NE(k.find("a.out.vectorize(out_v[0], std::min(out_vec"), std::string::npos) << k;
        EXPECT_NE(k.find(", 16), TailStrategy::GuardWithIf);"), std::string::npos) << "capped at the extent's power of two\n" << k;
    }
}

TEST(LekaBuiltin, ParallelLoopsRunInChunksSizedFromTheExtents) {
    Graph g = quat_graph();
    Device d;
    d.cores = 4;
    d.simd_f32 = 16;
    Plan cur = initial_plan(g, false);
    auto props = builtin_proposals("loops", g, cur, d, 0);
    ASSERT_FALSE(props.empty());
    const StagePlan &out = props.front().plan.stages.at("out");
    ASSERT_TRUE(out.parallel);
    EXPECT_EQ(out.tile_x, 0);
    EXPECT_EQ(out.par_from, 1);
    // 3 x 16384 elements: at most cores x 8 tasks, each of at least 4096 elements.
    EXPECT_GT(out.grain, 1);
    EXPECT_LE((16384 + out.grain - 1) / out.grain, 4 * 8);
    EXPECT_GE(out.grain * 3, 4096);
    const StagePlan &cov = props.front().plan.stages.at("cov");
    EXPECT_EQ(cov.par_from, 2) << "both 4-wide dimensions run whole inside a task";
    EXPECT_GT(cov.grain, 1);
    for (const auto &prop : props) {
        EXPECT_TRUE(prop.plan.same_outside(cur, "loops")) << prop.description;
        EXPECT_EQ(prop.plan.stages.at("out").tile_x, 0) << "no tile across a 3-wide dimension: " << prop.description;
    }
    Plan p = props.front().plan;
    std::string k = emit_kernel(g, p, false, "quat", "chunks");
    expect_well_formed(k);
    std::string loops = kernel_section_body(k, "loops").value();
    EXPECT_NE(loops.find("a.out.split(out_v[1], out_po, out_pi, " + std::to_string(out.grain) + ", TailStrategy::GuardWithIf);"),
              std::string::npos) << k;
    EXPECT_NE(loops.find("a.out.parallel(out_po);"), std::string::npos) << k;
    EXPECT_EQ(loops.find("a.out.parallel(out_v[1]);"), std::string::npos) << "not one task per point\n" << k;
    EXPECT_NE(loops.find("a.cov.split(cov_v[2], cov_po, cov_pi, "), std::string::npos) << k;
    // The vector layer then vectorizes the chunk's points, and a producer nested per task is
    // computed at the parallel loop.
    for (auto &[n, sp] : p.stages) {
        sp.vector = 1;
        sp.vec_dim = n == "cov" ? 2 : 1;
    }
    p.stages["uuv"].at = "tile";
    k = emit_kernel(g, p, false, "quat", "chunks, vectors");
    expect_well_formed(k);
    EXPECT_NE(k.find("a.out.vectorize(out_pi, "), std::string::npos) << k;
    EXPECT_NE(k.find("a.uuv.compute_at(a.out, out_po);"), std::string::npos) << k;
    EXPECT_NE(k.find("a.uuv.vectorize(uuv_v[1], "), std::string::npos) << k;
    // A small output runs in one task.
    Task t = quat_task();
    t.instances = {Instance{"tiny", {{"P", 100}, {"B", 4}}}};
    Graph tiny = build_graph(k_quat_graph, k_quat_algorithm, {"q"});
    attach_extents(tiny, t);
    StagePlan o1 = builtin_proposals("loops", tiny, initial_plan(tiny, false), d, 0).front().plan.stages.at("out");
    EXPECT_EQ(o1.grain, 100);

    // GPUs: a block is not wider than the 3-wide dimension; it grows taller instead.
    d.gpu = true;
    for (const auto &prop : builtin_proposals("loops", g, initial_plan(g, true), d, 0)) {
        const StagePlan &o = prop.plan.stages.at("out");
        EXPECT_EQ(o.tile_x, 4) << prop.description;
        EXPECT_GE(o.tile_x * o.tile_y, 64) << prop.description;
        EXPECT_LE(o.tile_x * o.tile_y, 1024) << prop.description;
        expect_well_formed(emit_kernel(g, prop.plan, true, "quat", prop.description));
    }
}

TEST(LekaBuiltin, WithExtentsEachSubAgentStillChangesOnlyItsLayerDeterministically) {
    Graph g = quat_graph();
    for (bool gpu : {false, true}) {
        Device d;
        d.gpu = gpu;
        d.cores = 2;
        Plan cur = initial_plan(g, gpu);
        for (int pass = 0; pass < 2; pass++) {
            for (const char *layer : {"compute", "loops", "memory", "vector"}) {
                auto a = builtin_proposals(layer, g, cur, d, 5), b = builtin_proposals(layer, g, cur, d, 5);
                ASSERT_EQ(a.size(), b.size());
                for (size_t i = 0; i < a.size(); i++) {
                    EXPECT_EQ(a[i].plan, b[i].plan) << layer;
                    EXPECT_TRUE(a[i].plan.same_outside(cur, layer)) << layer << ": " << a[i].description;
                    std::string k = emit_kernel(g, a[i].plan, gpu, "quat", a[i].description);
                    expect_well_formed(k);
                    EXPECT_TRUE(parse_kernel_sections(k).problems.empty());
                }
                if (!a.empty()) cur = a.front().plan;  // hill-climb on the first choice
            }
        }
        EXPECT_EQ(Plan::from_json(cur.to_json()), cur);
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
