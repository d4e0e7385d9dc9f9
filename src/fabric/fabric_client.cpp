#include "fabric/fabric_client.h"

#include <chrono>
#include <thread>

#include "common/subprocess.h"
#include "eval/record_from_report.h"
#include "fabric/job.h"
#include "fabric/registry.h"

namespace ekb {

using nlohmann::json;

namespace {

void sleep_s(double s) { std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(s * 1000))); }

// The stored result of a job, if the results stream has one.
std::optional<FabricResult> stored_result(FabricConnection &c, const std::string &job_id) {
    natsMsg *m = nullptr;
    jsErrCode jerr = static_cast<jsErrCode>(0);
    std::string subject = result_subject(job_id);
    natsStatus s = js_GetLastMsg(&m, c.js(), k_results_stream, subject.c_str(), nullptr, &jerr);
    if (s != NATS_OK) return std::nullopt;  // not there (or the server is away: the caller polls again)
    std::string payload(natsMsg_GetData(m), static_cast<size_t>(natsMsg_GetDataLength(m)));
    natsMsg_Destroy(m);
    return parse_result(payload);
}

}  // namespace

FabricClient::FabricClient(const FabricClientOptions &o) : opts_(o) {
    FabricOptions co = o.connection;
    if (co.name.empty()) co.name = "ekb host";
    conn_ = std::make_unique<FabricConnection>(co);
    ensure_streams(*conn_, opts_.settings);
    registry_ = std::make_unique<WorkerRegistry>(*conn_, opts_.settings);
}

FabricClient::~FabricClient() = default;

std::string FabricClient::class_of(const std::string &backend) const {
    auto it = opts_.class_targets.find(backend);
    if (it == opts_.class_targets.end()) throw FabricError("fabric: no device class known for backend " + backend);
    return device_class(it->second);
}

std::vector<json> FabricClient::workers_of(const std::string &backend) {
    std::string cls = class_of(backend);
    std::vector<json> out;
    std::lock_guard<std::mutex> l(mu_);
    try {
        for (auto &w : registry_->list()) {
            if (w.value("backend", "") == backend && w.value("class", "") == cls) out.push_back(std::move(w));
        }
    } catch (const std::exception &) {
        // the server may be restarting: no answer is not "no worker"; callers poll
        throw;
    }
    return out;
}

int FabricClient::lanes(const std::string &backend) {
    try {
        return std::max<int>(1, static_cast<int>(workers_of(backend).size()));
    } catch (const std::exception &) {
        return 1;
    }
}

json FabricClient::device(const std::string &backend) {
    try {
        auto w = workers_of(backend);
        if (w.empty()) return nullptr;
        return w.front().value("device", json());
    } catch (const std::exception &) {
        return nullptr;
    }
}

void FabricClient::require_workers(const std::vector<std::string> &backends) {
    for (const std::string &b : backends) {
        double t0 = monotonic_seconds();
        while (workers_of(b).empty()) {
            if (monotonic_seconds() - t0 > opts_.first_worker_s) {
                std::string seen;
                for (const auto &w : registry_->list()) {
                    seen += "\n  " + w.value("name", "?") + ": " + w.value("backend", "?") + ", target " + w.value("target", "?");
                }
                throw FabricError("no worker for " + b + " (target " + opts_.class_targets.at(b) + ", class " + class_of(b) +
                                  ") is connected to " + opts_.connection.redacted_url() + " after " +
                                  std::to_string(static_cast<int>(opts_.first_worker_s)) + " s; connected: " +
                                  (seen.empty() ? std::string("none") : seen) +
                                  "\n(start one: ekb worker --nats URL --backend " + b +
                                  "; a cpu worker must have this host's target, or set EKB_TARGET_CPU here)");
            }
            sleep_s(0.5);
        }
    }
}

