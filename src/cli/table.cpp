#include "cli/table.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>

namespace ekb {

namespace {

std::atomic<bool> g_wide{false};

constexpr size_t k_gap = 2;

// The first `n` display columns of s (whole UTF-8 sequences).
std::string take_columns(const std::string &s, size_t n, size_t *bytes) {
    size_t cols = 0, i = 0;
    while (i < s.size() && cols < n) {
        i++;
        while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) i++;
        cols++;
    }
    *bytes = i;
    return s.substr(0, i);
}

// A cell broken into lines of at most `w` columns, at spaces, commas or slashes when it can.
std::vector<std::string> wrap_cell(const std::string &cell, size_t w) {
    std::vector<std::string> out;
    std::string rest = cell;
    for (char &c : rest) {
        if (c == '\n' || c == '\t') c = ' ';
    }
    while (display_width(rest) > w) {
        size_t bytes = 0;
        std::string head = take_columns(rest, w, &bytes);
        size_t cut = std::string::npos;
        for (size_t i = head.size(); i-- > head.size() / 3;) {
            if (head[i] == ' ' || head[i] == ',' || head[i] == '/') {
                cut = i;
                break;
            }
        }
        if (cut == std::string::npos) {
            out.push_back(head);
            rest = rest.substr(bytes);
        } else {
            size_t keep = head[cut] == ' ' ? cut : cut + 1;  // a separator other than a space stays on its line
            out.push_back(rest.substr(0, keep));
            rest = rest.substr(cut + 1);
        }
        while (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);
    }
    if (!rest.empty() || out.empty()) out.push_back(rest);
    return out;
}

}  // namespace

size_t display_width(const std::string &s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

void TextTable::set_wide(bool wide) { g_wide = wide; }

int TextTable::output_width() {
    if (g_wide) return 0;
    if (const char *c = std::getenv("COLUMNS"); c && std::atoi(c) > 0) return std::atoi(c);
    struct winsize ws {};
    if (::isatty(1) && ::ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    return 80;
}

std::string TextTable::render() const { return render(output_width()); }

std::string TextTable::render(int width) const {
    size_t ncol = header_.size();
    std::vector<size_t> natural(ncol, 0), longest_word(ncol, 0);
    auto widen = [&](const std::vector<std::string> &r) {
        for (size_t i = 0; i < r.size() && i < ncol; i++) natural[i] = std::max(natural[i], display_width(r[i]));
    };
    widen(header_);
    for (const auto &r : rows_) widen(r);

    // Columns that fit, and the width each gets.
    std::vector<size_t> w = natural;
    std::vector<bool> shown(ncol, true);
    std::vector<std::string> dropped;
    auto total = [&]() {
        size_t t = 0, n = 0;
        for (size_t i = 0; i < ncol; i++) {
            if (shown[i]) t += w[i], n++;
        }
        return t + (n ? (n - 1) * k_gap : 0);
    };
    if (width > 0 && total() > static_cast<size_t>(width)) {
        // The least a column can shrink to: short cells (numbers, names, dates) never wrap,
        // long text wraps down to 12 columns; a header wraps at its spaces.
        std::vector<size_t> least(ncol), cells(ncol, 0), word(ncol, 0);
        for (const auto &r : rows_) {
            for (size_t i = 0; i < r.size() && i < ncol; i++) cells[i] = std::max(cells[i], display_width(r[i]));
        }
        for (size_t i = 0; i < ncol; i++) {
            size_t p = 0;
            const std::string &h = header_[i];
            while (p <= h.size()) {
                size_t e = h.find(' ', p);
                if (e == std::string::npos) e = h.size();
                word[i] = std::max(word[i], display_width(h.substr(p, e - p)));
                p = e + 1;
            }
            least[i] = std::min(natural[i], std::max(word[i], cells[i] <= 20 ? cells[i] : size_t{12}));
        }
        w = least;
        for (size_t i = ncol; i-- > 1 && total() > static_cast<size_t>(width);) {
            shown[i] = false;
            dropped.push_back(header_[i]);
        }
        std::reverse(dropped.begin(), dropped.end());
        // Share what is left among the columns that wrap, narrowest need first.
        size_t room = total() < static_cast<size_t>(width) ? width - total() : 0;
        std::vector<size_t> order;
        for (size_t i = 0; i < ncol; i++) {
            if (shown[i] && w[i] < natural[i]) order.push_back(i);
        }
        std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return natural[a] - w[a] < natural[b] - w[b]; });
        for (size_t k = 0; k < order.size() && room > 0; k++) {
            size_t i = order[k];
            size_t fair = room / (order.size() - k);
            size_t give = std::min(natural[i] - w[i], std::max<size_t>(fair, 1));
            give = std::min(give, room);
            w[i] += give;
            room -= give;
        }
    }

    auto lines_of = [&](const std::vector<std::string> &r) {
        std::vector<std::vector<std::string>> cells(ncol);
        size_t height = 1;
        for (size_t i = 0; i < ncol; i++) {
            if (!shown[i]) continue;
            cells[i] = wrap_cell(i < r.size() ? r[i] : "", w[i]);
            height = std::max(height, cells[i].size());
        }
        std::string s;
        for (size_t l = 0; l < height; l++) {
            std::string line;
            bool first = true;
            for (size_t i = 0; i < ncol; i++) {
                if (!shown[i]) continue;
                if (!first) line += std::string(k_gap, ' ');
                first = false;
                std::string cell = l < cells[i].size() ? cells[i][l] : "";
                line += cell + std::string(w[i] - std::min(w[i], display_width(cell)), ' ');
            }
            while (!line.empty() && line.back() == ' ') line.pop_back();
            s += line + "\n";
        }
        return s;
    };
    std::string out = lines_of(header_);
    std::string rule;
    for (size_t i = 0; i < ncol; i++) {
        if (!shown[i]) continue;
        if (!rule.empty()) rule += std::string(k_gap, ' ');
        rule += std::string(w[i], '-');
    }
    out += rule + "\n";
    for (const auto &r : rows_) out += lines_of(r);
    if (!dropped.empty()) {
        std::string names;
        for (const auto &d : dropped) names += (names.empty() ? "" : ", ") + d;
        std::string note = "(" + std::to_string(dropped.size()) + " more column" + (dropped.size() > 1 ? "s" : "") + " with --wide: " + names + ")";
        for (const auto &l : wrap_cell(note, static_cast<size_t>(width))) out += l + "\n";
    }
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
