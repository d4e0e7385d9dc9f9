#include "experiment/experiment.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

#include "common/files.h"
#include "common/paths.h"
#include "common/sha256.h"
#include "record/record.h"
#include "verify/datagen.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

json ExperimentSettings::to_json() const {
    return {{"seed", seed}, {"threads", threads}, {"timing", timing}, {"time_cap_seconds", time_cap_seconds},
            {"confine", confine}};
}

ExperimentSettings ExperimentSettings::from_json(const json &j) {
    ExperimentSettings s;
    s.seed = j.at("seed").get<uint64_t>();
    s.threads = j.at("threads").get<int>();
    s.timing = j.at("timing").get<bool>();
    s.time_cap_seconds = j.at("time_cap_seconds").get<double>();
    s.confine = j.value("confine", true);
    return s;
}

std::string ExperimentSettings::difference(const ExperimentSettings &o) const {
    auto a = to_json(), b = o.to_json();
    for (auto &[k, v] : a.items()) {
        if (k == "seed") continue;  // a new command never names the stored seed
        if (b.contains(k) && b[k] != v) return k + " is " + v.dump() + " in the experiment, " + b[k].dump() + " here";
    }
    return "";
}

std::string SampleId::key() const {
    return sha256_hex(task + "\n" + backend + "\n" + producer + "\n" + model + "\n" + std::to_string(sample)).substr(0, 24);
}

std::string SampleId::label() const {
    return task + " " + backend + " " + producer + (model.empty() ? "" : " " + model) + " #" + std::to_string(sample);
}

fs::path experiment_dir(const std::string &s) {
    if (s.find('/') != std::string::npos) return fs::path(s);
    return fs::path("experiments") / s;
}

Experiment Experiment::open(const fs::path &dir) {
    fs::path f = dir / "experiment.json";
    if (!fs::exists(f)) throw std::runtime_error("no experiment at " + dir.string() + " (no experiment.json; make one with ekb run)");
    Experiment e;
    e.dir_ = dir;
    try {
        e.doc_ = json::parse(read_file(f));
        e.settings_ = ExperimentSettings::from_json(e.doc_.at("settings"));
    } catch (const json::exception &x) {
        throw std::runtime_error(f.string() + ": malformed: " + x.what());
    }
    return e;
}

Experiment Experiment::open_or_create(const fs::path &dir, const ExperimentSettings &settings, bool settings_given) {
    if (fs::exists(dir / "experiment.json")) {
        Experiment e = open(dir);
        if (settings_given) {
            if (std::string d = e.settings_.difference(settings); !d.empty()) {
                throw std::runtime_error("experiment " + dir.string() + " was made with other settings: " + d +
                                         " (its records would not be comparable; use a new experiment)");
            }
        }
        return e;
    }
    fs::create_directories(dir / "kernels");
    Experiment e;
    e.dir_ = dir;
    e.settings_ = settings;
    e.doc_ = {{"format", "ekb-experiment-1"}, {"created_at", utc_now()}, {"ekb_version", ekb_version()},
              {"settings", settings.to_json()}, {"commands", json::array()}};
    write_file(dir / "experiment.json", e.doc_.dump(2) + "\n");
    return e;
}

uint64_t Experiment::evaluation_seed(const SampleId &id) const {
    std::string k = id.key();
    return mix_seed(settings_.seed, std::stoull(k.substr(0, 15), nullptr, 16)) & 0x7fffffffffffffffull;
}

uint64_t Experiment::producer_seed(const SampleId &id) const {
    std::string k = id.key();
    return mix_seed(settings_.seed ^ 0x5eed5eed5eed5eedull, std::stoull(k.substr(0, 15), nullptr, 16)) &
           0x7fffffffffffffffull;
}

void Experiment::log_command(const std::vector<std::string> &argv) {
    doc_["commands"].push_back({{"at", utc_now()}, {"argv", argv}, {"ekb_version", ekb_version()}});
    write_file(dir_ / "experiment.json", doc_.dump(2) + "\n");
}

void Experiment::set_doc_field(const std::string &key, const json &value) {
    doc_[key] = value;
    write_file(dir_ / "experiment.json", doc_.dump(2) + "\n");
}

ExperimentLock::ExperimentLock(const fs::path &dir) {
    fs::path p = dir / ".lock";
    fd_ = ::open(p.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot open " + p.string() + ": " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd_);
        fd_ = -1;
        throw std::runtime_error("experiment " + dir.string() + " is being run by another ekb process right now");
    }
}

ExperimentLock::~ExperimentLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace ekb
