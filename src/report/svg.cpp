#include "report/svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ekb::svg {

namespace {

constexpr double kW = 640, kH = 360, kLeft = 64, kRight = 170, kTop = 36, kBottom = 48;

std::string num(double v) {
    char b[32];
    std::snprintf(b, sizeof(b), "%.1f", v);
    return b;
}

std::string tick_label(double v) {
    char b[32];
    if (v != 0 && (std::fabs(v) >= 1e4 || std::fabs(v) < 1e-2)) std::snprintf(b, sizeof(b), "%.0e", v);
    else std::snprintf(b, sizeof(b), "%g", v);
    return b;
}

struct Frame {
    Axis x, y;
    double px(double v) const { return kLeft + frac(x, v) * (kW - kLeft - kRight); }
    double py(double v) const { return kH - kBottom - frac(y, v) * (kH - kTop - kBottom); }
    static double frac(const Axis &a, double v) {
        if (a.log) {
            double lo = std::log10(a.lo), hi = std::log10(a.hi);
            return hi > lo ? (std::log10(std::max(v, a.lo)) - lo) / (hi - lo) : 0.5;
        }
        return a.hi > a.lo ? (v - a.lo) / (a.hi - a.lo) : 0.5;
    }
};

std::vector<double> ticks(const Axis &a) {
    std::vector<double> t;
    if (a.log) {
        for (double e = std::floor(std::log10(a.lo)); e <= std::ceil(std::log10(a.hi)); e++) {
            double v = std::pow(10.0, e);
            if (v >= a.lo * 0.999 && v <= a.hi * 1.001) t.push_back(v);
        }
        if (t.size() < 2) t = {a.lo, a.hi};
        return t;
    }
    double span = a.hi - a.lo;
    if (!(span > 0)) return {a.lo};
    double step = std::pow(10.0, std::floor(std::log10(span / 5)));
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (span / (step * m) <= 6) {
            step *= m;
            break;
        }
    }
    for (double v = std::ceil(a.lo / step) * step; v <= a.hi + 1e-9 * span; v += step) t.push_back(v);
    return t;
}

std::string open(const std::string &title) {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + num(kW) + " " + num(kH) +
           "\" width=\"" + num(kW) + "\" height=\"" + num(kH) +
           "\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\"><title>" + escape(title) +
           "</title><text x=\"" + num(kW / 2) + "\" y=\"20\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\">" +
           escape(title) + "</text>";
}

std::string axes(const Frame &f, bool x_ticks = true) {
    std::string s;
    double x0 = kLeft, x1 = kW - kRight, y0 = kH - kBottom, y1 = kTop;
    s += "<rect x=\"" + num(x0) + "\" y=\"" + num(y1) + "\" width=\"" + num(x1 - x0) + "\" height=\"" + num(y0 - y1) +
         "\" fill=\"none\" stroke=\"#999\"/>";
    for (double t : x_ticks ? ticks(f.x) : std::vector<double>{}) {
        double X = f.px(t);
        s += "<line x1=\"" + num(X) + "\" y1=\"" + num(y0) + "\" x2=\"" + num(X) + "\" y2=\"" + num(y1) +
             "\" stroke=\"#eee\"/><text x=\"" + num(X) + "\" y=\"" + num(y0 + 14) + "\" text-anchor=\"middle\">" +
             tick_label(t) + "</text>";
    }
    for (double t : ticks(f.y)) {
        double Y = f.py(t);
        s += "<line x1=\"" + num(x0) + "\" y1=\"" + num(Y) + "\" x2=\"" + num(x1) + "\" y2=\"" + num(Y) +
             "\" stroke=\"#eee\"/><text x=\"" + num(x0 - 6) + "\" y=\"" + num(Y + 4) + "\" text-anchor=\"end\">" +
             tick_label(t) + "</text>";
    }
    s += "<text x=\"" + num((x0 + x1) / 2) + "\" y=\"" + num(kH - 10) + "\" text-anchor=\"middle\">" + escape(f.x.label) +
         "</text>";
    s += "<text transform=\"translate(14 " + num((y0 + y1) / 2) + ") rotate(-90)\" text-anchor=\"middle\">" +
         escape(f.y.label) + "</text>";
    return s;
}

std::string legend(const std::vector<std::string> &names, const std::vector<std::string> &colors = {}) {
    std::string s;
    double x = kW - kRight + 12, y = kTop + 6;
    for (size_t i = 0; i < names.size(); i++) {
        double Y = y + 16 * double(i);
        std::string n = names[i].size() > 26 ? names[i].substr(0, 25) + "…" : names[i];
        s += "<rect x=\"" + num(x) + "\" y=\"" + num(Y) + "\" width=\"10\" height=\"10\" fill=\"" +
             (i < colors.size() ? colors[i] : std::string(color(i))) +
             "\"/><text x=\"" + num(x + 14) + "\" y=\"" + num(Y + 9) + "\">" + escape(n) + "</text>";
    }
    return s;
}

}  // namespace

