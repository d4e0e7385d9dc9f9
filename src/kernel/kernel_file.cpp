#include "kernel/kernel_file.h"

#include <algorithm>
#include <sstream>

namespace ekb {
namespace {

// Returns the layer name when the line is "// @layer NAME", "@end" for "// @end", else "".
std::string marker(const std::string &line) {
    size_t p = line.find_first_not_of(" \t");
    if (p == std::string::npos || line.compare(p, 2, "//") != 0) return "";
    p = line.find_first_not_of(" \t", p + 2);
    if (p == std::string::npos || line[p] != '@') return "";
    std::istringstream ss(line.substr(p + 1));
    std::string word, name;
    ss >> word;
    if (word == "end") return "@end";
    if (word != "layer") return "";
    ss >> name;
    return name.empty() ? "" : name;
}

std::vector<std::string> split_lines(const std::string &s) {
    std::vector<std::string> lines;
    std::string cur;
    for (char c : s) {
        if (c == '\n') { lines.push_back(cur); cur.clear(); }
        else cur += c;
    }
    if (!cur.empty()) lines.push_back(cur);
    return lines;
}

}  // namespace

const KernelSection *KernelSections::find(const std::string &layer) const & {
    for (const auto &s : sections) {
        if (s.layer == layer) return &s;
    }
    return nullptr;
}

KernelSections parse_kernel_sections(const std::string &source) {
    KernelSections out;
    auto lines = split_lines(source);
    KernelSection *open = nullptr;
    bool ended = false;
    for (size_t i = 0; i < lines.size(); i++) {
        std::string m = marker(lines[i]);
        if (m.empty()) {
            if (open) open->body += lines[i] + "\n";
            continue;
        }
        if (m == "@end") {
            if (!open) out.problems.push_back("line " + std::to_string(i + 1) + ": @end without a @layer section");
            open = nullptr;
            ended = true;
            continue;
        }
        const auto &known = kernel_layers();
        if (std::find(known.begin(), known.end(), m) == known.end()) {
            out.problems.push_back("line " + std::to_string(i + 1) + ": unknown layer '" + m +
                                   "' (compute, loops, memory, vector)");
        }
        if (out.find(m)) out.problems.push_back("line " + std::to_string(i + 1) + ": layer '" + m + "' appears twice");
        out.sections.push_back({m, "", i + 1});
        open = &out.sections.back();
    }
    if (open && !ended) out.problems.push_back("the last @layer section has no '// @end'");
    return out;
}

std::optional<std::string> replace_kernel_section(const std::string &source, const std::string &layer,
                                                  const std::string &new_body) {
    auto lines = split_lines(source);
    std::string out;
    bool found = false, skipping = false;
    for (const auto &line : lines) {
        std::string m = marker(line);
        if (skipping && !m.empty()) skipping = false;
        if (skipping) continue;
        out += line + "\n";
        if (m == layer) {
            found = true;
            skipping = true;
            out += new_body;
            if (!new_body.empty() && new_body.back() != '\n') out += "\n";
        }
    }
    if (!found) return std::nullopt;
    return out;
}

std::optional<std::string> kernel_section_body(const std::string &source, const std::string &layer) {
    KernelSections ks = parse_kernel_sections(source);
    if (const KernelSection *s = ks.find(layer)) return s->body;
    return std::nullopt;
}

}  // namespace ekb
