// ekb-gen: turns a kernel file's compiled generator code into a pipeline object.
//
//   ekb-gen <kernel_gen.so> <target> <out_dir> <expect.json>
//
// Runs as an untrusted, confined child (the kernel's C++ runs here). It loads the kernel's
// generator code, calls its ekb_kernel(target), checks the returned inputs and outputs
// against the task's signature (expect.json), and writes out_dir/pipeline.o (no Halide
// runtime inside: Target::NoRuntime), out_dir/loop_nest.txt and out_dir/pipeline.json (the
// pipeline's graph: every Func with its arguments, update definitions, reduction variables
// and calls — what LEKA's builtin model schedules from; see describe_pipeline below).
// On a GPU target it also applies the GPU rule (device_placement.h): outputs and every
// non-trivial stage computed by device kernels.
// Exit codes: 0 ok; 2 the kernel is wrong (message on stderr, prefixed "ekb-gen: ");
// 3 usage or I/O error; 4 the pipeline breaks the GPU rule (message on stderr, prefixed
// "ekb-gen: "; ekb records it as an object_check failure).
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "compile/device_placement.h"
#include "ekb/kernel.h"

namespace {

[[noreturn]] void kernel_error(const std::string &msg) {
    std::cerr << "ekb-gen: " << msg << std::endl;
    std::exit(2);
}

std::string type_name(const Halide::Type &t) {
    std::ostringstream ss;
    ss << t;
    return ss.str();
}

Halide::Type expected_type(const nlohmann::json &j) {
    return Halide::Type(static_cast<halide_type_code_t>(j.at("code").get<int>()), j.at("bits").get<int>(), 1);
}

// Collects the calls of one definition: to which Funcs, with which arguments.
class CallCollector : public Halide::Internal::IRVisitor {
public:
    std::map<std::string, std::set<std::string>> calls;  // callee -> distinct argument lists
    int nodes = 0;
    using IRVisitor::visit;

protected:
    void visit(const Halide::Internal::Call *op) override {
        nodes++;
        if (op->call_type == Halide::Internal::Call::Halide) {
            std::ostringstream ss;
            for (size_t i = 0; i < op->args.size(); i++) ss << (i ? ", " : "") << op->args[i];
            calls[op->name].insert(ss.str());
        }
        IRVisitor::visit(op);
    }
    void visit(const Halide::Internal::Add *op) override { nodes++; IRVisitor::visit(op); }
    void visit(const Halide::Internal::Sub *op) override { nodes++; IRVisitor::visit(op); }
    void visit(const Halide::Internal::Mul *op) override { nodes++; IRVisitor::visit(op); }
    void visit(const Halide::Internal::Div *op) override { nodes++; IRVisitor::visit(op); }
    void visit(const Halide::Internal::Select *op) override { nodes++; IRVisitor::visit(op); }
};

nlohmann::json definition_json(const Halide::Internal::Definition &d, const std::vector<std::string> &pure_args) {
    CallCollector c;
    nlohmann::json args = nlohmann::json::array(), pure = nlohmann::json::array();
    for (size_t i = 0; i < d.args().size(); i++) {
        std::ostringstream ss;
        ss << d.args()[i];
        args.push_back(ss.str());
        const auto *v = d.args()[i].as<Halide::Internal::Variable>();
        if (v && i < pure_args.size() && v->name == pure_args[i]) pure.push_back(v->name);
        d.args()[i].accept(&c);
    }
    for (const auto &v : d.values()) v.accept(&c);
    nlohmann::json rvars = nlohmann::json::array();
    for (const auto &rv : d.schedule().rvars()) rvars.push_back(rv.var);
    nlohmann::json calls = nlohmann::json::object();
    for (const auto &[callee, arglists] : c.calls) calls[callee] = std::vector<std::string>(arglists.begin(), arglists.end());
    return {{"args", args}, {"pure_args", pure}, {"rvars", rvars}, {"calls", calls}, {"ops", c.nodes}};
}

// The pipeline's graph, producers before consumers: per Func its name, pure arguments,
// type, whether it is an output, its pure definition and its update definitions (arguments,
// which of them are the pure variables in place, reduction variables, calls with their
// argument lists, an operation count).
nlohmann::json describe_pipeline(const std::vector<Halide::Func> &outputs) {
    using Halide::Internal::Function;
    std::map<std::string, Function> env;
    for (const auto &o : outputs) {
        env[o.name()] = o.function();
        for (const auto &[n, f] : Halide::Internal::find_transitive_calls(o.function())) env[n] = f;
    }
    std::vector<std::string> order;
    std::set<std::string> seen;
    std::function<void(const std::string &)> visit = [&](const std::string &n) {
        if (!seen.insert(n).second) return;
        for (const auto &[callee, f] : Halide::Internal::find_direct_calls(env.at(n))) {
            if (callee != n) visit(callee);
        }
        order.push_back(n);
    };
    for (const auto &o : outputs) visit(o.name());
    std::set<std::string> out_names;
    for (const auto &o : outputs) out_names.insert(o.name());
    nlohmann::json funcs = nlohmann::json::array();
    for (const auto &n : order) {
        const Function &f = env.at(n);
        nlohmann::json updates = nlohmann::json::array();
        for (const auto &u : f.updates()) updates.push_back(definition_json(u, f.args()));
        funcs.push_back({{"name", n}, {"args", f.args()}, {"type", type_name(f.output_types()[0])},
                         {"tuple", f.outputs()}, {"output", out_names.count(n) > 0},
                         {"extern", f.has_extern_definition()},
                         {"pure", f.has_extern_definition() ? nlohmann::json() : definition_json(f.definition(), f.args())},
                         {"updates", updates}});
    }
    return {{"funcs", funcs}, {"outputs", std::vector<std::string>(out_names.begin(), out_names.end())}};
}

}  // namespace

