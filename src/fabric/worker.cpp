#include "fabric/worker.h"

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <thread>

#include "common/backend_table.h"
#include "common/files.h"
#include "common/paths.h"
#include "common/subprocess.h"
#include "eval/conductor_process.h"
#include "fabric/job.h"
#include "fabric/registry.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string host_name() {
    char buf[256] = {0};
    if (::gethostname(buf, sizeof(buf) - 1) != 0) return "unknown-host";
    return buf;
}

void sleep_s(double s) { std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(s * 1000))); }

class Worker {
public:
    Worker(const WorkerConfig &cfg, std::atomic<bool> &stop) : cfg_(cfg), stop_(stop) {}

    int run() {
        if (cfg_.device >= 0) ::setenv("HL_GPU_DEVICE", std::to_string(cfg_.device).c_str(), 1);
        auto base = cfg_.runners.find(cfg_.class_target);
        if (base == cfg_.runners.end()) throw FabricError("worker: no runner for its own target " + cfg_.class_target);
        name_ = worker_key(cfg_.name.empty() ? host_name() + "-" + cfg_.backend + (cfg_.device >= 0 ? "-" + std::to_string(cfg_.device) : "")
                                             : cfg_.name);
        // The device first: a worker that cannot run its backend here must not take jobs.
        json probe = probe_with_runner(base->second, cfg_.backend);
        if (!probe.value("supported", false)) {
            throw FabricError("backend " + cfg_.backend + " is not usable on this machine: " + probe.value("reason", std::string("(no reason)")));
        }
        // A GPU backend served by a CPU device (OpenCL finds PoCL first) while this machine
        // has an NVIDIA GPU: legitimate for tests, but rarely what an operator meant.
        if (backend_info(cfg_.backend).device_class == DeviceClass::gpu &&
            probe.value("device", json::object()).value("device_type", "") == "cpu" &&
            (::access("/dev/nvidiactl", F_OK) == 0 || ::access("/dev/nvidia0", F_OK) == 0)) {
            log("warning: this machine has an NVIDIA GPU, but the " + cfg_.backend + " device found is a CPU (" +
                probe.value("device", json::object()).value("platform", std::string("?")) +
                "); to serve the GPU set HL_OCL_DEVICE_TYPE=gpu, and OCL_ICD_VENDORS to a folder holding an "
                "nvidia.icd (one line: libnvidia-opencl.so.1) where /etc/OpenCL/vendors has none");
        }
        FabricOptions co = cfg_.connection;
        if (co.name.empty()) co.name = "ekb-worker " + name_;
        FabricConnection c(co);
        conn_ = &c;
        ensure_streams(c, cfg_.settings);
        cls_ = device_class(cfg_.class_target);
        ack_wait_s_ = cfg_.settings.ack_wait_s;
        max_deliver_ = ensure_class_consumer(c, cfg_.backend, cls_, cfg_.settings, &ack_wait_s_);
        WorkerRegistry registry(c, cfg_.settings);
        registry_ = &registry;

        identity_ = {{"name", name_}, {"backend", cfg_.backend}, {"target", cfg_.class_target}, {"class", cls_},
                     {"host", host_name()}, {"pid", static_cast<int64_t>(::getpid())}, {"device", probe.value("device", json::object())},
                     {"gpu_index", cfg_.device}, {"ekb_version", ekb_version()}, {"started_at", fabric_timestamp()},
                     {"confinement", confinement_summary()}, {"allows_unconfined", cfg_.allow_unconfined},
                     {"max_runs", max_deliver_ - 1}, {"ack_wait_s", ack_wait_s_}};
        json runners = json::array();
        for (const auto &[t, p] : cfg_.runners) runners.push_back(t);
        identity_["runners"] = runners;
        if (json other = registry.get(name_); other.is_object() && other.value("pid", int64_t(0)) != ::getpid() &&
                                               other.value("host", "") != host_name()) {
            log("warning: a worker named " + name_ + " on " + other.value("host", "?") +
                " is registered too; give each worker its own --name");
        }
        publish_state("idle", "");

        std::string subject = job_subject(cfg_.backend, cls_), durable = consumer_name(cfg_.backend, cls_);
        jsSubOptions so;
        jsSubOptions_Init(&so);
        so.Stream = k_jobs_stream;
        jsErrCode jerr = static_cast<jsErrCode>(0);
        natsSubscription *sub = nullptr;
        nats_check(js_PullSubscribe(&sub, c.js(), subject.c_str(), durable.c_str(), nullptr, &so, &jerr),
                   "subscribing to " + subject + " (consumer " + durable + ")");
        log("serving " + cfg_.backend + " jobs of class " + cls_ + " (" + cfg_.class_target + ") from " + co.redacted_url() +
            "; device: " + probe.value("device", json::object()).dump() + "; AckWait " + fmt(ack_wait_s_) +
            " s, runs per job " + std::to_string(max_deliver_ - 1));

        std::thread pulse([&] { pulse_loop(); });
        double idle_since = monotonic_seconds();
        bool disconnected_logged = false;
        while (!stop_) {
            if (cfg_.max_jobs > 0 && done_ >= cfg_.max_jobs) break;
            if (cfg_.idle_exit_s > 0 && monotonic_seconds() - idle_since > cfg_.idle_exit_s) break;
            natsMsgList list{};
            natsStatus s = natsSubscription_Fetch(&list, sub, 1, 1000, &jerr);
            if (s == NATS_TIMEOUT) continue;
            if (s != NATS_OK) {
                if (!disconnected_logged) log("fetching jobs: " + nats_status_text(s) + " (retrying)");
                disconnected_logged = true;
                sleep_s(0.5);
                continue;
            }
            if (disconnected_logged) log("fetching jobs again");
            disconnected_logged = false;
            for (int i = 0; i < list.Count; i++) handle(list.Msgs[i]);
            natsMsgList_Destroy(&list);
            idle_since = monotonic_seconds();
        }
        {
            std::lock_guard<std::mutex> l(mu_);
            quit_ = true;
        }
        pulse.join();
        natsSubscription_Unsubscribe(sub);
        natsSubscription_Destroy(sub);
        registry.remove(name_);
        log("stopped after " + std::to_string(done_.load()) + " job(s)");
        return done_;
    }

private:
    static std::string fmt(double v) {
        char b[32];
        std::snprintf(b, sizeof(b), "%.3g", v);
        return b;
    }

