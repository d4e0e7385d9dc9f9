// The shape fuzz's instances (legal, at the extents where schedules break), task.json
// constraints, and the small held-out rule.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "common/files.h"
#include "suite/shape_fuzz.h"
#include "suite/task_rules.h"

using namespace ekb;

namespace {

Task toy(std::vector<std::string> dims, std::vector<std::string> constraints,
         std::vector<std::vector<std::string>> input_shapes, std::vector<std::string> output_shape,
         std::vector<std::pair<DimValues, bool>> instances) {
    Task t;
    t.id = "toy";
    t.dims = std::move(dims);
    t.constraints = std::move(constraints);
    for (size_t i = 0; i < input_shapes.size(); i++) t.inputs.push_back({"in" + std::to_string(i), DType::f32, input_shapes[i]});
    t.outputs.push_back({"out", DType::f32, output_shape});
    int k = 0;
    for (auto &[d, heldout] : instances) {
        Instance inst;
        inst.name = "i" + std::to_string(k++);
        inst.dims = d;
        inst.heldout = heldout;
        t.instances.push_back(inst);
    }
    return t;
}

}  // namespace

TEST(ShapeConstraint, ComparisonsAndErrors) {
    DimValues d = {{"C", 12}, {"K", 3}, {"T", 5}};
    EXPECT_TRUE(eval_shape_constraint("C % 4 == 0", d));
    EXPECT_FALSE(eval_shape_constraint("C % 8 == 0", d));
    EXPECT_TRUE(eval_shape_constraint("K <= T", d));
    EXPECT_FALSE(eval_shape_constraint("K >= T", d));
    EXPECT_TRUE(eval_shape_constraint("K < T", d));
    EXPECT_TRUE(eval_shape_constraint("C != T", d));
    EXPECT_THROW(eval_shape_constraint("C + 1", d), std::invalid_argument);
    EXPECT_THROW(eval_shape_constraint("C == K == T", d), std::invalid_argument);
    EXPECT_THROW(eval_shape_constraint("C == Q", d), std::invalid_argument);
    std::string expr;
    EXPECT_EQ(defined_dimension("H2 == 2*H", &expr), "H2");
    EXPECT_EQ(expr, " 2*H");
    EXPECT_EQ(defined_dimension("H % 2 == 0"), "");
    EXPECT_EQ(defined_dimension("K <= T"), "");
}

TEST(ShapeFuzz, LegalInstancesAtTheBreakingExtents) {
    // x [C, H, W - K + 1 ...]: C a multiple of 4, the output W - K + 1 positive.
    Task t = toy({"C", "W", "K"}, {"C % 4 == 0"}, {{"C", "W"}, {"K"}}, {"C", "W - K + 1"},
                 {{{{"C", 16}, {"W", 20}, {"K", 3}}, false}, {{{"C", 32}, {"W", 40}, {"K", 5}}, false},
                  {{{"C", 12}, {"W", 23}, {"K", 3}}, true}});
    auto insts = shape_fuzz_instances(t);
    ASSERT_FALSE(insts.empty());
    std::set<int64_t> ws, cs;
    std::set<std::string> names;
    for (const auto &i : insts) {
        EXPECT_EQ(instance_problem(t, i.dims), "") << i.name;
        EXPECT_TRUE(i.heldout);
        EXPECT_EQ(i.dims.at("C") % 4, 0) << i.name;
        EXPECT_GE(i.dims.at("W") - i.dims.at("K") + 1, 1) << i.name;
        EXPECT_LE(i.dims.at("W"), 40) << i.name;  // clipped to the dim's largest value
        EXPECT_EQ(i.name, fuzz_instance_name(t, i.dims));
        EXPECT_TRUE(names.insert(i.name).second) << "twice: " << i.name;
        for (const auto &j : t.instances) EXPECT_NE(i.dims, j.dims) << "a task.json instance again: " << i.name;
        ws.insert(i.dims.at("W"));
        cs.insert(i.dims.at("C"));
    }
    // Size 1, primes, just below and above 16 and 32 (W = 1 needs K = 1: the greedy small instance).
    for (int64_t w : {1, 3, 7, 15, 17, 31, 33}) EXPECT_TRUE(ws.count(w)) << "W = " << w;
    for (int64_t c : {4, 8}) EXPECT_TRUE(cs.count(c)) << "C = " << c;
    EXPECT_FALSE(cs.count(3));
}

