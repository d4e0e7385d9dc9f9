#include "produce/producer.h"

#include <stdexcept>

#include "common/files.h"
#include "produce/leka/leka.h"

namespace ekb {

namespace fs = std::filesystem;

namespace {

class SuiteKernelProducer : public Producer {
public:
    explicit SuiteKernelProducer(bool naive) : naive_(naive) {}
    std::string name() const override { return naive_ ? "naive" : "expert"; }
    bool uses_model() const override { return false; }
    Production produce(const ProduceRequest &req) override {
        Production p;
        fs::path f = naive_ ? req.task->naive_kernel() : req.task->expert_kernel(req.backend);
        if (!fs::exists(f)) {
            p.error_code = "missing_file";
            p.error_message = "task " + req.task->id + " has no " + f.filename().string();
            return p;
        }
        p.ok = true;
        p.source = read_file(f);
        p.kernel_name = f.filename().string();
        p.naive_baseline = naive_;
        return p;
    }

private:
    bool naive_;
};

class DirectoryProducer : public Producer {
public:
    explicit DirectoryProducer(fs::path dir) : dir_(std::move(dir)) {
        if (!fs::is_directory(dir_)) throw std::invalid_argument("producer dir:" + dir_.string() + ": no such directory");
    }
    std::string name() const override { return "dir:" + dir_.string(); }
    bool uses_model() const override { return false; }
    Production produce(const ProduceRequest &req) override {
        Production p;
        for (const fs::path &f : {dir_ / req.task->id / (req.backend + ".cpp"), dir_ / (req.task->id + ".cpp")}) {
            if (fs::exists(f)) {
                p.ok = true;
                p.source = read_file(f);
                p.kernel_name = fs::relative(f, dir_).string();
                return p;
            }
        }
        p.error_code = "missing_file";
        p.error_message = "no kernel for task " + req.task->id + " in " + dir_.string() + " (looked for " +
                          req.task->id + "/" + req.backend + ".cpp and " + req.task->id + ".cpp)";
        return p;
    }

private:
    fs::path dir_;
};

}  // namespace

std::unique_ptr<Producer> make_producer(const std::string &spec, const ProducerOptions &opts) {
    if (spec == "expert") return std::make_unique<SuiteKernelProducer>(false);
    if (spec == "naive") return std::make_unique<SuiteKernelProducer>(true);
    if (spec.rfind("dir:", 0) == 0 && spec.size() > 4) return std::make_unique<DirectoryProducer>(spec.substr(4));
    if (auto leka = parse_leka_spec(spec)) return make_leka_producer(*leka, opts);
    if (spec == "direct") return make_direct_producer(opts);
    if (spec == "iterative") return make_iterative_producer(opts);
    if (spec.rfind("auto:", 0) == 0) return make_autoschedule_producer(spec.substr(5));
    if (spec == "external") {
        if (opts.external_command.empty()) throw std::invalid_argument("producer external needs --external-command");
        return make_external_producer(opts);
    }
    throw std::invalid_argument("unknown producer '" + spec + "' (known: expert, naive, dir:<path>, direct, iterative, leka[-no-<layer>][-from-<backend>], external, auto:adams2019, auto:li2018, auto:mullapudi2016)");
}

std::string write_transcript(const ProduceRequest &req, const nlohmann::json &transcript) {
    fs::path rel = fs::path("transcripts") / (req.key + ".json");
    fs::create_directories(req.log_dir / "transcripts");
    write_file(req.log_dir / rel, transcript.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    return rel.string();
}

}  // namespace ekb