    void log(const std::string &m) { std::cerr << fabric_timestamp() << " [worker " << name_ << "] " << m << std::endl; }

    void publish_state(const std::string &state, const std::string &job) {
        json p = identity_;
        p["state"] = state;
        p["job"] = job;
        p["jobs_done"] = done_.load();
        p["last_seen"] = fabric_timestamp();
        try {
            registry_->put(name_, p);
            last_put_ = monotonic_seconds();
        } catch (const std::exception &) {
            // the server may be restarting; the pulse retries
        }
    }

    // Heartbeats: InProgress for the running job (so AckWait only expires when this worker
    // is gone), the registry entry for everyone else.
    void pulse_loop() {
        double ip_every = std::max(0.2, ack_wait_s_ / 3);
        double put_every = std::max(0.5, cfg_.settings.worker_ttl_s / 3);
        while (true) {
            {
                std::lock_guard<std::mutex> l(mu_);
                if (quit_) return;
                double now = monotonic_seconds();
                if (active_ && now - last_ip_ >= ip_every) {
                    natsMsg_InProgress(active_, nullptr);
                    last_ip_ = now;
                }
                if (now - last_put_ >= put_every) publish_state(active_ ? "busy" : "idle", active_job_);
            }
            sleep_s(0.1);
        }
    }

