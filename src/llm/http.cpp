#include "llm/http.h"

#include "llm/chat.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace ekb {

namespace {

void global_init() {
    static std::once_flag once;
    std::call_once(once, [] {
        CURLcode rc = curl_global_init(CURL_GLOBAL_DEFAULT);
        if (rc != CURLE_OK)
            throw LlmError(LlmError::Kind::config, std::string("libcurl initialisation failed: ") + curl_easy_strerror(rc));
    });
}

std::string lower(std::string s) {
    for (char &c : s) c = (char)std::tolower((unsigned char)c);
    return s;
}

std::string trim(const std::string &s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace((unsigned char)s[b])) b++;
    while (e > b && std::isspace((unsigned char)s[e - 1])) e--;
    return s.substr(b, e - b);
}

struct Transfer {
    HttpResponse *resp;
    size_t max_body;
    bool too_large = false;
};

size_t on_body(char *data, size_t size, size_t n, void *user) {
    auto *t = static_cast<Transfer *>(user);
    size_t len = size * n;
    if (t->resp->body.size() + len > t->max_body) {
        t->too_large = true;
        return 0;   // aborts the transfer (CURLE_WRITE_ERROR)
    }
    t->resp->body.append(data, len);
    return len;
}

size_t on_header(char *data, size_t size, size_t n, void *user) {
    auto *t = static_cast<Transfer *>(user);
    size_t len = size * n;
    std::string line(data, len);
    if (line.rfind("HTTP/", 0) == 0) {
        t->resp->headers.clear();   // a new response (after 100 Continue, or a redirect)
        return len;
    }
    size_t colon = line.find(':');
    if (colon != std::string::npos) t->resp->headers[lower(trim(line.substr(0, colon)))] = trim(line.substr(colon + 1));
    return len;
}

// no_proxy from the environment plus the loopback names, so a local server is never proxied.
std::string no_proxy_list() {
    std::string list = "localhost,127.0.0.1,::1";
    for (const char *var : {"no_proxy", "NO_PROXY"}) {
        const char *v = std::getenv(var);
        if (v && *v) {
            list = std::string(v) + "," + list;
            break;
        }
    }
    return list;
}

struct EasyHandle {
    CURL *h = curl_easy_init();
    curl_slist *headers = nullptr;
    ~EasyHandle() {
        if (headers) curl_slist_free_all(headers);
        if (h) curl_easy_cleanup(h);
    }
};

}  // namespace

std::string HttpResponse::header(const std::string &name) const {
    auto it = headers.find(lower(name));
    return it == headers.end() ? std::string() : it->second;
}

std::string redact_url(const std::string &url) {
    size_t scheme = url.find("://");
    size_t start = scheme == std::string::npos ? 0 : scheme + 3;
    size_t end = url.find_first_of("/?#", start);
    if (end == std::string::npos) end = url.size();
    size_t at = url.rfind('@', end);
    if (at == std::string::npos || at < start) return url;
    return url.substr(0, start) + "***" + url.substr(at);
}

