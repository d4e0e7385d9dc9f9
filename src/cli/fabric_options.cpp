#include "cli/fabric_options.h"

#include "cli/args.h"
#include "compile/backend.h"
#include "fabric/fabric_client.h"

namespace ekb {

FabricOptions fabric_connection_from(const Args &a, const std::string &url) {
    if (url.rfind("nats://", 0) != 0 && url.rfind("tls://", 0) != 0) {
        throw UsageError("the fabric URL must start with nats:// or tls:// (e.g. nats://127.0.0.1:4222), not '" +
                         redact_nats_url(url) + "'");
    }
    FabricOptions o;
    o.url = url;
    o.user = a.get_or("user", "");
    o.password = a.get_or("password", "");
    o.creds_file = a.get_or("creds", "");
    o.token = a.get_or("token", "");
    o.tls = a.flag("tls");
    o.tls_ca = a.get_or("tls-ca", "");
    o.tls_cert = a.get_or("tls-cert", "");
    o.tls_key = a.get_or("tls-key", "");
    fabric_options_from_env(o);
    return o;
}

FabricSettings fabric_settings_from(const Args &a) {
    FabricSettings s;
    s.ack_wait_s = a.number("ack-wait", s.ack_wait_s);
    if (!(s.ack_wait_s >= 0.5)) throw UsageError("--ack-wait must be >= 0.5 seconds");
    double runs = a.number("max-runs", s.max_runs);
    if (runs < 1 || runs > 100 || runs != static_cast<int>(runs)) throw UsageError("--max-runs must be an integer in 1..100");
    s.max_runs = static_cast<int>(runs);
    return s;
}

std::unique_ptr<RemoteConductor> fabric_client_from(const Args &a, const std::vector<std::string> &backends) {
    auto url = a.get("devices");
    if (!url) return nullptr;
    FabricClientOptions o;
    o.connection = fabric_connection_from(a, *url);
    o.settings = fabric_settings_from(a);
    o.first_worker_s = a.number("worker-wait", o.first_worker_s);
    o.no_worker_s = a.number("no-worker-timeout", o.no_worker_s);
    for (const std::string &b : backends) o.class_targets[b] = backend_target(b);
    auto client = std::make_unique<FabricClient>(o);
    client->require_workers(backends);
    return client;
}

}  // namespace ekb
