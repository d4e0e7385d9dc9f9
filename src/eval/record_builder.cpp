#include "eval/record_builder.h"

#include "common/files.h"
#include "common/paths.h"
#include "common/sha256.h"
#include "compile/backend.h"

namespace ekb {

ResultRecord new_record(const RecordIdentity &id, const Suite &suite, const std::string &kernel_source,
                        const std::string &target) {
    const Task &task = *id.task;
    ResultRecord r;
    r.created_at = utc_now();
    r.task_id = task.id;
    r.tier = task.tier;
    r.domain = task.domain;
    r.backend = id.backend;
    r.producer = id.producer;
    r.model = id.model;
    r.sample = id.sample;
    r.kernel_name = id.kernel_name;
    r.kernel_hash = kernel_source.empty() ? "" : sha256_hex(kernel_source);
    r.suite_hash = suite.content_hash();
    r.task_hash = task.content_hash;
    r.ekb_version = ekb_version();
    r.target = target.empty() ? backend_target(id.backend) : target;
    return r;
}

bool apply_compile_result(ResultRecord &r, const CompileResult &c) {
    r.compile_s = c.cache_hit ? 0 : c.seconds_compile + c.seconds_generate + c.seconds_check + c.seconds_link;
    r.compile_log = c.log;
    r.loop_nest = c.loop_nest;
    r.artifact_bytes = c.artifact_bytes;
    if (!c.ok) {
        r.status = "compile_failed";
        r.failure_stage = c.stage;
        r.failure_code = compile_failure_code(c.stage);
        r.failure_message = c.message;
        return false;
    }
    r.compiled = true;
    return true;
}

void mark_no_kernel(ResultRecord &r, const std::string &code, const std::string &message) {
    r.status = "no_kernel";
    r.failure_stage = "produce";
    r.failure_code = code.empty() ? "no_kernel" : code;
    r.failure_message = message;
}

}  // namespace ekb
