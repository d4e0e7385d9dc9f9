// LEKA, the Layered Edge Kernel Agent (design.md section 5): a coordinator walks the
// layers compute -> loops -> memory -> vector; each layer's sub-agent (the builtin model's
// rules and search, or an LLM with a layer prompt) proposes changes to its own layer only;
// the coordinator keeps a change only when it compiles, verifies and is faster with
// confidence — all measured by ProduceContext::check on visible instances with a search
// seed — and otherwise rolls it back. Passes repeat while a pass changed something (a lower
// layer may change the picture for the ones above it) and the budget lasts.
//
// Producer specs: "leka", "leka-no-<layer>" (ablation; repeatable), "...-from-<backend>"
// (start from the final kernel of plain `leka` with the same ablations on another backend
// for the same task, model and sample: cross-backend transfer).
#include <algorithm>
#include <cmath>
#include <set>

#include "common/backend_table.h"
#include "common/files.h"
#include "common/subprocess.h"
#include "common/sha256.h"
#include "eval/kernel_profile.h"
#include "kernel/kernel_file.h"
#include "produce/leka/builtin_layers.h"
#include "produce/leka/graph.h"
#include "produce/leka/leka.h"
#include "produce/leka/plan.h"
#include "produce/leka/prompts.h"
#include "produce/leka/sections.h"
#include "produce/llm_call.h"

namespace ekb {

using nlohmann::json;

namespace {

constexpr int64_t k_default_checks = 16;    // when the budget caps no compiles
constexpr int64_t k_default_calls = 12;     // LLM sub-agents, when the budget caps no calls
constexpr double k_min_gain = 0.03;         // a change must be >= 3 % faster ...
constexpr int k_max_passes = 3;
constexpr double k_cold_share = 0.02;       // builtin: stages under 2 % of the profile are tried last

// ... and its speedup's 95 % lower bound must exceed the current kernel's estimate.
std::string judge(const Feedback &fb, const Feedback &best) {
    if (!fb.compiled) return "compile_failed";
    if (!fb.correct) return "incorrect";
    if (std::isnan(fb.speedup)) return "not_timed";
    if (std::isnan(best.speedup)) return "accepted";
    if (fb.speedup < best.speedup * (1 + k_min_gain)) return "not_faster";
    if (!std::isnan(fb.speedup_lo) && fb.speedup_lo <= best.speedup) return "not_significant";
    return "accepted";
}

json feedback_json(const Feedback &fb) {
    json j = {{"compiled", fb.compiled}, {"correct", fb.correct}};
    if (!fb.code.empty()) j["failure"] = fb.stage + "/" + fb.code + ": " + clip(fb.message, 600);
    if (!std::isnan(fb.speedup)) j["speedup"] = fb.speedup;
    if (!std::isnan(fb.speedup_lo)) j["speedup_ci"] = {fb.speedup_lo, fb.speedup_hi};
    json t = json::object();
    for (const auto &[inst, kt] : fb.times) t[inst] = {{"kernel_s", kt.first}, {"expert_s", kt.second}};
    if (!t.empty()) j["times"] = t;
    return j;
}

class Search {
public:
    Search(const ProduceRequest &req, const LekaSpec &spec, const ProducerOptions &opts)
        : req_(req), spec_(spec), opts_(opts), budget_(req.budget ? *req.budget : local_budget_) {
        for (const auto &l : kernel_layers()) {
            if (!spec.ablate.count(l)) layers_.push_back(l);
        }
        const BudgetCaps &c = budget_.caps();
        max_checks_ = c.compiles > 0 ? c.compiles : k_default_checks;
        max_calls_ = c.llm_calls > 0 ? c.llm_calls : k_default_calls;
        search_seed_ = req.seed ^ 0x6c656b61ull;
        trace_ = {{"producer", spec.name}, {"model", req.model}, {"task", req.task->id}, {"backend", req.backend},
                  {"sample", req.sample}, {"layers", layers_}, {"steps", json::array()},
                  {"limits", {{"checks", max_checks_}, {"calls", max_calls_}}}};
        for (const auto &l : kernel_layers()) gain_[l] = 0;
    }

