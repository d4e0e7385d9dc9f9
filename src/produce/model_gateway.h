// The model gateway of external agents: ekb serves an OpenAI-compatible
// POST /v1/chat/completions (and an Anthropic-shaped POST /v1/messages, GET /v1/models) to
// the agent, and answers each request through ekb's own client for the sample's model
// (produce/llm_call.h: the same budget, cache, replay and transcript as direct, iterative
// and LEKA). The agent's calls, HTTP attempts, tokens and cost are thus measured and capped
// like ours; a request the budget refuses gets HTTP 402 (error type "budget_exhausted").
// The agent never sees the real key (its OPENAI_API_KEY / ANTHROPIC_API_KEY are a dummy).
//
// How the agent reaches it (docs/producers.md, "External agents"): the agent runs with a
// network namespace of its own, which has nothing but a loopback interface. Inside it,
// before the agent's command, `ekb agent-init` (this file's external_agent_init) makes a
// listening TCP socket on 127.0.0.1, hands that socket to the trusted ekb over a Unix socket
// in the workspace (SCM_RIGHTS), closes its own copy, sets OPENAI_BASE_URL and
// ANTHROPIC_BASE_URL to it and execs the command. ekb accepts on the handed socket: the
// agent's connections to 127.0.0.1 inside its namespace arrive at ekb outside it, and no
// other address is reachable.
#pragma once
#include <atomic>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "llm/chat.h"
#include "produce/producer.h"

namespace ekb {

class ModelGateway {
public:
    // Listens on the Unix socket `handoff` (mode 0666: the agent runs as a sandbox uid) for
    // the agent's listening socket, then serves HTTP on it until destroyed.
    ModelGateway(const std::filesystem::path &handoff, const ProduceRequest &req, const ProducerOptions &opts);
    ~ModelGateway();  // stop()
    void stop();      // stops serving, after a request in flight; idempotent
    ModelGateway(const ModelGateway &) = delete;
    ModelGateway &operator=(const ModelGateway &) = delete;

    // What the agent asked and got (transcript entries), and the first failure that is not
    // the model's answer (transient or fatal LlmError), which makes the sample a harness
    // failure once the agent ends. Call after the agent ended.
    nlohmann::json calls() const;
    int requests() const { return requests_; }
    std::optional<LlmError> failure() const;

private:
    void serve();
    void handle(int conn);
    // One API request: returns (status, body) in the API's own shape.
    std::pair<int, nlohmann::json> answer(const std::string &method, const std::string &path, const std::string &body);

    const ProduceRequest &req_;
    ProducerOptions opts_;
    int handoff_fd_ = -1, listen_fd_ = -1;
    int stop_pipe_[2] = {-1, -1};
    std::atomic<int> requests_{0};
    mutable std::mutex mu_;
    nlohmann::json calls_ = nlohmann::json::array();
    std::optional<LlmError> failure_;
    std::thread thread_;
};

// `ekb agent-init CMD...` inside the agent's sandbox (see above); execs CMD. Returns only
// on failure (exit status 2, the reason on stderr).
int external_agent_init(const std::vector<std::string> &argv);

}  // namespace ekb
