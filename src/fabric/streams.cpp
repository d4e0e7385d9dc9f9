#include "fabric/streams.h"

#include "common/sha256.h"

namespace ekb {

const char *const k_jobs_stream = "EKB_JOBS";
const char *const k_results_stream = "EKB_RESULTS";
const char *const k_workers_bucket = "ekb-workers";

namespace {

constexpr int64_t k_ns = 1000000000LL;

int64_t ns(double s) { return static_cast<int64_t>(s * 1e9); }

void ensure_stream(FabricConnection &c, jsStreamConfig &cfg) {
    jsStreamInfo *si = nullptr;
    jsErrCode jerr = static_cast<jsErrCode>(0);
    natsStatus s = js_GetStreamInfo(&si, c.js(), cfg.Name, nullptr, &jerr);
    if (s == NATS_OK) {
        jsStreamInfo_Destroy(si);
        return;
    }
    s = js_AddStream(&si, c.js(), &cfg, nullptr, &jerr);
    if (s == NATS_OK) {
        jsStreamInfo_Destroy(si);
        return;
    }
    if (jerr == JSStreamNameExistErr) return;  // another process made it meanwhile
    throw FabricError(std::string("cannot create the stream ") + cfg.Name + " on " + c.options().redacted_url() + ": " +
                      nats_status_text(s) + " (jetstream error " + std::to_string(int(jerr)) + ")");
}

}  // namespace

std::string device_class(const std::string &target) { return sha256_hex(target).substr(0, 12); }
std::string job_subject(const std::string &backend, const std::string &cls) { return "ekb.job." + backend + "." + cls; }
std::string result_subject(const std::string &job_id) { return "ekb.result." + job_id; }
std::string consumer_name(const std::string &backend, const std::string &cls) { return "w-" + backend + "-" + cls; }

void ensure_streams(FabricConnection &c, const FabricSettings &st) {
    {
        jsStreamConfig cfg;
        jsStreamConfig_Init(&cfg);
        const char *subjects[] = {"ekb.job.>"};
        cfg.Name = k_jobs_stream;
        cfg.Description = "ekb device fabric: evaluation jobs per device class (docs/fabric.md)";
        cfg.Subjects = subjects;
        cfg.SubjectsLen = 1;
        cfg.Retention = js_WorkQueuePolicy;
        cfg.Storage = js_FileStorage;
        cfg.Duplicates = ns(st.dedupe_window_s);
        cfg.MaxMsgSize = 8 << 20;
        ensure_stream(c, cfg);
    }
    {
        jsStreamConfig cfg;
        jsStreamConfig_Init(&cfg);
        const char *subjects[] = {"ekb.result.>"};
        cfg.Name = k_results_stream;
        cfg.Description = "ekb device fabric: conductor reports by job id (docs/fabric.md)";
        cfg.Subjects = subjects;
        cfg.SubjectsLen = 1;
        cfg.Retention = js_LimitsPolicy;
        cfg.Storage = js_FileStorage;
        cfg.MaxMsgsPerSubject = 1;
        cfg.MaxAge = ns(st.results_ttl_s);
        cfg.Duplicates = ns(std::min(st.dedupe_window_s, st.results_ttl_s));
        cfg.MaxMsgSize = 8 << 20;
        ensure_stream(c, cfg);
    }
    kvStore_Destroy(open_workers_bucket(c, st));
}

kvStore *open_workers_bucket(FabricConnection &c, const FabricSettings &st) {
    kvStore *kv = nullptr;
    if (js_KeyValue(&kv, c.js(), k_workers_bucket) == NATS_OK) return kv;
    kvConfig cfg;
    kvConfig_Init(&cfg);
    cfg.Bucket = k_workers_bucket;
    cfg.Description = "ekb device fabric: connected workers and their device profiles";
    cfg.History = 1;
    cfg.TTL = ns(st.worker_ttl_s);
    cfg.StorageType = js_MemoryStorage;
    natsStatus s = js_CreateKeyValue(&kv, c.js(), &cfg);
    if (s == NATS_OK) return kv;
    if (js_KeyValue(&kv, c.js(), k_workers_bucket) == NATS_OK) return kv;
    throw FabricError(std::string("cannot create the key-value bucket ") + k_workers_bucket + ": " + nats_status_text(s));
}

int64_t ensure_class_consumer(FabricConnection &c, const std::string &backend, const std::string &cls,
                              const FabricSettings &st, double *ack_wait_s) {
    std::string name = consumer_name(backend, cls), subject = job_subject(backend, cls);
    jsConsumerInfo *ci = nullptr;
    jsErrCode jerr = static_cast<jsErrCode>(0);
    natsStatus s = js_GetConsumerInfo(&ci, c.js(), k_jobs_stream, name.c_str(), nullptr, &jerr);
    if (s != NATS_OK) {
        jsConsumerConfig cc;
        jsConsumerConfig_Init(&cc);
        cc.Durable = name.c_str();
        cc.Description = "ekb workers of one device class";
        cc.FilterSubject = subject.c_str();
        cc.AckPolicy = js_AckExplicit;
        cc.AckWait = ns(st.ack_wait_s);
        cc.MaxDeliver = st.max_runs + 1;  // the last delivery only records run/worker_lost
        cc.MaxAckPending = 1000;
        s = js_AddConsumer(&ci, c.js(), k_jobs_stream, &cc, nullptr, &jerr);
        if (s != NATS_OK) {
            s = js_GetConsumerInfo(&ci, c.js(), k_jobs_stream, name.c_str(), nullptr, &jerr);
            if (s != NATS_OK) {
                throw FabricError("cannot create the consumer " + name + " on " + std::string(k_jobs_stream) + ": " +
                                  nats_status_text(s));
            }
        }
    }
    int64_t max_deliver = ci->Config ? ci->Config->MaxDeliver : st.max_runs + 1;
    if (ack_wait_s && ci->Config) *ack_wait_s = double(ci->Config->AckWait) / double(k_ns);
    jsConsumerInfo_Destroy(ci);
    return max_deliver;
}

}  // namespace ekb
