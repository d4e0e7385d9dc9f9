#include "fabric/connection.h"

#include <cstdlib>
#include <mutex>

namespace ekb {

namespace {

std::string env_or(const std::string &v, const char *name) {
    if (!v.empty()) return v;
    const char *e = std::getenv(name);
    return e ? e : "";
}

void nats_init_once() {
    static std::once_flag once;
    std::call_once(once, [] { nats_Open(-1); });
}

}  // namespace

std::string redact_nats_url(const std::string &url) {
    std::string out;
    size_t p = 0;
    while (p <= url.size()) {
        size_t e = url.find(',', p);
        if (e == std::string::npos) e = url.size();
        std::string one = url.substr(p, e - p);
        size_t scheme = one.find("://");
        size_t start = scheme == std::string::npos ? 0 : scheme + 3;
        size_t at = one.find('@', start);
        if (at != std::string::npos) one = one.substr(0, start) + one.substr(at + 1);
        if (!out.empty()) out += ",";
        out += one;
        p = e + 1;
    }
    return out;
}

std::string FabricOptions::redacted_url() const { return redact_nats_url(url); }

void fabric_options_from_env(FabricOptions &o) {
    o.user = env_or(o.user, "EKB_NATS_USER");
    o.password = env_or(o.password, "EKB_NATS_PASSWORD");
    o.creds_file = env_or(o.creds_file, "EKB_NATS_CREDS");
    o.token = env_or(o.token, "EKB_NATS_TOKEN");
    o.tls_ca = env_or(o.tls_ca, "EKB_NATS_CA");
    o.tls_cert = env_or(o.tls_cert, "EKB_NATS_CERT");
    o.tls_key = env_or(o.tls_key, "EKB_NATS_KEY");
}

std::string nats_status_text(natsStatus s) {
    std::string t = natsStatus_GetText(s);
    natsStatus last = NATS_OK;
    const char *detail = nats_GetLastError(&last);
    if (detail && *detail && t.find(detail) == std::string::npos) t += " (" + std::string(detail) + ")";
    return t;
}

void nats_check(natsStatus s, const std::string &what) {
    if (s != NATS_OK) throw FabricError(what + ": " + nats_status_text(s));
}

FabricConnection::FabricConnection(const FabricOptions &o) : opts_(o) {
    nats_init_once();
    if (o.url.empty()) throw FabricError("no NATS server URL (--nats / --devices nats://HOST:PORT)");
    natsOptions *no = nullptr;
    nats_check(natsOptions_Create(&no), "NATS options");
    struct Guard {
        natsOptions *o;
        ~Guard() { natsOptions_Destroy(o); }
    } guard{no};
    std::string where = "the NATS server at " + o.redacted_url();
    nats_check(natsOptions_SetURL(no, o.url.c_str()), "the NATS URL " + o.redacted_url());
    if (!o.name.empty()) natsOptions_SetName(no, o.name.c_str());
    natsOptions_SetTimeout(no, static_cast<int64_t>(o.connect_timeout_s * 1000));
    // Outlive server restarts: reconnect forever, buffer what is published meanwhile.
    natsOptions_SetAllowReconnect(no, true);
    natsOptions_SetMaxReconnect(no, -1);
    natsOptions_SetReconnectWait(no, 250);
    natsOptions_SetReconnectBufSize(no, 32 << 20);
    if (!o.user.empty() || !o.password.empty()) {
        nats_check(natsOptions_SetUserInfo(no, o.user.c_str(), o.password.c_str()), "NATS user options");
    }
    if (!o.token.empty()) nats_check(natsOptions_SetToken(no, o.token.c_str()), "NATS token option");
    if (!o.creds_file.empty()) {
        nats_check(natsOptions_SetUserCredentialsFromFiles(no, o.creds_file.c_str(), nullptr),
                   "the NATS credentials file " + o.creds_file);
    }
    bool tls = o.tls || !o.tls_ca.empty() || !o.tls_cert.empty() || o.url.rfind("tls://", 0) == 0;
    if (tls) {
        nats_check(natsOptions_SetSecure(no, true), "TLS (is libnats built with TLS?)");
        if (!o.tls_ca.empty()) nats_check(natsOptions_LoadCATrustedCertificates(no, o.tls_ca.c_str()), "the CA file " + o.tls_ca);
        if (!o.tls_cert.empty() || !o.tls_key.empty()) {
            nats_check(natsOptions_LoadCertificatesChain(no, o.tls_cert.c_str(), o.tls_key.c_str()),
                       "the client certificate " + o.tls_cert + " / key " + o.tls_key);
        }
    }
    natsStatus s = natsConnection_Connect(&nc_, no);
    if (s != NATS_OK) {
        std::string detail = nats_status_text(s);
        if (s == NATS_NOT_PERMITTED || s == NATS_CONNECTION_AUTH_FAILED ||
            detail.find("uthorization") != std::string::npos) {
            throw FabricError(where + " refused the credentials (" + detail +
                              "): check --user/--password, --creds or --token (or EKB_NATS_*)");
        }
        if (s == NATS_NO_SERVER) throw FabricError("cannot reach " + where + ": " + detail + " (is nats-server running, with -js?)");
        if (s == NATS_SSL_ERROR || s == NATS_SECURE_CONNECTION_REQUIRED || s == NATS_SECURE_CONNECTION_WANTED) {
            throw FabricError("TLS with " + where + " failed: " + detail);
        }
        throw FabricError("cannot connect to " + where + ": " + detail);
    }
    s = natsConnection_JetStream(&js_, nc_, nullptr);
    if (s != NATS_OK) {
        natsConnection_Destroy(nc_);
        nc_ = nullptr;
        throw FabricError("JetStream context on " + where + ": " + nats_status_text(s));
    }
    // A server without JetStream (started without -js) answers no API request: say so now.
    jsAccountInfo *ai = nullptr;
    jsErrCode jerr = static_cast<jsErrCode>(0);
    s = js_GetAccountInfo(&ai, js_, nullptr, &jerr);
    if (s != NATS_OK) {
        std::string detail = nats_status_text(s);
        jsCtx_Destroy(js_);
        js_ = nullptr;
        natsConnection_Destroy(nc_);
        nc_ = nullptr;
        throw FabricError(where + " has no JetStream for this account (start it with -js, or enable jetstream in its config): " +
                          detail);
    }
    jsAccountInfo_Destroy(ai);
}

FabricConnection::~FabricConnection() {
    if (js_) jsCtx_Destroy(js_);
    if (nc_) {
        natsConnection_FlushTimeout(nc_, 2000);
        natsConnection_Destroy(nc_);
    }
}

bool FabricConnection::connected() const { return nc_ && natsConnection_Status(nc_) == NATS_CONN_STATUS_CONNECTED; }

}  // namespace ekb
