// Plain-text tables for the terminal. A table fits the terminal's width (80 columns when
// the output is not a terminal): long cells wrap inside their column, and when even that
// does not fit, the rightmost columns are left out with a note naming them. `--wide`
// (TextTable::set_wide) prints every column at its natural width.
#pragma once
#include <string>
#include <vector>

namespace ekb {

class TextTable {
public:
    explicit TextTable(std::vector<std::string> header) : header_(std::move(header)) {}
    void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
    // At the width of the output (output_width()), or natural widths when wide.
    std::string render() const;
    // At most `width` columns per line; width <= 0: natural widths.
    std::string render(int width) const;

    // For the whole process: --wide. Off by default.
    static void set_wide(bool wide);
    // The width tables fit: 0 when wide; else $COLUMNS, the terminal's width when stdout
    // is a terminal, else 80.
    static int output_width();

private:
    std::vector<std::string> header_;
    std::vector<std::vector<std::string>> rows_;
};

std::string fmt_double(double v, int precision = 3);
std::string fmt_seconds(double s);  // "12.3 us", "4.56 ms", "1.20 s"

// Display width of UTF-8 text (code points; no wide-character tables).
size_t display_width(const std::string &s);

}  // namespace ekb