    Production run() {
        bool builtin = req_.model == "builtin";
        Production out;
        try {
            out = builtin ? run_builtin() : run_llm();
        } catch (const LlmError &) {
            throw;  // fatal for the run (auth, config)
        } catch (const std::exception &e) {
            out = failed_production("leka_error", e.what());
            stop_ = std::string("error: ") + e.what();
        }
        return finish(out);
    }

private:
    // ---- shared by both sub-agent kinds -------------------------------------------------

    int64_t checks_used() const { return budget_.total().compiles; }
    bool can_check(std::string *why) const {
        if (checks_used() >= max_checks_) {
            if (why) *why = "checks: " + std::to_string(max_checks_) + " used";
            return false;
        }
        if (!budget_.can_compile(why)) return false;
        return budget_.time_left(why);
    }

    Feedback check(const std::string &source, const std::string &account) {
        double t0 = monotonic_seconds();
        Feedback fb = req_.ctx->check(*req_.task, req_.backend, source, search_seed_, budget_, account);
        last_check_s_ = monotonic_seconds() - t0;
        return fb;
    }

    // Records a step; returns whether the proposal was accepted (and then adopts it).
    bool consider(const std::string &layer, int pass, const std::string &description, const json &proposal,
                  const std::string &source, const Feedback &fb) {
        std::string outcome = judge(fb, best_fb_);
        json step = {{"step", trace_["steps"].size()}, {"pass", pass}, {"layer", layer}, {"proposal", description},
                     {"change", proposal}, {"outcome", outcome}, {"feedback", feedback_json(fb)},
                     {"check_s", last_check_s_},
                     {"budget", budget_.total().to_json()}};
        if (outcome == "accepted") {
            double g = std::isnan(best_fb_.speedup) || best_fb_.speedup <= 0 ? 0 : std::log(fb.speedup / best_fb_.speedup);
            gain_[layer] += g;
            step["gain"] = std::exp(g);
            best_fb_ = fb;
            best_source_ = source;
        }
        trace_["steps"].push_back(step);
        if (outcome == "accepted") trace_["steps"].back()["profile"] = profile_best(layer);
        return outcome == "accepted";
    }

    // The current best kernel's profile: per-Func times, and per-kernel times on GPUs
    // (ProduceContext::profile), measured after the start and after every accepted change;
    // the sub-agents see it. It costs device time, not a check. null without one.
    json profile_best(const std::string &account) {
        std::string why;
        if (!budget_.time_left(&why)) return nullptr;
        profile_ = req_.ctx->profile(*req_.task, req_.backend, best_source_, search_seed_, budget_, account);
        profile_text_ = profile_.is_null() ? "" : profile_text(profile_, [&](const std::string &f) {
            const leka::Stage *st = graph_.find(f);
            return st ? st->cpp : std::string();
        });
        return profile_;
    }

    // Builtin: proposals that change only stages the profile shows under k_cold_share of the
    // time go last (stages it does not list, e.g. inlined ones, count as hot).
    void cold_stages_last(std::vector<leka::Proposal> &props) const {
        std::map<std::string, double> shares = profile_shares(profile_);
        if (shares.empty()) return;
        auto heat = [&](const leka::Proposal &p) {
            double h = 0;
            for (const auto &[name, sp] : p.plan.stages) {
                auto cur = plan_.stages.find(name);
                if (cur != plan_.stages.end() && cur->second == sp) continue;
                auto it = shares.find(name);
                h = std::max(h, it == shares.end() ? 1.0 : it->second);
            }
            return h;
        };
        std::stable_partition(props.begin(), props.end(), [&](const leka::Proposal &p) { return heat(p) >= k_cold_share; });
    }

    void record_rejection(const std::string &layer, int pass, const std::string &description, const std::string &why,
                          const std::string &outcome) {
        trace_["steps"].push_back({{"step", trace_["steps"].size()}, {"pass", pass}, {"layer", layer},
                                   {"proposal", description}, {"outcome", outcome}, {"message", why},
                                   {"budget", budget_.total().to_json()}});
    }

