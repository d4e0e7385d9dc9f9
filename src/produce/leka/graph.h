// What LEKA's builtin model knows about a task's pipeline: its stages (Funcs), in producer-
// before-consumer order, read from ekb-gen's pipeline.json (compile/gen_main.cpp), and for
// each stage the C++ expression a kernel file names it by ("a.dot", "a.lin[3]"), read from
// the task's algorithm.h. A stage with no such expression (a Func local to a helper struct)
// is left to Halide's defaults: nothing can schedule it by name.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ekb {
struct Task;
}

namespace ekb::leka {

struct UpdateDef {
    std::vector<std::string> pure_args;  // the stage's pure variables still in place
    std::vector<std::string> rvars;
    bool has_pure(const std::string &v) const;
};

struct Stage {
    std::string name;                 // the Func's name in Halide
    std::string cpp;                  // how a kernel file names it; "" when it cannot
    std::vector<std::string> args;    // pure variables, innermost first
    std::string type;
    bool output = false;
    bool input = false;               // an ImageParam's wrapper ("<input>_im")
    bool pointwise = true;            // every consumer reads it at exactly its own coordinates
    int ops = 0;                      // arithmetic in its definitions (a cost hint)
    std::vector<UpdateDef> updates;
    std::vector<std::string> consumers;  // stages that call it
    std::map<std::string, std::vector<std::string>> reads;  // callee -> argument lists, as printed
    // Extents of the pure dimensions (innermost first, as `args`) on the task's largest visible
    // instance, -1 where unknown (attach_extents). Outputs: the task's output shapes, exact,
    // from 0. Intermediates: estimated from their consumers' calls, the union of the ranges
    // the reads cover (interval arithmetic over the consumers' ranges: "x + -1", "(i + 1) % 3"),
    // from `mins`; reads that cannot be followed (a reduction variable, a call, a temporary
    // of the printed expression) are left out, and a dimension no read of which can be
    // followed stays -1. An estimate guides choices that are correct whatever the real
    // extent (which dimension to vectorize, chunk sizes), never a bound.
    std::vector<int64_t> extents;
    std::vector<int64_t> mins;
    // Per dimension: the range is exact and the same on every instance of the task (an
    // output's shape expression names no dimension; an intermediate's reads all follow from
    // such extents and constants).
    std::vector<bool> fixed;
    int64_t extent(size_t i) const { return i < extents.size() ? extents[i] : -1; }
    int64_t lo(size_t i) const { return i < mins.size() ? mins[i] : 0; }
    bool extent_fixed(size_t i) const { return i < fixed.size() && fixed[i] && extent(i) > 0; }
    bool schedulable() const { return !cpp.empty() && !input; }
    bool reduction() const { return !updates.empty(); }
};

struct Graph {
    std::vector<Stage> stages;        // producers before consumers
    const Stage *find(const std::string &name) const;
    // The intermediate stages a schedule may place: schedulable, not outputs.
    std::vector<const Stage *> intermediates() const;
    std::vector<const Stage *> outputs() const;
};

// C++ names of the Algorithm's Funcs: Halide name -> expression. Reads `Func x{"name"}`
// members, arrays with initializer lists (`Func p[2] = {Func{"p1"}, Func{"p2"}}`) and arrays
// whose elements are named "<member><index>".
std::map<std::string, std::string> algorithm_func_names(const std::string &algorithm_h);

// Builds the graph from pipeline.json and algorithm.h's text; throws std::runtime_error
// naming what is malformed.
Graph build_graph(const std::string &pipeline_json, const std::string &algorithm_h,
                  const std::vector<std::string> &input_names);

// Fills `extents` and `fixed` of every stage from the task's output tensors (PyTorch order,
// reversed: Halide's dimension 0 is the last PyTorch dimension) on the visible instance with
// the most output elements; held-out instances are never read. An output stage is matched to
// the output tensor of its name, else (one output left on each side, same rank) to the one
// left. Intermediates get estimates from their consumers (see Stage::extents); dimensions
// nothing tells stay -1. A task without visible instances leaves every extent unknown.
void attach_extents(Graph &g, const Task &task);

}  // namespace ekb::leka
