// The command-line options of the device fabric, shared by `ekb worker`, `ekb devices`,
// `ekb eval --devices` and `ekb run --devices` (docs/fabric.md). Secrets may come from the
// environment instead (EKB_NATS_PASSWORD, EKB_NATS_TOKEN, EKB_NATS_CREDS), which keeps them
// out of `ps`; none is ever printed or recorded.
#pragma once
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "fabric/connection.h"
#include "fabric/streams.h"

namespace ekb {

class Args;
class RemoteConductor;

FabricOptions fabric_connection_from(const Args &a, const std::string &url);
FabricSettings fabric_settings_from(const Args &a);

// `--devices nats://...` of `ekb eval` / `ekb run`: a connected fabric client for the given
// backends (their device classes are this host's targets), having waited for a worker of
// each; null without --devices. Throws UsageError for a URL that is not nats:// or tls://.
std::unique_ptr<RemoteConductor> fabric_client_from(const Args &a, const std::vector<std::string> &backends);

}  // namespace ekb
