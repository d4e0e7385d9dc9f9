// Small SVG charts for the self-contained HTML report: plain SVG text, no scripts, nothing
// loaded from a network at view time.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace ekb::svg {

struct Series {
    std::string name;
    std::vector<std::pair<double, double>> points;  // (x, y)
    // Optional, parallel to points: each point's <title> (what it is: task, instance, value).
    // Without one a point's title is the series name and its coordinates.
    std::vector<std::string> labels;
    bool dashed = false;  // drawn dashed (e.g. the confident variant of a metric)
    int color = -1;       // palette index; -1: the series' position
};

// A column of a box chart: its values and, parallel to them, optional point titles.
struct Category {
    std::string name;
    std::vector<double> values;
    std::vector<std::string> labels;
};

struct Axis {
    std::string label;
    double lo = 0, hi = 1;
    bool log = false;  // log10 scale; lo and hi must be > 0
};

// Lines with markers, one per series, and a legend.
std::string line_chart(const std::string &title, const Axis &x, const Axis &y, const std::vector<Series> &series);

// One column per category: a box (p25-p75, median line, whiskers p10-p90) over its points;
// `reference` draws a dashed horizontal line (e.g. speedup 1).
std::string box_chart(const std::string &title, const Axis &y, const std::vector<Category> &cats, double reference);

// Log-log roofline: the roofs min(peak, I x bandwidth) and the points of each series.
std::string roofline_chart(const std::string &title, double peak_gflops, double peak_gbps, const std::vector<Series> &series);

// Horizontal bars with their values.
std::string bar_chart(const std::string &title, const std::vector<std::pair<std::string, double>> &bars, const std::string &unit);

std::string escape(const std::string &s);  // for SVG and HTML text
const char *color(size_t i);               // the palette

}  // namespace ekb::svg
