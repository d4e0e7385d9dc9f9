// The producers that ask a model: `direct` (one reply per sample: the reference design's
// single-shot setting) and `iterative` (one general agent: each turn it sees the compile
// errors, the mismatch summary on visible instances, timings and the loop nest of its last
// kernel, returns a whole new kernel, and the best one is kept). With the `builtin` model
// both run offline (builtin_agent.h: LEKA's builtin rules without layers; builtin.h's
// templates where the task's graph cannot be had).
#include <cmath>

#include "common/sha256.h"
#include "llm/chat.h"
#include "produce/builtin.h"
#include "produce/builtin_agent.h"
#include "produce/llm_call.h"
#include "produce/producer.h"

namespace ekb {

using nlohmann::json;

namespace {

class DirectProducer : public Producer {
public:
    explicit DirectProducer(ProducerOptions o) : opts_(std::move(o)) {}
    std::string name() const override { return "direct"; }
    bool uses_model() const override { return true; }

    Production produce(const ProduceRequest &req) override {
        Production p;
        if (req.model == "builtin") {
            p.ok = true;
            p.kernel_name = "builtin.cpp";
            try {
                if (!req.ctx) throw std::runtime_error("no run context");
                p.source = BuiltinAgent(req).direct_kernel();
            } catch (const std::exception &) {
                p.source = builtin_kernel(*req.task, req.backend, 0);  // no graph: the template
            }
            return p;
        }
        json transcript = {{"producer", "direct"}, {"model", req.model}, {"task", req.task->id}, {"backend", req.backend},
                           {"sample", req.sample}, {"calls", json::array()}};
        std::vector<ChatMessage> m = {{"system", system_prompt()},
                                      {"user", task_prompt(*req.task, req.backend, req.ctx->device_profile(req.backend))}};
        // The digest of what this step must not change between runs: the whole prompt.
        std::string digest = sha256_hex(m[0].content + "\n" + m[1].content);
        auto reply = ask_model(req, opts_, m, "direct", digest, "direct", transcript["calls"], p);
        if (reply) {
            std::string why;
            if (auto k = extract_kernel(reply->text, &why)) {
                p.ok = true;
                p.source = *k;
                p.kernel_name = "reply.cpp";
            } else {
                p = failed_production("no_kernel", why + (reply->finish_reason == "length" ? " (the reply was cut at max_tokens)" : ""));
            }
        }
        transcript["outcome"] = p.ok ? "kernel" : p.error_code;
        p.transcript = write_transcript(req, transcript);
        return p;
    }

private:
    ProducerOptions opts_;
};

class IterativeProducer : public Producer {
public:
    explicit IterativeProducer(ProducerOptions o) : opts_(std::move(o)) {}
    std::string name() const override { return "iterative"; }
    bool uses_model() const override { return true; }

    Production produce(const ProduceRequest &req) override {
        json transcript = {{"producer", "iterative"}, {"model", req.model}, {"task", req.task->id},
                           {"backend", req.backend}, {"sample", req.sample}, {"calls", json::array()}, {"turns", json::array()}};
        Production best, last_failure;
        double best_speedup = -1;
        bool best_correct = false;
        bool builtin = req.model == "builtin";
        std::vector<ChatMessage> messages;
        if (!builtin) {
            messages = {{"system", system_prompt()},
                        {"user", task_prompt(*req.task, req.backend, req.ctx->device_profile(req.backend))}};
        }
        std::string digest;  // the kernel and error text the next request carries
        std::string stop = "turns: " + std::to_string(opts_.turns) + " used";
        uint64_t search_seed = req.seed ^ 0x9e3779b97f4a7c15ull;
        std::unique_ptr<BuiltinAgent> agent;
        if (builtin) {
            try {
                agent = std::make_unique<BuiltinAgent>(req);
            } catch (const std::exception &e) {
                transcript["builtin_templates"] = std::string("no pipeline graph: ") + e.what();
            }
        }
        int turns = builtin && !agent ? std::min(opts_.turns, builtin_variants()) : opts_.turns;
        for (int turn = 0; turn < turns; turn++) {
            std::string source;
            json tj = {{"turn", turn}};
            if (agent) {
                auto k = agent->turn_kernel(turn);
                if (!k) {
                    stop = "converged: every rewrite of the best plan was tried";
                    break;
                }
                source = *k;
            } else if (builtin) {
                source = builtin_kernel(*req.task, req.backend, turn);
            } else {
                Production p;
                auto reply = ask_model(req, opts_, messages, "iterative/turn" + std::to_string(turn), digest, "iterative",
                                 transcript["calls"], p);
                if (!reply) {
                    if (p.error_code == "budget_exhausted") {
                        stop = p.stop_reason;
                        break;
                    }
                    last_failure = p;
                    tj["error"] = p.error_message;
                    transcript["turns"].push_back(tj);
                    continue;
                }
                messages.push_back({"assistant", reply->text});
                std::string why;
                auto k = extract_kernel(reply->text, &why);
                if (!k) {
                    tj["no_kernel"] = why;
                    last_failure = failed_production("no_kernel", why);
                    messages.push_back({"user", "Your reply has no kernel: " + why +
                                                    ". Reply with the complete kernel file in one ```cpp block."});
                    digest = sha256_hex("no kernel: " + why);
                    transcript["turns"].push_back(tj);
                    continue;
                }
                source = *k;
            }
            std::string why;
            if (req.budget && !req.budget->can_compile(&why)) {
                stop = "budget: " + why;
                break;
            }
            Feedback fb = req.ctx->check(*req.task, req.backend, source, search_seed, *req.budget, "iterative");
            tj["kernel_sha256"] = sha256_hex(source);
            tj["feedback"] = fb.summary();
            tj["correct"] = fb.correct;
            if (!std::isnan(fb.speedup)) tj["speedup"] = fb.speedup;
            transcript["turns"].push_back(tj);
            bool better = best.source.empty() || (fb.correct && !best_correct) ||
                          (fb.correct && best_correct && !std::isnan(fb.speedup) && fb.speedup > best_speedup);
            if (better) {
                best = Production{};
                best.ok = true;
                best.source = source;
                best.kernel_name = builtin ? "builtin.cpp" : "turn" + std::to_string(turn) + ".cpp";
                best_correct = fb.correct;
                best_speedup = std::isnan(fb.speedup) ? -1 : fb.speedup;
                transcript["best_turn"] = turn;
            }
            if (agent) agent->result(better);
            digest = sha256_hex(source + "\n" + fb.stage + "/" + fb.code + "\n" + fb.message);
            if (!builtin) messages.push_back({"user", feedback_prompt(fb, turn, turns - turn - 1)});
        }
        Production out = best.ok ? best : (last_failure.error_code.empty() ? failed_production("no_kernel", "no turn produced a kernel (" + stop + ")") : last_failure);
        out.stop_reason = stop;
        transcript["stop_reason"] = stop;
        if (req.budget) transcript["budget"] = req.budget->to_json();
        out.transcript = write_transcript(req, transcript);
        return out;
    }

private:
    ProducerOptions opts_;
};

}  // namespace

std::unique_ptr<Producer> make_direct_producer(const ProducerOptions &opts) { return std::make_unique<DirectProducer>(opts); }
std::unique_ptr<Producer> make_iterative_producer(const ProducerOptions &opts) {
    return std::make_unique<IterativeProducer>(opts);
}


}  // namespace ekb
