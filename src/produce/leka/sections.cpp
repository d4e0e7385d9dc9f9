#include "produce/leka/sections.h"

#include <sstream>
#include <vector>

#include "kernel/kernel_file.h"

namespace ekb::leka {

namespace {

std::vector<std::string> lines_of(const std::string &s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    std::string l;
    while (std::getline(in, l)) {
        while (!l.empty() && (l.back() == ' ' || l.back() == '\t' || l.back() == '\r')) l.pop_back();
        out.push_back(l);
    }
    while (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

bool is_marker(const std::string &l) {
    size_t p = l.find_first_not_of(" \t");
    return p != std::string::npos && (l.compare(p, 10, "// @layer ") == 0 || l.compare(p, 7, "// @end") == 0);
}

// The text outside every section: what precedes the first marker and follows "// @end".
std::string outside(const std::string &s) {
    std::vector<std::string> ls = lines_of(s);
    std::string out;
    bool inside = false;
    for (const auto &l : ls) {
        size_t p = l.find_first_not_of(" \t");
        bool end = p != std::string::npos && l.compare(p, 7, "// @end") == 0;
        if (is_marker(l) && !end) {
            inside = true;
            continue;
        }
        if (end) {
            inside = false;
            out += "@end\n";
            continue;
        }
        if (!inside) out += l + "\n";
    }
    return out;
}

std::string body_lines(const std::string &b) {
    std::string out;
    for (const auto &l : lines_of(b)) {
        if (!l.empty()) out += l + "\n";
    }
    return out;
}

}  // namespace

SectionCheck check_layer_change(const std::string &current, const std::string &proposal, const std::string &layer) {
    SectionCheck r;
    KernelSections a = parse_kernel_sections(current), b = parse_kernel_sections(proposal);
    if (!b.problems.empty()) {
        r.message = "the kernel's layer sections are malformed: " + b.problems.front() +
                    ". Keep every '// @layer <name>' marker and the '// @end' line as they are.";
        return r;
    }
    std::vector<std::string> touched;
    for (const auto &l : kernel_layers()) {
        if (l == layer) continue;
        const KernelSection *x = a.find(l), *y = b.find(l);
        std::string bx = x ? body_lines(x->body) : "", by = y ? body_lines(y->body) : "";
        if ((x == nullptr) != (y == nullptr) || bx != by) touched.push_back("`" + l + "`");
    }
    if (outside(current) != outside(proposal)) touched.push_back("the code outside the layer sections");
    if (!touched.empty()) {
        std::string t;
        for (size_t i = 0; i < touched.size(); i++) t += (i ? (i + 1 == touched.size() ? " and " : ", ") : "") + touched[i];
        r.message = "rejected: you own only the `" + layer + "` section, but your kernel also changes " + t +
                    ". Start again from the current kernel and change the lines of the `" + layer +
                    "` section only (declare any Var or RVar you need inside it).";
        return r;
    }
    const KernelSection *x = a.find(layer), *y = b.find(layer);
    if (!y) {
        r.message = "rejected: your kernel has no `// @layer " + layer + "` section; keep the marker and write your changes below it.";
        return r;
    }
    r.ok = true;
    r.unchanged = x && body_lines(x->body) == body_lines(y->body);
    if (r.unchanged) r.message = "your `" + layer + "` section is the same as the current one: nothing to try.";
    return r;
}

std::string with_all_sections(const std::string &source) {
    KernelSections ks = parse_kernel_sections(source);
    std::string missing;
    for (const auto &l : kernel_layers()) {
        if (!ks.find(l)) missing += "    // @layer " + l + "\n";
    }
    if (missing.empty()) return source;
    size_t at = source.find("// @end");
    if (at == std::string::npos) return source;
    size_t line_start = source.rfind('\n', at);
    line_start = line_start == std::string::npos ? 0 : line_start + 1;
    return source.substr(0, line_start) + missing + source.substr(line_start);
}

}  // namespace ekb::leka
