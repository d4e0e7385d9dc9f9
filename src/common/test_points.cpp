#include "common/test_points.h"

#include <signal.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace ekb {

namespace {

struct Armed {
    std::string point;
    long at = 1;
    std::string file;
};

const Armed *armed() {
    static const Armed *a = [] () -> const Armed * {
        const char *v = std::getenv("EKB_TEST_STOP_AT");
        if (!v || !*v) return nullptr;
        auto *x = new Armed;
        std::string s = v;
        if (auto c = s.find(':'); c != std::string::npos) {
            x->at = std::max(1L, std::atol(s.c_str() + c + 1));
            s.resize(c);
        }
        x->point = s;
        if (const char *f = std::getenv("EKB_TEST_STOP_FILE")) x->file = f;
        return x;
    }();
    return a;
}

std::atomic<long> g_hits{0};

}  // namespace

bool test_point_armed(const char *name) {
    const Armed *a = armed();
    return a && a->point == name;
}

void test_point(const char *name) {
    if (!test_point_armed(name)) return;
    if (g_hits.fetch_add(1) + 1 != armed()->at) return;
    if (!armed()->file.empty()) {
        std::ofstream(armed()->file) << name << "\n";
    }
    ::raise(SIGSTOP);
}

}  // namespace ekb