    // Checks per layer visit: an equal share of what is left for the layers still to come.
    int64_t share(size_t layer_index) const {
        int64_t left = max_checks_ - checks_used();
        int64_t layers_left = static_cast<int64_t>(layers_.size() - layer_index);
        return std::max<int64_t>(1, left / std::max<int64_t>(1, layers_left));
    }

    std::optional<Production> seed() {
        if (spec_.seed_from.empty()) return std::nullopt;
        std::string why;
        auto p = req_.ctx->production_of(*req_.task, spec_.seed_from, spec_.base_name(), req_.model, req_.sample, &why);
        if (!p) throw std::runtime_error("no seed kernel from " + spec_.seed_from + ": " + why);
        trace_["seeded_from"] = {{"backend", spec_.seed_from}, {"producer", spec_.base_name()}, {"trace", p->trace}};
        return p;
    }

    // ---- the builtin model ----------------------------------------------------------------

    Production run_builtin() {
        bool gpu = is_gpu_backend(req_.backend);
        std::vector<std::string> inputs;
        for (const auto &t : req_.task->inputs) inputs.push_back(t.name);
        graph_ = leka::build_graph(req_.ctx->pipeline_graph(*req_.task, req_.backend), read_file(req_.task->algorithm_path()),
                                   inputs);
        leka::attach_extents(graph_, *req_.task);
        json stages = json::array();
        for (const auto &s : graph_.stages) {
            if (s.schedulable()) stages.push_back(s.name);
        }
        trace_["stages"] = stages;
        leka::Device dev = leka::Device::from_profile(req_.ctx->device_profile(req_.backend));
        plan_ = leka::initial_plan(graph_, gpu);
        std::string start_note = "the naive kernel's decisions: every stage at root";

        if (auto s = seed()) {
            if (req_.backend == spec_.seed_from) {
                stop_ = "seed backend itself: " + spec_.base_name() + "'s kernel";
                Production p = *s;
                p.trace.clear();
                p.transcript.clear();
                return p;
            }
            json seed_trace = json::parse(read_file(req_.log_dir / s->trace));
            leka::Plan from = leka::Plan::from_json(seed_trace.at("final").at("plan"));
            // What carries over between a cpu and a GPU: what is computed where (compute) and
            // which producers live inside their consumers' tiles (memory). Loops and vector
            // widths belong to the device and restart from its own defaults.
            for (auto &[name, sp] : plan_.stages) {
                auto it = from.stages.find(name);
                if (it == from.stages.end()) continue;
                sp.root = it->second.root;
                sp.at = it->second.at == "thread" && !gpu ? "" : it->second.at;
            }
            start_note = "compute and memory decisions of " + spec_.base_name() + " on " + spec_.seed_from;
        }
        std::string source = emit(start_note);
        std::string why;
        if (!can_check(&why)) return naive_before_any_check(why);
        best_fb_ = check(source, "start");
        trace_["start"] = {{"note", start_note}, {"plan", plan_.to_json()}, {"feedback", feedback_json(best_fb_)}};
        if (!best_fb_.correct && !spec_.seed_from.empty()) {
            // The transferred decisions do not hold here: start from the naive decisions.
            plan_ = leka::initial_plan(graph_, gpu);
            source = emit("the naive kernel's decisions (the seed failed here)");
            if (!can_check(&why)) return naive_before_any_check(why + " after the seed failed");
            best_fb_ = check(source, "start");
            trace_["start"]["fallback"] = {{"plan", plan_.to_json()}, {"feedback", feedback_json(best_fb_)}};
        }
        if (!best_fb_.correct) {
            // Never deliver an unverified kernel: the task's naive kernel is correct.
            stop_ = "the starting plan failed (" + best_fb_.stage + "/" + best_fb_.code + "): delivered the naive kernel";
            Production p;
            p.ok = true;
            p.source = leka::with_all_sections(read_file(req_.task->naive_kernel()));
            p.kernel_name = "naive.cpp";
            return p;
        }
        best_source_ = source;
        initial_speedup_ = best_fb_.speedup;
        trace_["start"]["profile"] = profile_best("start");
        checked_.insert(plan_.to_json().dump());
        // The task's naive kernel as written may beat the plan's start (a hand-written GPU
        // schedule; helper stages the builtin cannot name, computed at root): checked once,
        // and delivered at the end if nothing the search found is faster.
        if (can_check(&why)) {
            std::string naive = leka::with_all_sections(read_file(req_.task->naive_kernel()));
            naive_fb_ = check(naive, "start");
            trace_["start"]["naive_kernel"] = feedback_json(naive_fb_);
            if (naive_fb_.correct) naive_source_ = naive;
        }

        for (int pass = 0; pass < k_max_passes; pass++) {
            bool changed = false;
            for (size_t li = 0; li < layers_.size(); li++) {
                const std::string &layer = layers_[li];
                // Hill-climbing within the layer: after an accepted change the sub-agent
                // proposes again from the new plan; a plan already checked is never re-checked.
                int64_t n = share(li), tried = 0;
                while (tried < n) {
                    auto props = leka::builtin_proposals(layer, graph_, plan_, dev, req_.seed + pass);
                    cold_stages_last(props);
                    const leka::Proposal *next = nullptr;
                    for (const auto &prop : props) {
                        if (!checked_.count(prop.plan.to_json().dump())) {
                            next = &prop;
                            break;
                        }
                    }
                    if (!next) break;
                    checked_.insert(next->plan.to_json().dump());
                    if (!can_check(&why)) {
                        stop_ = "budget: " + why;
                        return deliver();
                    }
                    if (!next->plan.same_outside(plan_, layer)) {  // the ownership rule, on the plan
                        record_rejection(layer, pass, next->description, "changes a layer other than " + layer, "out_of_layer");
                        continue;
                    }
                    leka::Plan keep = plan_;
                    plan_ = next->plan;
                    std::string src = emit(next->description);
                    plan_ = keep;
                    Feedback fb = check(src, layer);
                    tried++;
                    if (fb.code == "budget_exhausted") {  // the check was refused or cut short by the budget
                        stop_ = "budget: " + fb.message;
                        return deliver();
                    }
                    if (consider(layer, pass, next->description, next->plan.layer_json(layer), src, fb)) {
                        plan_ = next->plan;
                        changed = true;
                    }
                }
            }
            if (!can_check(&why)) {
                stop_ = "budget: " + why;
                return deliver();
            }
            if (!changed) {
                stop_ = "converged: pass " + std::to_string(pass + 1) + " changed nothing";
                return deliver();
            }
        }
        stop_ = "passes: " + std::to_string(k_max_passes) + " done";
        return deliver();
    }

