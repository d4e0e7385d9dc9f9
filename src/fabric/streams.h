// The fabric's names on the server, and creating them (docs/fabric.md, "Subjects and
// streams"). Everything is created idempotently by whichever side comes first:
//
//   stream EKB_JOBS      subjects ekb.job.<backend>.<class>   work queue, file storage,
//                                                              dedupe by Nats-Msg-Id = job id
//   consumer w-<backend>-<class>  durable pull consumer per device class, shared by its workers:
//                                 AckWait, MaxDeliver = runs + 1, explicit acks
//   stream EKB_RESULTS   subjects ekb.result.<job id>         limits (one message per subject,
//                                                              kept results_ttl), file storage,
//                                                              dedupe by job id
//   KV bucket ekb-workers  key = worker name, value = its profile; entries expire (TTL) unless
//                          the worker refreshes them
//
// A device class is a backend and the runner target its workers run (hash of the target):
// a job only ever reaches workers whose runner matches it.
#pragma once
#include <string>

#include "fabric/connection.h"

namespace ekb {

struct FabricSettings {
    double ack_wait_s = 30;       // a job not acked nor heartbeated this long goes to another worker
    int max_runs = 3;             // runs a job gets before it is recorded run/worker_lost
    double results_ttl_s = 7 * 24 * 3600;
    double dedupe_window_s = 600;
    double worker_ttl_s = 15;     // a worker silent this long leaves the registry
};

extern const char *const k_jobs_stream;
extern const char *const k_results_stream;
extern const char *const k_workers_bucket;

// The class of a runner target: 12 hex digits of its hash.
std::string device_class(const std::string &target);
std::string job_subject(const std::string &backend, const std::string &device_class);
std::string result_subject(const std::string &job_id);
std::string consumer_name(const std::string &backend, const std::string &device_class);

// Creates the streams (and the worker bucket) if absent. Throws FabricError naming the
// stream and the server's reason (e.g. a user without permission to create streams).
void ensure_streams(FabricConnection &c, const FabricSettings &s);
// Creates the durable pull consumer of a device class if absent; returns the MaxDeliver
// it has (an existing consumer keeps the settings it was made with).
int64_t ensure_class_consumer(FabricConnection &c, const std::string &backend, const std::string &cls,
                              const FabricSettings &s, double *ack_wait_s);
kvStore *open_workers_bucket(FabricConnection &c, const FabricSettings &s);

}  // namespace ekb
