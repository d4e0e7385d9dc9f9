// A small HTTP client over libcurl for the LLM providers: one POST of a JSON body, with a
// connect timeout and a total timeout, returning the status, the response headers and the
// body. Thread-safe: every call uses its own easy handle (no shared connection pool), and
// curl_global_init runs once, on the first call.
//
// Transport failures are thrown as LlmError (chat.h):
//   network    connection refused or reset, DNS failure, TLS handshake failure
//   timeout    no complete reply within the total timeout (or no connection in the connect timeout)
//   truncated  the body ended before its Content-Length (or the chunked stream was cut)
//   config     a URL curl cannot use (bad scheme, malformed URL) or a certificate that does
//              not verify (not retried: it will not get better by itself)
// An HTTP error status is NOT an exception here: the caller reads HttpResponse::status.
//
// Messages name the URL, never a header value (headers carry the API key).
#pragma once
#include <ctime>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ekb {

struct HttpOptions {
    double timeout_seconds = 120;        // the whole transfer, connect included
    double connect_timeout_seconds = 10;
    size_t max_body_bytes = 64u << 20;   // a larger reply is an error (LlmError malformed)
};

struct HttpResponse {
    long status = 0;
    std::map<std::string, std::string> headers;   // names in lower case; of the final response
    std::string body;
    double seconds = 0;                           // wall time of the call
    // The value of a header (name in any case), or "" when absent.
    std::string header(const std::string &name) const;
};

// POST `body` to `url` with the given headers (name, value). Throws LlmError on transport
// failures (see above). Proxies from the environment (https_proxy, no_proxy, ...) apply,
// except that loopback addresses never go through a proxy.
HttpResponse http_post(const std::string &url, const std::vector<std::pair<std::string, std::string>> &headers,
                       const std::string &body, const HttpOptions &opts);

// The wait a Retry-After header value asks for, in seconds: delta-seconds ("120", "1.5") or
// an HTTP date ("Wed, 21 Oct 2015 07:28:00 GMT", relative to `now`; a date in the past gives
// 0). Returns -1 when the value is neither.
double parse_retry_after(const std::string &value, std::time_t now);

// `url` with any user:password@ part replaced by "***@", for messages.
std::string redact_url(const std::string &url);

}  // namespace ekb