    // The budget ran out before the first check (e.g. its wall time went to waiting for a
    // quiet machine): deliver the task's naive kernel, which the final evaluation verifies.
    Production naive_before_any_check(const std::string &why) {
        stop_ = "budget: " + why + " before the first check: delivered the naive kernel";
        Production p;
        p.ok = true;
        p.source = leka::with_all_sections(read_file(req_.task->naive_kernel()));
        p.kernel_name = "naive.cpp";
        return p;
    }

    std::string emit(const std::string &note) {
        return leka::emit_kernel(graph_, plan_, is_gpu_backend(req_.backend), req_.task->id, note);
    }

    Production deliver() {
        Production p;
        p.ok = true;
        p.source = best_source_;
        p.kernel_name = "leka.cpp";
        if (!naive_source_.empty() && !std::isnan(naive_fb_.speedup) && !std::isnan(best_fb_.speedup) &&
            naive_fb_.speedup > best_fb_.speedup) {
            p.source = naive_source_;
            p.kernel_name = "naive.cpp";
            delivered_naive_ = true;
        }
        return p;
    }

    // ---- LLM sub-agents ---------------------------------------------------------------------

    Production run_llm() {
        json calls = json::array();
        std::string source = leka::with_all_sections(read_file(req_.task->naive_kernel()));
        std::string seed_note;
        if (auto s = seed()) {
            if (req_.backend == spec_.seed_from) {
                stop_ = "seed backend itself: " + spec_.base_name() + "'s kernel";
                Production p = *s;
                p.trace.clear();
                return p;
            }
            // The compute section (what is inlined, fused, rewritten) carries over; loops,
            // memory and vector decisions name the other device's loops and are shown only.
            std::string seeded = leka::with_all_sections(s->source);
            if (auto compute = kernel_section_body(seeded, "compute")) {
                if (auto r = replace_kernel_section(source, "compute", *compute)) {
                    source = *r;
                    trace_["seeded_from"]["carried"] = {{"compute", *compute}};
                }
            }
            seed_note = "Its compute section comes from the best kernel found on " + spec_.seed_from +
                        "; that kernel in full, for ideas that may carry over:\n\n```cpp\n" + s->source + "```";
        }
        std::string why;
        if (!can_check(&why)) return naive_before_any_check(why);
        best_fb_ = check(source, "start");
        if (!best_fb_.correct && !seed_note.empty()) {
            // The transferred compute section does not hold here: start from the naive kernel
            // (a check like any other: within the compile cap).
            trace_["start_seeded"] = {{"kernel_sha256", sha256_hex(source)}, {"feedback", feedback_json(best_fb_)}};
            source = leka::with_all_sections(read_file(req_.task->naive_kernel()));
            seed_note.clear();
            if (!can_check(&why)) return naive_before_any_check(why + " after the seed failed");
            best_fb_ = check(source, "start");
        }
        trace_["start"] = {{"kernel_sha256", sha256_hex(source)}, {"feedback", feedback_json(best_fb_)}};
        best_source_ = source;
        initial_speedup_ = best_fb_.speedup;
        trace_["start"]["profile"] = profile_best("start");
        DeviceProfile profile = req_.ctx->device_profile(req_.backend);
        std::map<std::string, std::string> history;

        for (int pass = 0; pass < k_max_passes; pass++) {
            bool changed = false;
            for (size_t li = 0; li < layers_.size(); li++) {
                const std::string &layer = layers_[li];
                int64_t calls_left = max_calls_ - budget_.total().llm_calls;
                int64_t n = std::max<int64_t>(1, calls_left / static_cast<int64_t>(layers_.size() - li));
                leka::LayerBrief brief{req_.task,   req_.backend,   profile,        layer,    best_source_,
                                       best_fb_,    profile_text_, history[layer], seed_note};
                std::vector<ChatMessage> messages = {{"system", leka::layer_system_prompt(layer)},
                                                     {"user", leka::layer_prompt(brief)}};
                for (int64_t k = 0; k < n; k++) {
                    if (budget_.total().llm_calls >= max_calls_) {
                        stop_ = "budget: calls: " + std::to_string(max_calls_) + " used";
                        return deliver_llm(calls);
                    }
                    Production fail;
                    std::string tag = "leka/" + layer + "/pass" + std::to_string(pass) + "/" + std::to_string(k);
                    std::string digest = sha256_hex(layer + "\n" + best_source_ + "\n" + history[layer]);
                    auto reply = ask_model(req_, opts_, messages, tag, digest, layer, calls, fail);
                    if (!reply) {
                        if (fail.error_code == "budget_exhausted") {
                            stop_ = fail.stop_reason;
                            return deliver_llm(calls);
                        }
                        record_rejection(layer, pass, "(no reply)", fail.error_message, fail.error_code);
                        continue;
                    }
                    messages.push_back({"assistant", reply->text});
                    std::string ewhy;
                    auto kernel = extract_kernel(reply->text, &ewhy);
                    std::string feedback;
                    if (!kernel) {
                        record_rejection(layer, pass, "(reply without a kernel)", ewhy, "no_kernel");
                        feedback = "Your reply has no kernel: " + ewhy + ". Reply with the complete kernel file in one ```cpp block.";
                    } else {
                        leka::SectionCheck sc = leka::check_layer_change(best_source_, *kernel, layer);
                        auto mine = kernel_section_body(*kernel, layer);
                        json change = mine ? json(*mine) : json();
                        if (!sc.ok || sc.unchanged) {
                            record_rejection(layer, pass, "kernel " + sha256_hex(*kernel).substr(0, 12), sc.message,
                                             sc.ok ? "unchanged" : "out_of_layer");
                            feedback = sc.message;
                        } else if (!can_check(&why)) {
                            stop_ = "budget: " + why;
                            return deliver_llm(calls);
                        } else {
                            Feedback fb = check(*kernel, layer);
                            if (fb.code == "budget_exhausted") {
                                stop_ = "budget: " + fb.message;
                                return deliver_llm(calls);
                            }
                            Feedback before = best_fb_;
                            bool ok = consider(layer, pass, "kernel " + sha256_hex(*kernel).substr(0, 12), change, *kernel, fb);
                            std::string outcome = trace_["steps"].back()["outcome"];
                            if (ok) changed = true;
                            feedback = "Outcome: " + outcome + (ok ? " (kept: this is now the current kernel)." : " (rolled back).") +
                                       "\n\n" + fb.summary();
                            if (ok && !profile_text_.empty()) {
                                feedback += "\nWhere the new current kernel's time goes:\n```\n" + profile_text_ + "```\n";
                            }
                            if (!ok && fb.correct && !std::isnan(before.speedup)) {
                                char b[160];
                                std::snprintf(b, sizeof(b), "\nThe current kernel's speedup is %.3fx; a change is kept at >= %.3fx with confidence.\n",
                                              before.speedup, before.speedup * (1 + k_min_gain));
                                feedback += b;
                            }
                        }
                    }
                    history[layer] += "- pass " + std::to_string(pass) + ": " + trace_["steps"].back()["outcome"].get<std::string>() +
                                      (trace_["steps"].back().contains("feedback") &&
                                               trace_["steps"].back()["feedback"].contains("speedup")
                                           ? " (speedup " + trace_["steps"].back()["feedback"]["speedup"].dump() + ")"
                                           : "") +
                                      "\n";
                    messages.push_back({"user", feedback + "\n\nThe current kernel is:\n```cpp\n" + best_source_ +
                                                    "```\nPropose another change to the `" + layer + "` section only."});
                }
            }
            if (budget_.total().llm_calls >= max_calls_) {
                stop_ = "budget: calls: " + std::to_string(max_calls_) + " used";
                return deliver_llm(calls);
            }
            if (!changed) {
                stop_ = "converged: pass " + std::to_string(pass + 1) + " changed nothing";
                return deliver_llm(calls);
            }
        }
        stop_ = "passes: " + std::to_string(k_max_passes) + " done";
        return deliver_llm(calls);
    }