    // Publishes a job's result until the server has it; false when it could not (then the
    // job is not acked: it is delivered again rather than lost).
    bool publish(const FabricResult &res_in) {
        FabricResult res = res_in;
        std::string payload = res.to_json().dump();
        std::string subject = result_subject(res.id);
        double deadline = monotonic_seconds() + 600;
        bool logged = false;
        while (true) {
            natsMsg *m = nullptr;
            natsMsg_Create(&m, subject.c_str(), nullptr, payload.data(), static_cast<int>(payload.size()));
            jsPubOptions po;
            jsPubOptions_Init(&po);
            po.MsgId = res.id.c_str();
            po.MaxWait = 5000;
            jsPubAck *pa = nullptr;
            jsErrCode jerr = static_cast<jsErrCode>(0);
            natsStatus s = js_PublishMsg(&pa, conn_->js(), m, &po, &jerr);
            natsMsg_Destroy(m);
            if (s == NATS_OK) {
                jsPubAck_Destroy(pa);
                return true;
            }
            if (s == NATS_MAX_PAYLOAD && res.ok) {
                // A report larger than the server's max_payload: say so instead (the host
                // records a harness error rather than waiting for a result that cannot come).
                res.ok = false;
                res.code = "harness_error";
                res.error = "worker " + name_ + ": the report (" + std::to_string(payload.size()) +
                            " bytes) is larger than the server's max_payload; raise max_payload in its config";
                res.report = nullptr;
                payload = res.to_json().dump();
                continue;
            }
            if (s == NATS_MAX_PAYLOAD || monotonic_seconds() > deadline || stop_) {
                log("could not publish the result of job " + res.id + ": " + nats_status_text(s));
                return false;
            }
            if (!logged) log("publishing the result of job " + res.id + ": " + nats_status_text(s) + " (retrying)");
            logged = true;
            sleep_s(0.5);
        }
    }

    void ack(natsMsg *msg, bool term) {
        for (int i = 0; i < 20; i++) {
            jsErrCode jerr = static_cast<jsErrCode>(0);
            natsStatus s = term ? natsMsg_Term(msg, nullptr) : natsMsg_AckSync(msg, nullptr, &jerr);
            if (s == NATS_OK) return;
            sleep_s(0.5);
        }
        log("could not acknowledge a job; it will be delivered again and its result deduplicated");
    }