const char *color(size_t i) {
    static const char *palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                    "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
    return palette[i % 10];
}

std::string escape(const std::string &s) {
    std::string o;
    o.reserve(s.size());
    for (char c : s) {
        switch (c) {
            case '&': o += "&amp;"; break;
            case '<': o += "&lt;"; break;
            case '>': o += "&gt;"; break;
            case '"': o += "&quot;"; break;
            default: o += c;
        }
    }
    return o;
}

std::string line_chart(const std::string &title, const Axis &x, const Axis &y, const std::vector<Series> &series) {
    Frame f{x, y};
    std::string s = open(title) + axes(f);
    std::vector<std::string> names;
    std::vector<std::string> colors;
    for (size_t i = 0; i < series.size(); i++) {
        names.push_back(series[i].name);
        std::string c = color(series[i].color >= 0 ? size_t(series[i].color) : i);
        colors.push_back(c);
        std::string pts;
        for (auto [a, b] : series[i].points) pts += num(f.px(a)) + "," + num(f.py(b)) + " ";
        s += "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"" + c + "\"" +
             (series[i].dashed ? " stroke-dasharray=\"5 3\"" : "") + " points=\"" + pts + "\"/>";
        for (size_t k = 0; k < series[i].points.size(); k++) {
            auto [a, b] = series[i].points[k];
            std::string t = k < series[i].labels.size() ? series[i].labels[k]
                                                         : series[i].name + ": " + tick_label(a) + " → " + tick_label(b);
            s += "<circle cx=\"" + num(f.px(a)) + "\" cy=\"" + num(f.py(b)) + "\" r=\"3\" fill=\"" + c +
                 "\"><title>" + escape(t) + "</title></circle>";
        }
    }
    return s + legend(names, colors) + "</svg>";
}

std::string box_chart(const std::string &title, const Axis &yaxis, const std::vector<Category> &cats, double reference) {
    Axis xa{"", 0, double(std::max<size_t>(cats.size(), 1)), false};
    Frame f{xa, yaxis};
    std::string s = open(title);
    s += axes(f, false);  // categories are labelled below, no numeric x ticks
    if (reference > 0 || !yaxis.log) {
        double Y = f.py(reference);
        s += "<line x1=\"" + num(kLeft) + "\" x2=\"" + num(kW - kRight) + "\" y1=\"" + num(Y) + "\" y2=\"" + num(Y) +
             "\" stroke=\"#444\" stroke-dasharray=\"4 3\"/>";
    }
    for (size_t i = 0; i < cats.size(); i++) {
        std::vector<std::pair<double, std::string>> pts;  // (value, title)
        for (size_t k = 0; k < cats[i].values.size(); k++) {
            double d = cats[i].values[k];
            if (std::isfinite(d) && (!yaxis.log || d > 0)) {
                pts.push_back({d, k < cats[i].labels.size() ? cats[i].labels[k] : cats[i].name + ": " + tick_label(d)});
            }
        }
        std::sort(pts.begin(), pts.end());
        std::vector<double> v;
        for (const auto &p : pts) v.push_back(p.first);
        double cx = f.px(double(i) + 0.5);
        s += "<text x=\"" + num(cx) + "\" y=\"" + num(kH - kBottom + 14) + "\" text-anchor=\"middle\">" +
             escape(cats[i].name) + " (n=" + std::to_string(v.size()) + ")</text>";
        if (v.empty()) continue;
        auto q = [&](double p) {
            double pos = p * double(v.size() - 1);
            size_t lo = static_cast<size_t>(pos);
            size_t hi = std::min(lo + 1, v.size() - 1);
            return v[lo] + (v[hi] - v[lo]) * (pos - double(lo));
        };
        double w = std::min(60.0, (kW - kLeft - kRight) / double(cats.size()) * 0.5);
        std::string c = color(i);
        s += "<line x1=\"" + num(cx) + "\" x2=\"" + num(cx) + "\" y1=\"" + num(f.py(q(0.1))) + "\" y2=\"" +
             num(f.py(q(0.9))) + "\" stroke=\"" + c + "\"/>";
        s += "<rect x=\"" + num(cx - w / 2) + "\" y=\"" + num(f.py(q(0.75))) + "\" width=\"" + num(w) + "\" height=\"" +
             num(std::max(1.0, f.py(q(0.25)) - f.py(q(0.75)))) + "\" fill=\"" + c + "\" fill-opacity=\"0.25\" stroke=\"" + c + "\"/>";
        s += "<line x1=\"" + num(cx - w / 2) + "\" x2=\"" + num(cx + w / 2) + "\" y1=\"" + num(f.py(q(0.5))) + "\" y2=\"" +
             num(f.py(q(0.5))) + "\" stroke=\"" + c + "\" stroke-width=\"2\"/>";
        for (size_t k = 0; k < v.size(); k++) {
            double jitter = (double((k * 7919) % 101) / 100.0 - 0.5) * w * 0.8;
            s += "<circle cx=\"" + num(cx + jitter) + "\" cy=\"" + num(f.py(v[k])) + "\" r=\"2\" fill=\"" + c +
                 "\" fill-opacity=\"0.7\"><title>" + escape(pts[k].second) + "</title></circle>";
        }
    }
    return s + "</svg>";
}