HttpResponse http_post(const std::string &url, const std::vector<std::pair<std::string, std::string>> &headers,
                       const std::string &body, const HttpOptions &opts) {
    using Kind = LlmError::Kind;
    global_init();
    EasyHandle e;
    if (!e.h) throw LlmError(Kind::network, "libcurl: cannot create a handle");
    HttpResponse resp;
    Transfer t{&resp, opts.max_body_bytes};
    char errbuf[CURL_ERROR_SIZE] = {0};
    std::string no_proxy = no_proxy_list();

    for (const auto &[name, value] : headers) e.headers = curl_slist_append(e.headers, (name + ": " + value).c_str());
    // curl would otherwise send "Expect: 100-continue" for large bodies and wait for it.
    e.headers = curl_slist_append(e.headers, "Expect:");

    auto ms = [](double s) { return (long)std::max(1.0, std::ceil(s * 1000)); };
    curl_easy_setopt(e.h, CURLOPT_URL, url.c_str());
    curl_easy_setopt(e.h, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(e.h, CURLOPT_POST, 1L);
    curl_easy_setopt(e.h, CURLOPT_POSTFIELDS, body.data());
    curl_easy_setopt(e.h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body.size());
    curl_easy_setopt(e.h, CURLOPT_HTTPHEADER, e.headers);
    curl_easy_setopt(e.h, CURLOPT_TIMEOUT_MS, ms(opts.timeout_seconds));
    curl_easy_setopt(e.h, CURLOPT_CONNECTTIMEOUT_MS, ms(std::min(opts.connect_timeout_seconds, opts.timeout_seconds)));
    curl_easy_setopt(e.h, CURLOPT_NOSIGNAL, 1L);   // threads: no SIGALRM for DNS timeouts
    curl_easy_setopt(e.h, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(e.h, CURLOPT_ACCEPT_ENCODING, "");   // whatever curl can decode
    curl_easy_setopt(e.h, CURLOPT_USERAGENT, "ekb (EdgeKernelBench)");
    curl_easy_setopt(e.h, CURLOPT_NOPROXY, no_proxy.c_str());
    curl_easy_setopt(e.h, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(e.h, CURLOPT_WRITEDATA, &t);
    curl_easy_setopt(e.h, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(e.h, CURLOPT_HEADERDATA, &t);
    curl_easy_setopt(e.h, CURLOPT_ERRORBUFFER, errbuf);

    auto t0 = std::chrono::steady_clock::now();
    CURLcode rc = curl_easy_perform(e.h);
    resp.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    curl_easy_getinfo(e.h, CURLINFO_RESPONSE_CODE, &resp.status);

    if (rc != CURLE_OK) {
        std::string where = redact_url(url);
        std::string detail = errbuf[0] ? std::string(errbuf) : std::string(curl_easy_strerror(rc));
        while (!detail.empty() && (detail.back() == '\n' || detail.back() == ' ')) detail.pop_back();
        char secs[32];
        switch (rc) {
        case CURLE_OPERATION_TIMEDOUT: {
            curl_off_t connected_us = 0;
            curl_easy_getinfo(e.h, CURLINFO_CONNECT_TIME_T, &connected_us);
            if (connected_us == 0) {
                std::snprintf(secs, sizeof secs, "%g", std::min(opts.connect_timeout_seconds, opts.timeout_seconds));
                throw LlmError(Kind::timeout, "no connection to " + where + " within " + secs + " s (" + detail + ")");
            }
            std::snprintf(secs, sizeof secs, "%g", opts.timeout_seconds);
            throw LlmError(Kind::timeout, "no complete reply from " + where + " within " + secs + " s (" + detail + ")");
        }
        case CURLE_PARTIAL_FILE:
            throw LlmError(Kind::truncated, "the reply from " + where + " ended early (" + detail + ")", (int)resp.status);
        case CURLE_WRITE_ERROR:
            if (t.too_large)
                throw LlmError(Kind::malformed, "the reply from " + where + " is larger than " +
                                                    std::to_string(opts.max_body_bytes >> 20) + " MiB", (int)resp.status);
            throw LlmError(Kind::network, "cannot read the reply from " + where + " (" + detail + ")");
        case CURLE_RECV_ERROR:
        case CURLE_HTTP2_STREAM:
        case CURLE_HTTP2:
            // A connection cut in the middle of a body is a truncated reply; before any
            // response it is a network error.
            if (resp.status != 0)
                throw LlmError(Kind::truncated, "the reply from " + where + " ended early (" + detail + ")", (int)resp.status);
            throw LlmError(Kind::network, "connection to " + where + " failed (" + detail + ")");
        case CURLE_UNSUPPORTED_PROTOCOL:
        case CURLE_URL_MALFORMAT:
            throw LlmError(Kind::config, "cannot use the URL " + where + " (" + detail + ")");
        case CURLE_PEER_FAILED_VERIFICATION:
        case CURLE_SSL_CACERT_BADFILE:
        case CURLE_SSL_CERTPROBLEM:
            throw LlmError(Kind::config, "the TLS certificate of " + where + " does not verify (" + detail + ")");
        case CURLE_COULDNT_RESOLVE_HOST:
            throw LlmError(Kind::network, "cannot resolve the host of " + where + " (" + detail + ")");
        case CURLE_COULDNT_CONNECT:
            throw LlmError(Kind::network, "cannot connect to " + where + " (" + detail + ")");
        default:
            throw LlmError(Kind::network, "request to " + where + " failed (" + detail + ")");
        }
    }
    // curl reports a short body as CURLE_PARTIAL_FILE; check Content-Length again in case a
    // decoder or an odd server got past it.
    std::string cl = resp.header("content-length");
    if (!cl.empty() && resp.header("content-encoding").empty()) {
        char *end = nullptr;
        unsigned long long n = std::strtoull(cl.c_str(), &end, 10);
        if (end && *end == 0 && n != resp.body.size())
            throw LlmError(Kind::truncated, "the reply from " + redact_url(url) + " has " + std::to_string(resp.body.size()) +
                                                " bytes of the " + cl + " its Content-Length announced", (int)resp.status);
    }
    return resp;
}

double parse_retry_after(const std::string &value, std::time_t now) {
    std::string v = trim(value);
    if (v.empty()) return -1;
    bool numeric = std::all_of(v.begin(), v.end(), [](char c) { return std::isdigit((unsigned char)c) || c == '.'; });
    if (numeric) {
        char *end = nullptr;
        double s = std::strtod(v.c_str(), &end);
        if (end && *end == 0 && std::isfinite(s) && s >= 0) return s;
        return -1;
    }
    std::time_t when = curl_getdate(v.c_str(), &now);
    if (when == (std::time_t)-1) return -1;
    return std::max(0.0, std::difftime(when, now));
}

}  // namespace ekb
