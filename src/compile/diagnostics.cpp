#include "compile/diagnostics.h"

#include <sstream>
#include <vector>

#include "common/files.h"

namespace ekb {
namespace {

std::string strip_dir(std::string s, const std::string &dir) {
    if (dir.empty()) return s;
    std::string needle = dir + "/";
    size_t p;
    while ((p = s.find(needle)) != std::string::npos) s.erase(p, needle.size());
    return s;
}

std::vector<std::string> lines_of(const std::string &s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    std::string l;
    while (std::getline(in, l)) out.push_back(l);
    return out;
}

}  // namespace

std::string trim_compiler_errors(const std::string &output, const std::string &work_dir, size_t max_bytes) {
    auto lines = lines_of(strip_dir(output, work_dir));
    std::string out;
    int errors = 0;
    for (size_t i = 0; i < lines.size(); i++) {
        const std::string &l = lines[i];
        bool is_error = l.find("error:") != std::string::npos;
        if (!is_error) continue;
        errors++;
        out += l + "\n";
        // The source line and the caret line that follow an error.
        for (size_t k = i + 1; k < lines.size() && k <= i + 2; k++) {
            if (lines[k].find("error:") != std::string::npos || lines[k].find("note:") != std::string::npos ||
                lines[k].find("warning:") != std::string::npos) {
                break;
            }
            out += lines[k] + "\n";
        }
        // A note in the kernel file itself (not in a system header) often names the fix.
        for (size_t k = i + 1; k < lines.size() && k <= i + 8; k++) {
            if (lines[k].find("error:") != std::string::npos) break;
            if (lines[k].find("note:") != std::string::npos && lines[k].find("/usr/include") == std::string::npos) {
                out += lines[k] + "\n";
                break;
            }
        }
        if (out.size() > max_bytes) break;
    }
    if (errors == 0) out = output.empty() ? "the compiler failed without output" : strip_dir(output, work_dir);
    return clip(out, max_bytes);
}

std::string trim_generator_errors(const std::string &output, const std::string &work_dir, size_t max_bytes) {
    std::string s = strip_dir(output, work_dir);
    size_t p = s.find("ekb-gen: ");
    if (p != std::string::npos) s = s.substr(p + 9);
    // Halide repeats its error text; also drop the unscheduled-update warnings that precede it.
    std::string out;
    for (const auto &l : lines_of(s)) {
        if (l.rfind("Warning: ", 0) == 0) continue;
        out += l + "\n";
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    if (out.empty()) out = "the pipeline generator failed without output";
    return clip(out, max_bytes);
}

}  // namespace ekb