RemoteOutcome FabricClient::conduct(const RemoteRun &run) {
    std::string cls = class_of(run.backend);
    FabricJob job = make_job(run);
    std::string rsubject = result_subject(job.id);
    double started = monotonic_seconds();
    bool from_stream = false;

    auto outcome = [&](const FabricResult &r) {
        RemoteOutcome out;
        out.worker = r.worker;
        out.worker["job"] = job.id;
        out.worker["finished_at"] = r.finished_at;
        // The job's time on the worker and, when this host waited for it, the whole round
        // trip: their difference is the fabric's overhead per job.
        out.worker["run_s"] = r.seconds;
        if (from_stream) out.worker["from_stream"] = true;
        else out.worker["roundtrip_s"] = monotonic_seconds() - started;
        if (r.ok) {
            validate_conductor_report(r.report, "the report of job " + job.id + " from worker " + r.worker.value("name", "?"));
            out.report = r.report;
            return out;
        }
        if (r.code == "worker_lost") {
            out.lost = r.error;
            return out;
        }
        throw std::runtime_error("fabric job " + job.id + " (" + r.code + "): " + r.error);
    };

    // A result that arrived while this host was away (or another host ran the same job).
    if (auto r = stored_result(*conn_, job.id)) {
        std::lock_guard<std::mutex> l(mu_);
        found_++;
        from_stream = true;
        return outcome(*r);
    }
    natsSubscription *sub = nullptr;
    nats_check(natsConnection_SubscribeSync(&sub, conn_->nc(), rsubject.c_str()), "subscribing to " + rsubject);
    struct SubGuard {
        natsSubscription *s;
        ~SubGuard() {
            natsSubscription_Unsubscribe(s);
            natsSubscription_Destroy(s);
        }
    } guard{sub};

    // Send it (with its id, so a resent job is dropped by the server's dedupe window).
    std::string payload = job.to_json().dump();
    std::string jsubject = job_subject(run.backend, cls);
    double t0 = monotonic_seconds();
    while (true) {
        natsMsg *m = nullptr;
        natsMsg_Create(&m, jsubject.c_str(), nullptr, payload.data(), static_cast<int>(payload.size()));
        jsPubOptions po;
        jsPubOptions_Init(&po);
        po.MsgId = job.id.c_str();
        po.MaxWait = 5000;
        jsPubAck *pa = nullptr;
        jsErrCode jerr = static_cast<jsErrCode>(0);
        natsStatus s = js_PublishMsg(&pa, conn_->js(), m, &po, &jerr);
        natsMsg_Destroy(m);
        if (s == NATS_OK) {
            jsPubAck_Destroy(pa);
            break;
        }
        if (s == NATS_MAX_PAYLOAD) {
            throw FabricError("fabric job " + job.id + " is " + std::to_string(payload.size()) +
                              " bytes, more than the server's max_payload: raise max_payload in the server's config");
        }
        if (monotonic_seconds() - t0 > opts_.no_worker_s) {
            throw FabricError("could not send fabric job " + job.id + " to " + opts_.connection.redacted_url() + ": " +
                              nats_status_text(s));
        }
        sleep_s(0.5);
    }
    {
        std::lock_guard<std::mutex> l(mu_);
        sent_++;
    }

    // Wait: the live result, or (after a reconnect, which loses what was published
    // meanwhile) the stored one; and fail when no worker of the class is left.
    double last_poll = monotonic_seconds(), last_worker = monotonic_seconds();
    while (true) {
        natsMsg *m = nullptr;
        natsStatus s = natsSubscription_NextMsg(&m, sub, 1000);
        if (s == NATS_OK) {
            std::string data(natsMsg_GetData(m), static_cast<size_t>(natsMsg_GetDataLength(m)));
            natsMsg_Destroy(m);
            try {
                return outcome(parse_result(data));
            } catch (const std::runtime_error &) {
                throw;
            }
        }
        double now = monotonic_seconds();
        if (now - last_poll >= 3) {
            last_poll = now;
            if (auto r = stored_result(*conn_, job.id)) return outcome(*r);
            try {
                if (!workers_of(run.backend).empty()) last_worker = now;
            } catch (const std::exception &) {
                last_worker = now;  // the server is away: that is not the workers' absence
            }
            if (now - last_worker > opts_.no_worker_s) {
                throw FabricError("no worker of " + run.backend + " class " + cls + " has been connected for " +
                                  std::to_string(static_cast<int>(opts_.no_worker_s)) + " s; job " + job.id +
                                  " stays queued (a re-run picks up its result)");
            }
        }
    }
}

}  // namespace ekb
