// ekb-worker: the fabric worker of a self-contained worker directory (`ekb bundle --worker`,
// docs/fabric.md). No libHalide, no compiler: it serves jobs with the runners the directory
// carries, named in its worker.json.
//
//   ekb-worker --dir DIR [--runners DIR2] --nats URL [--device N] [--name NAME] [--allow-unconfined]
//              [--max-jobs N] [--idle-exit S] [--max-job-seconds S] [--ack-wait S] [--max-runs N]
//              [--user U] [--password P] [--creds F] [--token T] [--tls] [--tls-ca F] [--tls-cert F] [--tls-key F]
// --runners: where the runner files are now (the worker script copies them where every uid
// can read them); default DIR.
#include <csignal>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "common/files.h"
#include "fabric/worker.h"

namespace {

std::atomic<bool> g_stop{false};
void on_signal(int) { g_stop = true; }

int usage(const std::string &why) {
    std::cerr << "ekb-worker: " << why
              << "\nusage: ekb-worker --dir DIR --nats URL [--device N] [--name NAME] [--allow-unconfined] [--max-jobs N]\n"
                 "                  [--idle-exit S] [--ack-wait S] [--max-runs N] [--user U --password P | --creds F | --token T]\n"
                 "                  [--tls] [--tls-ca F] [--tls-cert F --tls-key F]   (secrets also from EKB_NATS_*)\n";
    return 2;
}

double number(const std::string &k, const std::string &v) {
    size_t used = 0;
    double d = std::stod(v, &used);
    if (used != v.size()) throw std::invalid_argument("--" + k + " needs a number, not '" + v + "'");
    return d;
}

}  // namespace

int main(int argc, char **argv) {
    using namespace ekb;
    const std::set<std::string> flags = {"allow-unconfined", "tls"};
    const std::set<std::string> valued = {"dir", "runners", "nats", "device", "name", "max-jobs", "idle-exit", "max-job-seconds",
                                          "ack-wait", "max-runs", "user", "password", "creds", "token", "tls-ca", "tls-cert", "tls-key"};
    std::map<std::string, std::string> v;
    std::set<std::string> f;
    try {
        for (int i = 1; i < argc; i++) {
            std::string a = argv[i];
            if (a.rfind("--", 0) != 0) return usage("unexpected argument '" + a + "'");
            std::string k = a.substr(2);
            if (flags.count(k)) {
                f.insert(k);
            } else if (valued.count(k)) {
                if (i + 1 >= argc) return usage("option --" + k + " needs a value");
                v[k] = argv[++i];
            } else {
                return usage("unknown option --" + k);
            }
        }
        if (!v.count("dir")) return usage("--dir is required");
        if (!v.count("nats")) return usage("--nats URL is required");
        namespace fs = std::filesystem;
        fs::path dir = v["dir"], runners = v.count("runners") ? fs::path(v["runners"]) : dir;
        nlohmann::json wj = nlohmann::json::parse(read_file(dir / "worker.json"));
        WorkerConfig cfg;
        cfg.backend = wj.at("backend");
        cfg.class_target = wj.at("class_target");
        for (const auto &[target, rel] : wj.at("runners").items()) cfg.runners[target] = runners / rel.get<std::string>();
        FabricOptions &c = cfg.connection;
        c.url = v["nats"];
        c.user = v["user"];
        c.password = v["password"];
        c.creds_file = v["creds"];
        c.token = v["token"];
        c.tls = f.count("tls") > 0;
        c.tls_ca = v["tls-ca"];
        c.tls_cert = v["tls-cert"];
        c.tls_key = v["tls-key"];
        fabric_options_from_env(c);
        if (v.count("ack-wait")) cfg.settings.ack_wait_s = number("ack-wait", v["ack-wait"]);
        if (v.count("max-runs")) cfg.settings.max_runs = static_cast<int>(number("max-runs", v["max-runs"]));
        if (cfg.settings.ack_wait_s < 0.5 || cfg.settings.max_runs < 1) return usage("--ack-wait must be >= 0.5 and --max-runs >= 1");
        cfg.name = v["name"];
        cfg.device = v.count("device") ? static_cast<int>(number("device", v["device"])) : -1;
        cfg.allow_unconfined = f.count("allow-unconfined") > 0;
        if (v.count("max-jobs")) cfg.max_jobs = static_cast<int>(number("max-jobs", v["max-jobs"]));
        if (v.count("idle-exit")) cfg.idle_exit_s = number("idle-exit", v["idle-exit"]);
        if (v.count("max-job-seconds")) cfg.max_job_seconds = number("max-job-seconds", v["max-job-seconds"]);
        std::signal(SIGINT, on_signal);
        std::signal(SIGTERM, on_signal);
        run_worker(cfg, g_stop);
        return 0;
    } catch (const std::exception &e) {
        std::cerr << "ekb-worker: error: " << e.what() << std::endl;
        return 1;
    }
}
