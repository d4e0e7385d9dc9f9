#include "suite/gpu_launch_limits.h"

#include <regex>
#include <sstream>

namespace ekb {

std::vector<std::string> gpu_block_problems(const std::string &loop_nest, const GpuBlockLimits &lim) {
    // A chain: consecutive gpu_thread lines, each nested in the previous (outermost first).
    struct Level {
        size_t indent;
        long extent;  // -1: not a constant
    };
    static const std::regex thread_re(R"(^(\s*)gpu_thread\s+(\S+)(?:\s+in\s+\[(-?\d+),\s*(-?\d+)\])?)");
    static const std::regex produce_re(R"(^\s*produce\s+(\S+):)");
    std::vector<std::string> problems;
    std::vector<Level> chain;
    std::string func = "?";
    auto judge = [&] {
        if (chain.empty()) return;
        std::vector<long> dims;  // x, y, z: the innermost loop is x
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) dims.push_back(it->extent);
        chain.clear();
        const char *names[] = {"x", "y", "z"};
        const long caps[] = {lim.max_x, lim.max_y, lim.max_z};
        long total = 1;
        for (size_t i = 0; i < dims.size(); i++) {
            total = dims[i] < 0 || total < 0 ? -1 : total * dims[i];  // -1: not a constant
            if (i < 3 && dims[i] > caps[i]) {
                problems.push_back("block of " + func + ": " + std::to_string(dims[i]) + " threads on " + names[i] +
                                   ", above " + std::to_string(caps[i]));
            }
        }
        if (dims.size() > 3) problems.push_back("block of " + func + ": more than 3 thread dimensions");
        if (total > 0 && total > lim.max_threads) {
            problems.push_back("block of " + func + ": " + std::to_string(total) + " threads, above " +
                               std::to_string(lim.max_threads));
        }
    };
    std::istringstream in(loop_nest);
    std::string line;
    while (std::getline(in, line)) {
        std::smatch m;
        if (std::regex_search(line, m, thread_re)) {
            size_t indent = m[1].length();
            if (!chain.empty() && indent <= chain.back().indent) judge();
            long extent = m[3].matched ? std::stol(m[4].str()) - std::stol(m[3].str()) + 1 : -1;
            chain.push_back({indent, extent});
            continue;
        }
        judge();
        if (std::regex_search(line, m, produce_re)) func = m[1].str();
    }
    judge();
    return problems;
}

}  // namespace ekb
