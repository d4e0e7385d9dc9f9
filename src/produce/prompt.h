// Prompts for the LLM producers and the extraction of a kernel from a reply.
//
// A prompt holds the task (description, tensors, tolerances, the PyTorch reference, the
// Halide reference algorithm, VISIBLE instances only — held-out instances are counted,
// never shown), the backend and its device profile, the kernel-file template (the task's
// naive kernel, which compiles and is correct) and the rules of the kernel format. No
// producer ever sees held-out instances or evaluation seeds, in prompts or in feedback.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "device/device_profile.h"
#include "llm/chat.h"
#include "suite/task.h"

namespace ekb {

std::string system_prompt();
// The first user message for a task on a backend.
std::string task_prompt(const Task &task, const std::string &backend, const DeviceProfile &device_profile);

// Feedback on a kernel, measured on visible instances with search seeds only.
struct Feedback {
    bool compiled = false, correct = false, timed = false;
    std::string stage, code, message;  // the failure, trimmed
    std::string instance;              // the visible instance it failed on
    double speedup = NAN;              // over the expert, geomean over visible instances
    double speedup_lo = NAN, speedup_hi = NAN;  // its bootstrap 95% confidence interval
    std::vector<std::pair<std::string, std::pair<double, double>>> times;  // instance -> (kernel, expert) median s
    std::string loop_nest;
    std::string summary() const;       // what the next prompt says
};
std::string feedback_prompt(const Feedback &f, int turn, int turns_left);

// The kernel in a reply: the fenced ```cpp block holding EKB_KERNEL (the last one when
// several), else any fenced block holding it, else the reply itself when it is bare code.
// nullopt with `why` set when there is none.
std::optional<std::string> extract_kernel(const std::string &reply, std::string *why);

}  // namespace ekb
