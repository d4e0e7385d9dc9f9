// Plain-text tables for the terminal.
#pragma once
#include <string>
#include <vector>

namespace ekb {

class TextTable {
public:
    explicit TextTable(std::vector<std::string> header) : header_(std::move(header)) {}
    void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
    std::string render() const;

private:
    std::vector<std::string> header_;
    std::vector<std::vector<std::string>> rows_;
};

std::string fmt_double(double v, int precision = 3);
std::string fmt_seconds(double s);  // "12.3 us", "4.56 ms", "1.20 s"

}  // namespace ekb