    void handle(natsMsg *msg) {
        double t0 = monotonic_seconds();
        std::string payload(natsMsg_GetData(msg), static_cast<size_t>(natsMsg_GetDataLength(msg)));
        uint64_t delivered = 1;
        jsMsgMetaData *meta = nullptr;
        if (natsMsg_GetMetaData(&meta, msg) == NATS_OK) {
            delivered = meta->NumDelivered;
            jsMsgMetaData_Destroy(meta);
        }
        FabricResult res;
        res.worker = {{"name", name_}, {"host", identity_["host"]}, {"backend", cfg_.backend}, {"target", cfg_.class_target},
                      {"class", cls_}, {"attempt", delivered}};
        auto finish = [&](bool term, const std::string &what) {
            res.seconds = monotonic_seconds() - t0;
            res.finished_at = fabric_timestamp();
            res.worker["job"] = res.id;
            if (!res.id.empty() && !publish(res)) {
                natsMsg_Nak(msg, nullptr);  // delivered again (counts as a run) rather than lost
                return;
            }
            ack(msg, term);
            log("job " + (res.id.empty() ? std::string("?") : res.id) + " (run " + std::to_string(delivered) + "): " + what +
                " in " + fmt(res.seconds) + " s");
        };
        FabricJob job;
        try {
            job = parse_job(payload);
        } catch (const std::exception &e) {
            // Answer under the id it claims (so its sender learns why), when it has one.
            const char *hdr = nullptr;
            if (natsMsgHeader_Get(msg, "Nats-Msg-Id", &hdr) == NATS_OK && hdr) res.id = hdr;
            try {
                json claimed = json::parse(payload);
                if (claimed.is_object() && claimed.contains("id") && claimed["id"].is_string()) res.id = claimed["id"];
            } catch (const std::exception &) {
            }
            bool hex32 = res.id.size() == 32 && res.id.find_first_not_of("0123456789abcdef") == std::string::npos;
            if (!hex32) res.id.clear();
            res.code = "bad_job";
            res.error = e.what();
            finish(true, std::string("rejected: ") + e.what());
            return;
        }
        res.id = job.id;
        auto runner = cfg_.runners.find(job.runner_target);
        if (job.backend != cfg_.backend || runner == cfg_.runners.end()) {
            res.code = "wrong_device";
            res.error = "worker " + name_ + " runs " + cfg_.backend + " with runners for " + identity_["runners"].dump() +
                        "; the job is for " + job.backend + " with " + job.runner_target;
            finish(true, "refused: wrong device");
            return;
        }
        if (max_deliver_ > 1 && static_cast<int64_t>(delivered) >= max_deliver_) {
            res.code = "worker_lost";
            res.error = "no worker finished this job in " + std::to_string(max_deliver_ - 1) +
                        " runs: each worker that took it died or fell silent for longer than AckWait (" + fmt(ack_wait_s_) +
                        " s); the kernel (or the device) kills workers";
            finish(false, "recorded run/worker_lost");
            return;
        }
        if (!job.spec.confine && !cfg_.allow_unconfined) {
            res.code = "harness_error";
            res.error = "worker " + name_ + " runs confined jobs only (start it with --allow-unconfined to accept --no-confine)";
            finish(true, "refused: unconfined");
            return;
        }
        {
            std::lock_guard<std::mutex> l(mu_);
            active_ = msg;
            active_job_ = job.id;
            last_ip_ = monotonic_seconds();
        }
        log("job " + job.id + " (run " + std::to_string(delivered) + "): started");
        try {
            TempDir dir("ekb-job-");
            ::chmod(dir.path().c_str(), 0755);
            for (const auto &[h, bytes] : job.artifacts) {
                fs::path p = dir.path() / (h + ".so");
                write_file(p, bytes);
                ::chmod(p.c_str(), 0644);
            }
            ConductSpec spec = job.spec;
            // The publisher chooses the spec; this device chooses how many threads it has.
            long cores = std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
            if (spec.threads > cores) spec.threads = static_cast<int>(cores);
            spec.candidate = (dir.path() / (spec.candidate + ".so")).string();
            spec.reference = (dir.path() / (spec.reference + ".so")).string();
            if (!spec.expert.empty()) spec.expert = (dir.path() / (spec.expert + ".so")).string();
            res.report = run_conductor(runner->second, spec, std::min(job.wall_seconds, cfg_.max_job_seconds));
            res.ok = true;
        } catch (const std::exception &e) {
            res.code = "harness_error";
            res.error = "worker " + name_ + ": " + e.what();
        }
        {
            std::lock_guard<std::mutex> l(mu_);
            active_ = nullptr;
            active_job_.clear();
        }
        done_++;
        std::string what = res.ok ? (res.report.value("timed", false) ? "timed" : res.report.value("correct", false) ? "correct" : "not correct")
                                  : "harness error: " + clip(res.error, 300);
        finish(false, what);
        publish_state("idle", "");
    }

    const WorkerConfig &cfg_;
    std::atomic<bool> &stop_;
    FabricConnection *conn_ = nullptr;
    WorkerRegistry *registry_ = nullptr;
    std::string name_, cls_;
    json identity_;
    double ack_wait_s_ = 30;
    int64_t max_deliver_ = 4;
    std::atomic<int> done_{0};
    std::mutex mu_;
    natsMsg *active_ = nullptr;
    std::string active_job_;
    double last_ip_ = 0, last_put_ = 0;
    bool quit_ = false;
};

}  // namespace

int run_worker(const WorkerConfig &cfg, std::atomic<bool> &stop) {
    Worker w(cfg, stop);
    return w.run();
}

}  // namespace ekb