    Production deliver_llm(const json &calls) {
        Production p = deliver();
        p.kernel_name = "leka.cpp";
        json t = {{"producer", spec_.name}, {"model", req_.model}, {"task", req_.task->id}, {"backend", req_.backend},
                  {"sample", req_.sample}, {"calls", calls}};
        p.transcript = write_transcript(req_, t);
        return p;
    }

    // ---- outputs ------------------------------------------------------------------------------

    Production finish(Production p) {
        if (p.stop_reason.empty()) p.stop_reason = stop_;
        double total = 0;
        for (auto &[l, g] : gain_) total += std::max(0.0, g);
        json credit = json::object(), gains = json::object();
        for (const auto &l : kernel_layers()) {
            gains[l] = std::exp(gain_[l]);
            credit[l] = total > 0 ? std::max(0.0, gain_[l]) / total : 0.0;
        }
        if (delivered_naive_) {
            // The search's gains did not reach the naive kernel: no layer earned the result.
            p.stop_reason += "; delivered the task's naive kernel (faster on the visible instances than the best plan)";
            for (const auto &l : kernel_layers()) {
                gains[l] = 1.0;
                credit[l] = 0.0;
            }
            trace_["delivered"] = "naive kernel";
        }
        trace_["stop_reason"] = p.stop_reason;
        trace_["final"] = {{"speedup_visible", std::isnan(best_fb_.speedup) ? json() : json(best_fb_.speedup)},
                           {"start_speedup_visible", std::isnan(initial_speedup_) ? json() : json(initial_speedup_)},
                           {"layer_gain", gains}};
        if (req_.model == "builtin" && !graph_.stages.empty()) trace_["final"]["plan"] = plan_.to_json();
        trace_["layer_credit"] = credit;
        trace_["budget"] = budget_.to_json();
        if (p.ok && !p.trace.empty()) return p;  // a seed delivered as is keeps its own trace
        p.trace = write_trace(trace_);
        if (p.ok) p.layer_credit = credit;
        return p;
    }

