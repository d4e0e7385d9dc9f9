// A connection to the device fabric's NATS server, with JetStream: the options an operator
// sets (URL, user/password, a .creds file, a token, TLS), reconnection that outlives a
// server restart, and errors that say what went wrong without ever printing a secret.
#pragma once
#include <nats/nats.h>

#include <stdexcept>
#include <string>

namespace ekb {

class FabricError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct FabricOptions {
    std::string url;            // nats://host:port[,nats://...]; user:password@ in it is accepted
    std::string user, password;
    std::string creds_file;     // a NATS .creds file (JWT + nkey seed)
    std::string token;
    std::string tls_ca;         // CA certificates to trust (implies TLS)
    std::string tls_cert, tls_key;  // a client certificate (mutual TLS)
    bool tls = false;           // require TLS (also implied by a tls:// URL)
    std::string name;           // the connection's name the server shows (no secrets)
    double connect_timeout_s = 5;

    // The URL with any user:password@ removed: the one form that may appear in logs.
    std::string redacted_url() const;
};

// Fills options from the environment where the flags left them empty: EKB_NATS_USER,
// EKB_NATS_PASSWORD, EKB_NATS_CREDS, EKB_NATS_TOKEN, EKB_NATS_CA, EKB_NATS_CERT, EKB_NATS_KEY.
// (Secrets in the environment keep them out of `ps` output.)
void fabric_options_from_env(FabricOptions &o);

// "user:pass@" removed from every URL in a comma-separated list.
std::string redact_nats_url(const std::string &url);

class FabricConnection {
public:
    // Connects (throws FabricError: unreachable server, refused credentials, TLS failures,
    // a server without JetStream — each said plainly).
    explicit FabricConnection(const FabricOptions &o);
    ~FabricConnection();
    FabricConnection(const FabricConnection &) = delete;
    FabricConnection &operator=(const FabricConnection &) = delete;

    natsConnection *nc() const { return nc_; }
    jsCtx *js() const { return js_; }
    const FabricOptions &options() const { return opts_; }
    bool connected() const;

private:
    FabricOptions opts_;
    natsConnection *nc_ = nullptr;
    jsCtx *js_ = nullptr;
};

// Throws FabricError("<what>: <the library's text>") when s != NATS_OK.
void nats_check(natsStatus s, const std::string &what);
// The library's text for a status, with its last error detail.
std::string nats_status_text(natsStatus s);

}  // namespace ekb
