// Kernel files as text: the layer-tagged schedule sections (design.md section 5).
//
// A section starts at a line "// @layer <name>" (name: compute, loops, memory, vector) and
// runs to the next marker or to "// @end". Producers read, replace and diff one layer at a
// time through these functions; LEKA's sub-agents may change only their own section.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace ekb {

inline const std::vector<std::string> &kernel_layers() {
    static const std::vector<std::string> layers = {"compute", "loops", "memory", "vector"};
    return layers;
}

struct KernelSection {
    std::string layer;
    std::string body;   // the lines between the marker and the next marker/@end
    size_t begin_line;  // 1-based line of the marker
};

struct KernelSections {
    std::vector<KernelSection> sections;
    std::vector<std::string> problems;  // unknown layer names, duplicates, a missing @end
    // A pointer into this object: never on a temporary (the rvalue overload is deleted, so
    // `parse_kernel_sections(src).find(...)` does not compile); use kernel_section_body for that.
    const KernelSection *find(const std::string &layer) const &;
    const KernelSection *find(const std::string &layer) const && = delete;
};

KernelSections parse_kernel_sections(const std::string &source);

// A copy of one layer's body; nullopt when the source has no such section.
std::optional<std::string> kernel_section_body(const std::string &source, const std::string &layer);

// Returns the source with one layer's body replaced; nullopt when the layer has no section.
std::optional<std::string> replace_kernel_section(const std::string &source, const std::string &layer,
                                                  const std::string &new_body);

}  // namespace ekb
