#include "cli/table.h"

#include <algorithm>
#include <cmath>

namespace ekb {

std::string TextTable::render() const {
    std::vector<size_t> w(header_.size(), 0);
    auto widen = [&](const std::vector<std::string> &r) {
        for (size_t i = 0; i < r.size() && i < w.size(); i++) w[i] = std::max(w[i], r[i].size());
    };
    widen(header_);
    for (const auto &r : rows_) widen(r);
    auto line = [&](const std::vector<std::string> &r) {
        std::string s;
        for (size_t i = 0; i < w.size(); i++) {
            std::string cell = i < r.size() ? r[i] : "";
            s += cell + std::string(w[i] - cell.size() + (i + 1 < w.size() ? 2 : 0), ' ');
        }
        while (!s.empty() && s.back() == ' ') s.pop_back();
        return s + "\n";
    };
    std::string out = line(header_);
    std::string rule;
    for (size_t i = 0; i < w.size(); i++) rule += std::string(w[i], '-') + (i + 1 < w.size() ? "  " : "");
    out += rule + "\n";
    for (const auto &r : rows_) out += line(r);
    return out;
}

std::string fmt_double(double v, int precision) {
    if (std::isnan(v)) return "-";
    char buf[64];
    snprintf(buf, sizeof(buf), "%.*f", precision, v);
    return buf;
}

std::string fmt_seconds(double s) {
    if (std::isnan(s) || s < 0) return "-";
    char buf[64];
    if (s < 1e-3) snprintf(buf, sizeof(buf), "%.1f us", s * 1e6);
    else if (s < 1) snprintf(buf, sizeof(buf), "%.2f ms", s * 1e3);
    else snprintf(buf, sizeof(buf), "%.2f s", s);
    return buf;
}

}  // namespace ekb