int main(int argc, char **argv) {
    // Halide's autoscheduler plugins, so that a kernel may call Pipeline::auto_schedule
    // ("Adams2019", "Li2018", "Mullapudi2016"; the auto:* producers do). One that is absent
    // is skipped; one that fails to load is skipped with a note.
#ifdef EKB_HALIDE_PLUGIN_DIR
    for (const char *name : {"adams2019", "li2018", "mullapudi2016"}) {
        std::string path = std::string(EKB_HALIDE_PLUGIN_DIR) + "/libautoschedule_" + name + ".so";
        if (::access(path.c_str(), R_OK) != 0) continue;
        try {
            Halide::load_plugin(path);
        } catch (const std::exception &e) {
            std::cerr << "ekb-gen: note: autoscheduler plugin " << path << " not loaded: " << e.what() << "\n";
        }
    }
#endif
    if (argc != 5) {
        std::cerr << "usage: ekb-gen <kernel_gen.so> <target> <out_dir> <expect.json>\n";
        return 3;
    }
    std::string so = argv[1], target_str = argv[2], out_dir = argv[3];
    nlohmann::json expect;
    try {
        std::ifstream in(argv[4]);
        expect = nlohmann::json::parse(in);
    } catch (const std::exception &e) {
        std::cerr << "ekb-gen: cannot read " << argv[4] << ": " << e.what() << "\n";
        return 3;
    }

    void *h = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) kernel_error(std::string("cannot load the kernel's generator code: ") + dlerror());
    auto entry_fn = reinterpret_cast<ekb::KernelEntry (*)()>(dlsym(h, "ekb_kernel_entry"));
    if (!entry_fn) kernel_error("the kernel file does not define its entry point: write 'EKB_KERNEL { ... }'");

    try {
        Halide::Target target(target_str);
        // float16 tensors on OpenCL: Halide's OpenCL C declares `half` only with cl_half, which
        // enables the device's cl_khr_fp16 (a device without it is reported not_supported before
        // anything runs: run/conductor.cpp).
        bool float16 = false;
        for (const char *side : {"inputs", "outputs"}) {
            for (const auto &t : expect.at(side)) float16 = float16 || expected_type(t) == Halide::Float(16);
        }
        if (float16 && target.has_feature(Halide::Target::OpenCL)) target.set_feature(Halide::Target::CLHalf);
        ekb::Kernel k = entry_fn()(target);

        const auto &ein = expect.at("inputs");
        const auto &eout = expect.at("outputs");
        if (k.inputs.size() != ein.size()) {
            kernel_error("the kernel returns " + std::to_string(k.inputs.size()) + " inputs; the task has " +
                         std::to_string(ein.size()));
        }
        if (k.outputs.size() != eout.size()) {
            kernel_error("the kernel returns " + std::to_string(k.outputs.size()) + " outputs; the task has " +
                         std::to_string(eout.size()));
        }
        std::vector<Halide::Argument> args;
        for (size_t i = 0; i < ein.size(); i++) {
            const auto &p = k.inputs[i];
            std::string want = ein[i].at("name").get<std::string>();
            if (!p.defined()) kernel_error("input #" + std::to_string(i) + " is an undefined ImageParam");
            if (p.name() != want) {
                kernel_error("input #" + std::to_string(i) + " is named '" + p.name() + "'; the task's input #" +
                             std::to_string(i) + " is '" + want + "' (return the inputs in the task's order)");
            }
            Halide::Type t = expected_type(ein[i]);
            if (p.type() != t) {
                kernel_error("input '" + want + "' has type " + type_name(p.type()) + "; the task says " + type_name(t));
            }
            if (p.dimensions() != ein[i].at("dims").get<int>()) {
                kernel_error("input '" + want + "' has " + std::to_string(p.dimensions()) + " dimensions; the task says " +
                             std::to_string(ein[i].at("dims").get<int>()));
            }
            args.push_back(p);
        }
        for (size_t i = 0; i < eout.size(); i++) {
            const auto &f = k.outputs[i];
            std::string want = eout[i].at("name").get<std::string>();
            if (!f.defined()) kernel_error("output #" + std::to_string(i) + " ('" + want + "') is an undefined Func");
            if (f.outputs() != 1) kernel_error("output '" + want + "' is a Tuple; each task output must be its own Func");
            Halide::Type t = expected_type(eout[i]);
            if (f.output_types()[0] != t) {
                kernel_error("output '" + want + "' has type " + type_name(f.output_types()[0]) + "; the task says " +
                             type_name(t));
            }
            if (f.dimensions() != eout[i].at("dims").get<int>()) {
                kernel_error("output '" + want + "' has " + std::to_string(f.dimensions()) +
                             " dimensions; the task says " + std::to_string(eout[i].at("dims").get<int>()));
            }
        }
        // The graph, before scheduling decisions lower anything.
        {
            std::ofstream g(out_dir + "/pipeline.json");
            g << describe_pipeline(k.outputs).dump(1) << "\n";
        }
        Halide::Pipeline p(k.outputs);
        Halide::Target object_target = target.with_feature(Halide::Target::NoRuntime);
        Halide::Module module = p.compile_to_module(args, "ekb_pipeline", object_target);
        if (object_target.has_gpu_feature()) {
            std::set<std::string> outputs;
            for (const auto &f : k.outputs) outputs.insert(f.name());
            std::vector<ekb::HostStage> host = ekb::host_stages(module, ekb::pipeline_funcs(k.outputs), outputs);
            std::string api = object_target.has_feature(Halide::Target::CUDA) ? "CUDA" : "OpenCL";
            std::string violations = ekb::device_placement_violations(host, api);
            if (!violations.empty()) {
                std::cerr << "ekb-gen: GPU kernels must run on the GPU: " << violations << std::flush;
                std::fflush(nullptr);
                _exit(4);
            }
            for (const auto &s : host) {
                std::cerr << "ekb-gen: note: stage '" << s.func << "' runs on the host (" << s.stores
                          << " stores, at most " << ekb::k_trivial_host_stores << " allowed)\n";
            }
        }
        module.compile({{Halide::OutputFileType::object, out_dir + "/pipeline.o"}});

        // The loop nest, for people and for agents. Halide 14's print_loop_nest writes to
        // std::cerr: send that to the file for the call.
        std::ofstream nest(out_dir + "/loop_nest.txt");
        std::cerr.flush();
        std::streambuf *old = std::cerr.rdbuf(nest.rdbuf());
        p.print_loop_nest();
        std::cerr.flush();
        std::cerr.rdbuf(old);
    } catch (const Halide::Error &e) {
        kernel_error(std::string("Halide error: ") + e.what());
    } catch (const std::exception &e) {
        kernel_error(std::string("exception: ") + e.what());
    }
    std::cout.flush();
    // The kernel's code may have left threads or handlers behind; leave at once.
    std::fflush(nullptr);
    _exit(0);
}