std::string roofline_chart(const std::string &title, double peak_gflops, double peak_gbps, const std::vector<Series> &series) {
    double xlo = 1e9, xhi = 0, ylo = 1e12, yhi = peak_gflops;
    for (const auto &se : series) {
        for (auto [x, y] : se.points) {
            if (x > 0) xlo = std::min(xlo, x), xhi = std::max(xhi, x);
            if (y > 0) ylo = std::min(ylo, y), yhi = std::max(yhi, y);
        }
    }
    double ridge = peak_gflops / peak_gbps;
    xlo = std::min(xlo, ridge / 10), xhi = std::max(xhi, ridge * 10);
    ylo = std::min(ylo, peak_gbps * xlo);
    Axis x{"arithmetic intensity (FLOP/byte)", std::pow(10, std::floor(std::log10(xlo))),
           std::pow(10, std::ceil(std::log10(xhi))), true};
    Axis y{"GFLOP/s", std::pow(10, std::floor(std::log10(std::max(ylo, 1e-3)))), std::pow(10, std::ceil(std::log10(yhi * 1.01))), true};
    Frame f{x, y};
    std::string s = open(title) + axes(f);
    std::string roof;
    for (double i : {x.lo, ridge, x.hi}) roof += num(f.px(i)) + "," + num(f.py(std::min(peak_gflops, i * peak_gbps))) + " ";
    s += "<polyline fill=\"none\" stroke=\"#000\" stroke-width=\"2\" points=\"" + roof + "\"/>";
    s += "<text x=\"" + num(f.px(x.hi) - 4) + "\" y=\"" + num(f.py(peak_gflops) - 4) + "\" text-anchor=\"end\">" +
         tick_label(peak_gflops) + " GFLOP/s, " + tick_label(peak_gbps) + " GB/s</text>";
    std::vector<std::string> names;
    for (size_t i = 0; i < series.size(); i++) {
        names.push_back(series[i].name);
        for (size_t k = 0; k < series[i].points.size(); k++) {
            auto [a, b] = series[i].points[k];
            if (a <= 0 || b <= 0) continue;
            std::string t = k < series[i].labels.size() ? series[i].labels[k]
                                                         : series[i].name + ": " + tick_label(a) + " FLOP/byte, " + tick_label(b) + " GFLOP/s";
            s += "<circle cx=\"" + num(f.px(a)) + "\" cy=\"" + num(f.py(b)) + "\" r=\"3\" fill=\"" + color(i) +
                 "\" fill-opacity=\"0.75\"><title>" + escape(t) + "</title></circle>";
        }
    }
    return s + legend(names) + "</svg>";
}

std::string bar_chart(const std::string &title, const std::vector<std::pair<std::string, double>> &bars, const std::string &unit) {
    double hi = 0;
    for (auto &b : bars) hi = std::max(hi, std::fabs(b.second));
    if (hi <= 0) hi = 1;
    double row = 22, height = kTop + row * double(bars.size()) + 16;
    std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + num(kW) + " " + num(height) +
                    "\" width=\"" + num(kW) + "\" height=\"" + num(height) +
                    "\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\"><title>" + escape(title) + "</title>" +
                    "<text x=\"" + num(kW / 2) + "\" y=\"20\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\">" +
                    escape(title) + "</text>";
    double x0 = 170, span = kW - x0 - 90;
    for (size_t i = 0; i < bars.size(); i++) {
        double y = kTop + row * double(i);
        double w = span * std::fabs(bars[i].second) / hi;
        s += "<text x=\"" + num(x0 - 6) + "\" y=\"" + num(y + 14) + "\" text-anchor=\"end\">" + escape(bars[i].first) + "</text>";
        s += "<rect x=\"" + num(x0) + "\" y=\"" + num(y + 3) + "\" width=\"" + num(w) + "\" height=\"15\" fill=\"" +
             (bars[i].second < 0 ? "#d62728" : color(i)) + "\"/>";
        char v[48];
        std::snprintf(v, sizeof(v), "%.3g%s", bars[i].second, unit.c_str());
        s += "<text x=\"" + num(x0 + w + 4) + "\" y=\"" + num(y + 14) + "\">" + v + "</text>";
    }
    return s + "</svg>";
}

}  // namespace ekb::svg
