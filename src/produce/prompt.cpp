#include "produce/prompt.h"

#include <cmath>
#include <cstdio>

#include "common/files.h"
#include "common/backend_table.h"
#include "suite/visible.h"

namespace ekb {

using nlohmann::json;

std::string system_prompt() {
    return R"(You write Halide 14 kernels for EdgeKernelBench. A kernel is ONE C++ file:

    #include <ekb/kernel.h>
    #include "algorithm.h"   // the task's reference algorithm: struct task::Algorithm
    EKB_KERNEL {             // = ekb::Kernel ekb_kernel(const Halide::Target &target)
        using namespace Halide;
        task::Algorithm a;   // its ImageParams, Funcs and Vars, by name
        // @layer compute    (inline / compute_root, algorithm rewrites)
        // @layer loops      (split, tile, reorder, fuse, parallel, gpu_tile, rfactor)
        // @layer memory     (compute_at, store_at, in(), store_in, prefetch)
        // @layer vector     (vectorize, unroll, gpu_lanes)
        // @end
        return a.kernel();   // or {{inputs in the task's order}, {your outputs}}
    }

Rules:
- The kernel runs on instances you are shown AND on held-out shapes you are not: never
  hard-code an extent; use TailStrategy::GuardWithIf or specialize() where an extent may not
  divide a split factor (ShiftInwards needs extents >= the factor).
- Outputs are checked against the reference with the task's tolerance on fresh random
  inputs; your speed is measured against an expert schedule on the same device.
- Only Halide: no files, threads, system calls, extern stages, memoization or custom
  handlers (the object is checked and such kernels are rejected).
- GPU backends (opencl, cuda): every Func computed at root must be scheduled on the GPU
  (gpu_tile / gpu_blocks + gpu_threads). Halide 14's OpenCL code generator rejects
  vectorize with GuardWithIf inside GPU kernels.
- Reply with the complete kernel file in exactly one ```cpp fenced block.
)";
}

std::string task_prompt(const Task &task, const std::string &backend, const DeviceProfile &profile) {
    json v = visible_task_json(task);
    std::string s = "# Task " + task.id + ": " + task.title + "\n\n" + task.description + "\n\nTier " + task.tier +
                    ", domain " + task.domain + ". Provenance: " + task.provenance + "\n\n## Tensors (PyTorch order; Halide dimension 0 is the LAST PyTorch dimension)\n\n";
    for (const char *side : {"inputs", "outputs"}) {
        for (const auto &t : v[side]) {
            s += std::string("- ") + (std::string(side) == "inputs" ? "input " : "output ") + t["name"].get<std::string>() + ": " +
                 t["dtype"].get<std::string>() + " " + t["shape"].dump();
            if (t.contains("range")) s += ", values in " + t["range"].dump();
            s += "\n";
        }
    }
    s += "\nTolerance per output: " + v["tolerance"].dump() + "\n\n## Instances you may see\n\n";
    for (const auto &i : v["visible_instances"]) {
        s += "- " + i["name"].get<std::string>() + ": dims " + i["dims"].dump() + ", shapes " + i["shapes"].dump() + "\n";
    }
    s += "\nThere are also " + std::to_string(v["heldout_instances"].get<size_t>()) +
         " held-out instance(s) of other shapes, some with odd or prime extents.\n\n";
    s += "## The PyTorch reference (the source of truth)\n\n```python\n" + v["reference_py"].get<std::string>() + "```\n\n";
    s += "## algorithm.h (the Halide reference algorithm you may schedule by name)\n\n```cpp\n" +
         v["algorithm_h"].get<std::string>() + "```\n\n";
    s += "## Backend and device\n\n" + profile.text() + "\n";
    s += "## A correct but slow kernel to start from (every stage at root, serial" +
         std::string(is_gpu_backend(backend) ? ", one default gpu_tile per stage" : ", scalar") + ")\n\n```cpp\n" +
         read_file(task.naive_kernel()) + "```\n\nWrite a faster kernel for the " + backend + " backend.\n";
    return s;
}

std::string Feedback::summary() const {
    std::string s;
    if (!compiled) {
        s = "Your kernel did not build (" + stage + "/" + code + "):\n" + message + "\n";
    } else if (!correct) {
        s = "Your kernel built but is wrong (" + stage + "/" + code + ")" +
            (instance.empty() ? "" : " on visible instance " + instance) + ":\n" + message + "\n";
    } else {
        s = "Your kernel is correct on the visible instances.";
        if (!std::isnan(speedup)) {
            char b[96];
            std::snprintf(b, sizeof(b), " Speedup over the expert: %.3fx (geomean over instances).", speedup);
            s += b;
        }
        s += "\n";
        for (const auto &[name, t] : times) {
            char b[160];
            std::snprintf(b, sizeof(b), "- %s: yours %.1f us, expert %.1f us\n", name.c_str(), t.first * 1e6, t.second * 1e6);
            s += b;
        }
    }
    if (!loop_nest.empty()) s += "\nIts loop nest:\n```\n" + clip(loop_nest, 6000) + "\n```\n";
    return s;
}

std::string feedback_prompt(const Feedback &f, int turn, int turns_left) {
    return "Result of your kernel from turn " + std::to_string(turn) + " (measured on the visible instances):\n\n" +
           f.summary() + "\nYou have " + std::to_string(turns_left) +
           " turn(s) left. Reply with a whole new kernel file in one ```cpp block: fix it if it failed, make it faster if it is correct.\n";
}

std::optional<std::string> extract_kernel(const std::string &reply, std::string *why) {
    struct Block {
        std::string lang, body;
    };
    std::vector<Block> blocks;
    size_t p = 0;
    while ((p = reply.find("```", p)) != std::string::npos) {
        size_t lang_end = reply.find('\n', p);
        if (lang_end == std::string::npos) break;
        std::string lang = reply.substr(p + 3, lang_end - p - 3);
        size_t close = reply.find("```", lang_end + 1);
        if (close == std::string::npos) {
            // An unterminated block (a reply cut at max_tokens): take it, the compiler judges.
            blocks.push_back({lang, reply.substr(lang_end + 1)});
            break;
        }
        blocks.push_back({lang, reply.substr(lang_end + 1, close - lang_end - 1)});
        p = close + 3;
    }
    const Block *best = nullptr;
    for (const auto &b : blocks) {
        if (b.body.find("EKB_KERNEL") != std::string::npos) best = &b;  // the last one wins
    }
    if (best) return best->body;
    if (blocks.empty() && reply.find("EKB_KERNEL") != std::string::npos && reply.find("#include") != std::string::npos) {
        return reply;
    }
    if (why) {
        *why = blocks.empty() ? (reply.empty() ? "the reply is empty" : "the reply has no fenced code block and no EKB_KERNEL")
                              : "no code block of the reply defines EKB_KERNEL (" + std::to_string(blocks.size()) + " block(s))";
    }
    return std::nullopt;
}

}  // namespace ekb
