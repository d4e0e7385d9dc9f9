// The host's side of the fabric (`ekb run/eval --devices nats://...`): a RemoteConductor that
// sends each conductor run as a job to the device class of its backend and waits for the
// result. Before sending, it looks for a result of the same job id already in EKB_RESULTS
// (a host killed and resumed picks up what arrived meanwhile); jobs carry their id as
// Nats-Msg-Id (a resent job within the dedupe window is dropped by the server).
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "eval/remote_conductor.h"
#include "fabric/connection.h"
#include "fabric/streams.h"

namespace ekb {

class WorkerRegistry;

struct FabricClientOptions {
    FabricOptions connection;
    FabricSettings settings;
    // backend -> the runner target that names its device class here (backend_target()).
    std::map<std::string, std::string> class_targets;
    // How long a job may wait while no worker of its class is connected before the
    // evaluation fails as a harness error (the job stays queued; a re-run picks it up).
    double no_worker_s = 120;
    // How long to wait at start for a first worker of each class.
    double first_worker_s = 30;
};

class FabricClient : public RemoteConductor {
public:
    explicit FabricClient(const FabricClientOptions &o);
    ~FabricClient() override;

    RemoteOutcome conduct(const RemoteRun &run) override;
    int lanes(const std::string &backend) override;
    nlohmann::json device(const std::string &backend) override;

    // Waits up to first_worker_s for a worker of each backend's class; throws naming the
    // connected workers (and their targets) when none of a class comes.
    void require_workers(const std::vector<std::string> &backends);
    // Counters: results found already in the stream, jobs sent, duplicates the server dropped.
    int found_in_stream() const { return found_; }
    int sent() const { return sent_; }

private:
    std::vector<nlohmann::json> workers_of(const std::string &backend);
    std::string class_of(const std::string &backend) const;

    FabricClientOptions opts_;
    std::unique_ptr<FabricConnection> conn_;
    std::unique_ptr<WorkerRegistry> registry_;
    std::mutex mu_;  // registry reads
    int found_ = 0, sent_ = 0;
};

}  // namespace ekb