TEST(ShapeFuzz, DerivedDimsFollow) {
    Task t = toy({"H", "H2"}, {"H2 == 2*H"}, {{"H"}}, {"H2"}, {{{{"H", 9}, {"H2", 18}}, false}, {{{"H", 20}, {"H2", 40}}, true}});
    auto insts = shape_fuzz_instances(t);
    ASSERT_FALSE(insts.empty());
    for (const auto &i : insts) EXPECT_EQ(i.dims.at("H2"), 2 * i.dims.at("H")) << i.name;
}

TEST(TaskRules, SmallHeldOut) {
    Task t = toy({"P", "N"}, {}, {{"P", "N"}}, {"P"}, {{{{"P", 64}, {"N", 64}}, false}, {{{"P", 9}, {"N", 3}}, true}});
    auto problems = small_heldout_problems(t);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].find("dim 'P'"), std::string::npos) << problems[0];
    // A constraint that forbids P < 8 exempts it.
    t.constraints = {"P >= 8"};
    EXPECT_TRUE(small_heldout_problems(t).empty());
    // A private held-out instance does not count: the rule is about task.json.
    t.constraints = {};
    Instance priv;
    priv.name = "p";
    priv.dims = {{"P", 2}, {"N", 2}};
    priv.heldout = true;
    priv.origin = "private.json";
    t.instances.push_back(priv);
    EXPECT_EQ(small_heldout_problems(t).size(), 1u);
}

TEST(TaskLoad, ConstraintsAreCheckedOnEveryInstance) {
    TempDir tmp("ekb-constraint-test-");
    auto dir = tmp.path() / "toy";
    auto write = [&](const std::string &constraints, int heldout_n) {
        write_file(dir / "task.json", R"({"id": "toy", "title": "t", "tier": "L1", "domain": "vision", "provenance": "p",
          "description": "d", "dims": ["N"], "constraints": )" + constraints + R"(,
          "inputs": [{"name": "x", "dtype": "float32", "shape": ["N"], "range": [-1, 1]}],
          "outputs": [{"name": "y", "dtype": "float32", "shape": ["N"]}],
          "instances": [{"name": "a", "split": "visible", "dims": {"N": 8}},
                        {"name": "b", "split": "visible", "dims": {"N": 16}},
                        {"name": "c", "split": "heldout", "dims": {"N": )" + std::to_string(heldout_n) + "}}]}");
        write_file(dir / "algorithm.h", "//\n");
        write_file(dir / "reference.py", "#\n");
        write_file(dir / "kernels" / "naive.cpp", "//\n");
    };
    write("[\"N % 4 == 0\"]", 12);
    EXPECT_EQ(load_task(dir).constraints.size(), 1u);
    write("[\"N % 4 == 0\"]", 13);
    try {
        load_task(dir);
        FAIL() << "an instance that breaks a constraint was accepted";
    } catch (const TaskError &e) {
        EXPECT_NE(std::string(e.what()).find("instances[2].dims"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("N % 4 == 0"), std::string::npos) << e.what();
    }
    write("[\"N + 4\"]", 12);
    try {
        load_task(dir);
        FAIL() << "a constraint without a comparison was accepted";
    } catch (const TaskError &e) {
        EXPECT_NE(std::string(e.what()).find("constraints[0]"), std::string::npos) << e.what();
    }
}

TEST(ShapeFuzz, ADimConstrainedToMultiplesOf32StillGetsInstances) {
    // D a multiple of 32 (int4 groups, head sizes): none of 1..33 but 32 is legal, and the
    // instances stay at or below the largest D in task.json.
    Task t = toy({"D", "N"}, {"D % 32 == 0"}, {{"N", "D"}}, {"N"},
                 {{{{"D", 256}, {"N", 64}}, false}, {{{"D", 512}, {"N", 96}}, false},
                  {{{"D", 96}, {"N", 5}}, true}});
    std::set<int64_t> ds;
    for (const auto &i : shape_fuzz_instances(t)) {
        int64_t d = i.dims.at("D");
        EXPECT_EQ(d % 32, 0) << i.name;
        EXPECT_LE(d, 512) << i.name;
        ds.insert(d);
    }
    for (int64_t want : {32, 64, 96, 160, 224, 288}) EXPECT_TRUE(ds.count(want)) << "D=" << want;
}

