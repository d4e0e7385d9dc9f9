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

}  // namespace ekb::leka