    std::string write_trace(const json &t) {
        if (req_.log_dir.empty()) return "";
        std::filesystem::path rel = std::filesystem::path("traces") / (req_.key + ".json");
        std::filesystem::create_directories(req_.log_dir / "traces");
        write_file(req_.log_dir / rel, t.dump(1, ' ', false, json::error_handler_t::replace) + "\n");
        return rel.string();
    }

    const ProduceRequest &req_;
    LekaSpec spec_;
    ProducerOptions opts_;
    Budget local_budget_{BudgetCaps{}};
    Budget &budget_;
    std::vector<std::string> layers_;
    int64_t max_checks_ = 0, max_calls_ = 0;
    uint64_t search_seed_ = 0;
    json trace_;
    std::map<std::string, double> gain_;
    std::string stop_;
    leka::Graph graph_;
    leka::Plan plan_;
    std::set<std::string> checked_;  // every plan checked so far
    Feedback best_fb_;
    std::string best_source_;
    json profile_;               // of best_source_ (profile_best)
    std::string profile_text_;
    Feedback naive_fb_;
    std::string naive_source_;
    bool delivered_naive_ = false;
    double initial_speedup_ = NAN;
    double last_check_s_ = 0;
};

class LekaProducer : public Producer {
public:
    LekaProducer(LekaSpec spec, ProducerOptions opts) : spec_(std::move(spec)), opts_(std::move(opts)) {}
    std::string name() const override { return spec_.name; }
    bool uses_model() const override { return true; }
    Production produce(const ProduceRequest &req) override {
        if (!req.ctx) return failed_production("no_context", "leka needs a run context (ekb run)");
        Search s(req, spec_, opts_);
        return s.run();
    }

private:
    LekaSpec spec_;
    ProducerOptions opts_;
};

}  // namespace

std::string LekaSpec::base_name() const {
    std::string n = "leka";
    for (const auto &l : kernel_layers()) {
        if (ablate.count(l)) n += "-no-" + l;
    }
    return n;
}

std::optional<LekaSpec> parse_leka_spec(const std::string &spec) {
    if (spec != "leka" && spec.rfind("leka-", 0) != 0) return std::nullopt;
    LekaSpec s;
    std::string rest = spec.substr(4);
    while (!rest.empty()) {
        if (rest.rfind("-no-", 0) == 0) {
            size_t end = rest.find('-', 4);
            std::string layer = rest.substr(4, end == std::string::npos ? std::string::npos : end - 4);
            const auto &ls = kernel_layers();
            if (std::find(ls.begin(), ls.end(), layer) == ls.end()) {
                throw std::invalid_argument("producer '" + spec + "': no layer '" + layer +
                                            "' to ablate (layers: compute, loops, memory, vector)");
            }
            s.ablate.insert(layer);
            rest = end == std::string::npos ? "" : rest.substr(end);
        } else if (rest.rfind("-from-", 0) == 0) {
            s.seed_from = rest.substr(6);
            if (!is_known_backend(s.seed_from)) {
                throw std::invalid_argument("producer '" + spec + "': cannot seed from backend '" + s.seed_from +
                                            "' (backends: " + backend_names() + ")");
            }
            rest.clear();
        } else {
            throw std::invalid_argument("producer '" + spec + "': expected leka, leka-no-<layer>... or ...-from-<backend>");
        }
    }
    if (s.ablate.size() == kernel_layers().size()) {
        throw std::invalid_argument("producer '" + spec + "' ablates every layer: nothing is left to search");
    }
    s.name = s.base_name() + (s.seed_from.empty() ? "" : "-from-" + s.seed_from);
    return s;
}

std::unique_ptr<Producer> make_leka_producer(const LekaSpec &spec, const ProducerOptions &opts) {
    return std::make_unique<LekaProducer>(spec, opts);
}

}  // namespace ekb
