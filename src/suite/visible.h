// What producers may see of a task: everything but its held-out instances (their count
// only). Prompts, `ekb tasks show` and the external producer's workspace use this view.
#pragma once
#include <nlohmann/json.hpp>

#include "suite/task.h"

namespace ekb {

nlohmann::json visible_task_json(const Task &t);

}  // namespace ekb
