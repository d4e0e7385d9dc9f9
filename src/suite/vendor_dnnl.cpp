// ekb-vendor-dnnl: times convolutions with oneDNN, the vendor baseline of `ekb suite calibrate`
// for convolution tasks (GEMM-like tasks use OpenBLAS through numpy instead).
//
//   ekb-vendor-dnnl < request.json > report.json
//
// request: {"threads": T, "layout": L, "convs": [conv, ...]} or just [conv, ...], where conv is
//   {"kind": "conv" | "deconv", "dims": 1 | 2, "n", "ic", "ih", "iw", "oc", "kh", "kw",
//    "stride": [sh, sw], "pad": [ph, pw], "pad_r": [ph, pw], "dilation": [dh, dw],
//    "groups", "bias": bool}
// with PyTorch's conventions: dilation 1 is dense, pad_r defaults to pad, a deconv's output
// size is (i - 1) * stride - pad - pad_r + dilation * (k - 1) + 1. A 1-D convolution
// ("dims": 1) gives iw, kw and one-element (or scalar) stride, pad, dilation; it runs as a
// 2-D convolution of height 1. Defaults: kind conv, dims 2, stride 1, pad 0, dilation 1,
// groups 1, bias false. Optional "oh", "ow" (PyTorch's output size) are checked against the
// output size the parameters give.
//
// Each convolution is one forward_inference primitive (convolution_auto: oneDNN may pick
// Winograd; deconvolution_direct) on float32, with weights in oneDNN's preferred layout
// (format_tag::any, reordered once before timing, as a deployed model pre-packs its weights)
// and a plain bias. src and dst are in the task's NCHW layout, two ways (layout L):
//   nchw     the primitive reads and writes NCHW itself (oneDNN 2.6 then mostly falls back to
//            im2col + GEMM, "gemm:jit", slow for depthwise convolutions);
//   reorder  oneDNN picks its src/dst layouts (blocked nChw16c: its fast direct kernels) and
//            each timed call includes the reorders from and to NCHW;
//   best     (default) both, the faster reported, the other under "other";
//   blocked  as reorder without the reorders timed: a diagnostic only, since it leaves the
//            task's NCHW contract (activations kept blocked across layers).
// Timing follows time_reference.py's time_calls: ~30 ms time-based warm-up, calls per sample
// grown until a sample lasts >= 10 ms, at least 10 samples, at most ~1 s (and 200 samples);
// the median seconds per call is reported. Threads: oneDNN's Debian build runs on OpenMP;
// "threads" sets omp_set_num_threads (without it, OMP_NUM_THREADS applies).
//
// report: {"dnnl_version": "2.6.3", "threads": T, "convs": [{"kind", "median_s", "samples",
//          "impl", "layout", "other"}]}, impl the implementation oneDNN picked (impl_info_str()).
// Exit codes: 0 ok; 2 bad request (message on stderr, prefixed "ekb-vendor-dnnl: ");
// 3 oneDNN failed.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <oneapi/dnnl/dnnl.hpp>
#include <random>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

using nlohmann::json;
using tag = dnnl::memory::format_tag;
using dt = dnnl::memory::data_type;

struct BadRequest : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Conv {
    bool deconv = false;
    int dims = 2;
    int64_t n = 0, ic = 0, ih = 1, iw = 0, oc = 0, kh = 1, kw = 0, groups = 1;
    int64_t sh = 1, sw = 1, ph = 0, pw = 0, prh = 0, prw = 0, dh = 1, dw = 1;  // PyTorch conventions
    bool bias = false;
    int64_t oh = 0, ow = 0;
};

int64_t get_int(const json &j, const std::string &key, const std::string &where, int64_t fallback, bool required) {
    if (!j.contains(key)) {
        if (required) throw BadRequest(where + ": missing \"" + key + "\"");
        return fallback;
    }
    const json &v = j.at(key);
    if (!v.is_number_integer()) throw BadRequest(where + ": \"" + key + "\" must be an integer, got " + v.dump());
    return v.get<int64_t>();
}

// A per-axis pair (height, width) from [h, w] or a scalar; a 1-D convolution has only width:
// [w] or a scalar, and its height value is `h1d`.
std::pair<int64_t, int64_t> get_pair(const json &j, const std::string &key, const std::string &where, int dims,
                                     int64_t fallback, int64_t h1d) {
    if (!j.contains(key)) return {dims == 1 ? h1d : fallback, fallback};
    const json &v = j.at(key);
    if (v.is_number_integer()) return {dims == 1 ? h1d : v.get<int64_t>(), v.get<int64_t>()};
    if (v.is_array() && static_cast<int>(v.size()) == dims && std::all_of(v.begin(), v.end(), [](const json &x) {
            return x.is_number_integer();
        })) {
        if (dims == 1) return {h1d, v[0].get<int64_t>()};
        return {v[0].get<int64_t>(), v[1].get<int64_t>()};
    }
    throw BadRequest(where + ": \"" + key + "\" must be an integer or a list of " + std::to_string(dims) +
                     " integers, got " + v.dump());
}

Conv parse_conv(const json &j, size_t index) {
    std::string where = "convolution " + std::to_string(index);
    if (!j.is_object()) throw BadRequest(where + ": not an object");
    Conv c;
    std::string kind = j.value("kind", "conv");
    if (kind != "conv" && kind != "deconv") throw BadRequest(where + ": kind must be conv or deconv, got " + kind);
    c.deconv = kind == "deconv";
    c.dims = static_cast<int>(get_int(j, "dims", where, 2, false));
    if (c.dims != 1 && c.dims != 2) throw BadRequest(where + ": dims must be 1 or 2");
    c.n = get_int(j, "n", where, 1, true);
    c.ic = get_int(j, "ic", where, 0, true);
    c.oc = get_int(j, "oc", where, 0, true);
    c.iw = get_int(j, "iw", where, 0, true);
    c.kw = get_int(j, "kw", where, 0, true);
    c.ih = get_int(j, "ih", where, 1, c.dims == 2);
    c.kh = get_int(j, "kh", where, 1, c.dims == 2);
    if (c.dims == 1 && (c.ih != 1 || c.kh != 1)) throw BadRequest(where + ": a 1-D convolution has ih = kh = 1");
    c.groups = get_int(j, "groups", where, 1, false);
    std::tie(c.sh, c.sw) = get_pair(j, "stride", where, c.dims, 1, 1);
    std::tie(c.ph, c.pw) = get_pair(j, "pad", where, c.dims, 0, 0);
    std::tie(c.prh, c.prw) = j.contains("pad_r") ? get_pair(j, "pad_r", where, c.dims, 0, 0) : std::pair{c.ph, c.pw};
    std::tie(c.dh, c.dw) = get_pair(j, "dilation", where, c.dims, 1, 1);
    if (j.contains("bias") && !j.at("bias").is_boolean()) throw BadRequest(where + ": \"bias\" must be true or false");
    c.bias = j.value("bias", false);

    for (auto [name, v] : {std::pair{"n", c.n}, {"ic", c.ic}, {"oc", c.oc}, {"ih", c.ih}, {"iw", c.iw}, {"kh", c.kh},
                           {"kw", c.kw}, {"groups", c.groups}, {"stride", std::min(c.sh, c.sw)},
                           {"dilation", std::min(c.dh, c.dw)}}) {
        if (v < 1) throw BadRequest(where + ": " + name + " must be >= 1");
    }
    if (std::min(c.ph, c.pw) < 0) throw BadRequest(where + ": pad must be >= 0");
    if (c.ic % c.groups || c.oc % c.groups) throw BadRequest(where + ": ic and oc must be multiples of groups");
    int64_t ekh = (c.kh - 1) * c.dh + 1, ekw = (c.kw - 1) * c.dw + 1;  // extent of the dilated kernel
    if (c.deconv) {
        c.oh = (c.ih - 1) * c.sh - c.ph - c.prh + ekh;
        c.ow = (c.iw - 1) * c.sw - c.pw - c.prw + ekw;
    } else {
        c.oh = (c.ih + c.ph + c.prh - ekh) / c.sh + 1;
        c.ow = (c.iw + c.pw + c.prw - ekw) / c.sw + 1;
        if (c.ih + c.ph + c.prh < ekh || c.iw + c.pw + c.prw < ekw) c.oh = c.ow = 0;
    }
    if (c.oh < 1 || c.ow < 1) throw BadRequest(where + ": empty output");
    int64_t want_oh = get_int(j, "oh", where, c.oh, false), want_ow = get_int(j, "ow", where, c.ow, false);
    if (want_oh != c.oh || want_ow != c.ow) {
        throw BadRequest(where + ": the request says output " + std::to_string(want_oh) + "x" + std::to_string(want_ow) +
                         ", its parameters give " + std::to_string(c.oh) + "x" + std::to_string(c.ow));
    }
    int64_t elems = std::max({c.n * c.ic * c.ih * c.iw, c.n * c.oc * c.oh * c.ow, c.oc * c.ic / c.groups * c.kh * c.kw});
    if (elems > (int64_t(1) << 31)) throw BadRequest(where + ": too large");
    return c;
}

template <class F>
std::pair<double, int> time_calls(F &&fn, double warmup_s = 0.03, double min_sample_s = 0.01, int min_samples = 10,
                                  double cap_s = 1.0) {
    using clock = std::chrono::steady_clock;
    auto since = [](clock::time_point t) { return std::chrono::duration<double>(clock::now() - t).count(); };
    auto t0 = clock::now();
    while (since(t0) < warmup_s) fn();
    int64_t n = 1;
    while (true) {
        auto t = clock::now();
        for (int64_t i = 0; i < n; i++) fn();
        double dt = since(t);
        if (dt >= min_sample_s) break;
        n = static_cast<int64_t>(n * std::min(10.0, std::max(2.0, min_sample_s * 1.25 / std::max(dt, 1e-9)))) + 1;
    }
    std::vector<double> samples;
    auto start = clock::now();
    while (static_cast<int>(samples.size()) < min_samples || (since(start) < cap_s && samples.size() < 200)) {
        auto t = clock::now();
        for (int64_t i = 0; i < n; i++) fn();
        samples.push_back(since(t) / static_cast<double>(n));
        if (static_cast<int>(samples.size()) >= min_samples && since(start) >= cap_s) break;
    }
    std::sort(samples.begin(), samples.end());
    size_t m = samples.size();
    double median = m % 2 ? samples[m / 2] : 0.5 * (samples[m / 2 - 1] + samples[m / 2]);
    return {median, static_cast<int>(m)};
}

void fill_random(dnnl::memory &m, std::mt19937 &rng, float lo, float hi) {
    std::uniform_real_distribution<float> u(lo, hi);
    auto *p = static_cast<float *>(m.get_data_handle());
    size_t count = m.get_desc().get_size() / sizeof(float);
    for (size_t i = 0; i < count; i++) p[i] = u(rng);
}

// One convolution's primitive for the given src and dst descriptors (tag::any lets oneDNN pick).
struct Plan {
    dnnl::primitive prim;
    dnnl::memory::desc src, weights, dst;
    std::string impl;
};

Plan make_plan(const Conv &c, const dnnl::engine &eng, const dnnl::memory::desc &src_md,
               const dnnl::memory::desc &dst_md) {
    using dims = dnnl::memory::dims;
    // oneDNN's weights are [oc, ic, kh, kw] (grouped: [g, oc/g, ic/g, kh, kw]) for both
    // convolution and deconvolution.
    dims wdims = c.groups == 1 ? dims{c.oc, c.ic, c.kh, c.kw} : dims{c.groups, c.oc / c.groups, c.ic / c.groups, c.kh, c.kw};
    dnnl::memory::desc w_any(wdims, dt::f32, tag::any);
    dnnl::memory::desc b_md = c.bias ? dnnl::memory::desc(dims{c.oc}, dt::f32, tag::x) : dnnl::memory::desc();
    dims strides{c.sh, c.sw}, dilates{c.dh - 1, c.dw - 1}, pad_l{c.ph, c.pw}, pad_r{c.prh, c.prw};  // oneDNN: 0 = dense
    Plan p;
    auto fill = [&](const auto &pd) {
        p.src = pd.src_desc();
        p.weights = pd.weights_desc();
        p.dst = pd.dst_desc();
        p.impl = pd.impl_info_str();
    };
    if (c.deconv) {
        dnnl::deconvolution_forward::desc d(dnnl::prop_kind::forward_inference, dnnl::algorithm::deconvolution_direct,
                                            src_md, w_any, b_md, dst_md, strides, dilates, pad_l, pad_r);
        dnnl::deconvolution_forward::primitive_desc pd(d, eng);
        fill(pd);
        p.prim = dnnl::deconvolution_forward(pd);
    } else {
        dnnl::convolution_forward::desc d(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_auto, src_md,
                                          w_any, b_md, dst_md, strides, dilates, pad_l, pad_r);
        dnnl::convolution_forward::primitive_desc pd(d, eng);
        fill(pd);
        p.prim = dnnl::convolution_forward(pd);
    }
    return p;
}

// Times one convolution with src and dst in NCHW. layout "nchw": the primitive works on NCHW
// directly; "reorder": oneDNN picks its src/dst layouts and the timed call includes the
// reorders from and to NCHW; "blocked": as "reorder" but only the convolution is timed
// (activations kept in oneDNN's layout across layers, not the task's contract).
json time_conv(const Conv &c, const std::string &layout, dnnl::engine &eng, dnnl::stream &strm, std::mt19937 &rng) {
    using dims = dnnl::memory::dims;
    dnnl::memory::desc src_nchw(dims{c.n, c.ic, c.ih, c.iw}, dt::f32, tag::nchw);
    dnnl::memory::desc dst_nchw(dims{c.n, c.oc, c.oh, c.ow}, dt::f32, tag::nchw);
    bool plain = layout == "nchw";
    Plan p = plain ? make_plan(c, eng, src_nchw, dst_nchw)
                   : make_plan(c, eng, dnnl::memory::desc(src_nchw.dims(), dt::f32, tag::any),
                               dnnl::memory::desc(dst_nchw.dims(), dt::f32, tag::any));
    dims wdims = p.weights.dims();
    dnnl::memory w_user({wdims, dt::f32, c.groups == 1 ? tag::oihw : tag::goihw}, eng), w(p.weights, eng);
    dnnl::memory user_src(src_nchw, eng), user_dst(dst_nchw, eng), src(p.src, eng), dst(p.dst, eng);
    fill_random(user_src, rng, -1.0f, 1.0f);
    fill_random(w_user, rng, -0.5f, 0.5f);
    dnnl::reorder(w_user, w).execute(strm, w_user, w);  // the one-time weight pre-packing
    dnnl::reorder(user_src, src).execute(strm, user_src, src);
    strm.wait();
    std::unordered_map<int, dnnl::memory> args{{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, w}, {DNNL_ARG_DST, dst}};
    if (c.bias) {
        dnnl::memory b({dims{c.oc}, dt::f32, tag::x}, eng);
        fill_random(b, rng, -0.5f, 0.5f);
        args.insert({DNNL_ARG_BIAS, b});
    }
    bool reorder_src = layout == "reorder" && p.src != src_nchw, reorder_dst = layout == "reorder" && p.dst != dst_nchw;
    dnnl::primitive to_src = reorder_src ? dnnl::primitive(dnnl::reorder(user_src, src)) : dnnl::primitive();
    dnnl::primitive to_dst = reorder_dst ? dnnl::primitive(dnnl::reorder(dst, user_dst)) : dnnl::primitive();
    auto [median, samples] = time_calls([&] {
        if (reorder_src) to_src.execute(strm, {{DNNL_ARG_FROM, user_src}, {DNNL_ARG_TO, src}});
        p.prim.execute(strm, args);
        if (reorder_dst) to_dst.execute(strm, {{DNNL_ARG_FROM, dst}, {DNNL_ARG_TO, user_dst}});
        strm.wait();
    });
    return {{"kind", c.deconv ? "deconv" : "conv"}, {"median_s", median}, {"samples", samples}, {"impl", p.impl},
            {"layout", layout}};
}

// layout "best": the faster of "nchw" and "reorder", both honouring the task's NCHW contract;
// the slower one is kept under "other".
json time_conv_best(const Conv &c, dnnl::engine &eng, dnnl::stream &strm, std::mt19937 &rng) {
    json direct = time_conv(c, "nchw", eng, strm, rng), reordered = time_conv(c, "reorder", eng, strm, rng);
    bool pick_direct = direct["median_s"].get<double>() <= reordered["median_s"].get<double>();
    json best = pick_direct ? direct : reordered;
    json other = pick_direct ? reordered : direct;
    best["other"] = {{"layout", other["layout"]}, {"impl", other["impl"]}, {"median_s", other["median_s"]}};
    return best;
}

[[noreturn]] void fail(int code, const std::string &msg) {
    std::cerr << "ekb-vendor-dnnl: " << msg << std::endl;
    std::exit(code);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 1) fail(2, "usage: ekb-vendor-dnnl < request.json (no arguments)");
    json req;
    std::vector<Conv> convs;
    int threads = 0;
    std::string layout = "best";
    try {
        req = json::parse(std::cin);
        const json &list = req.is_object() ? req.at("convs") : req;
        if (!list.is_array()) throw BadRequest("the request must be a list of convolutions or {\"convs\": [...]}");
        if (req.is_object()) threads = static_cast<int>(get_int(req, "threads", "request", 0, false));
        if (threads < 0) throw BadRequest("threads must be >= 0");
        if (req.is_object() && req.contains("layout")) {
            if (!req.at("layout").is_string()) throw BadRequest("layout must be a string");
            layout = req.at("layout").get<std::string>();
        }
        if (layout != "best" && layout != "nchw" && layout != "reorder" && layout != "blocked") {
            throw BadRequest("layout must be best, nchw, reorder or blocked, got " + layout);
        }
        for (size_t i = 0; i < list.size(); i++) convs.push_back(parse_conv(list[i], i));
    } catch (const BadRequest &e) {
        fail(2, e.what());
    } catch (const json::exception &e) {
        fail(2, std::string("bad request JSON: ") + e.what());
    }
    if (threads > 0) omp_set_num_threads(threads);

    const dnnl_version_t *v = dnnl::version();
    std::string version = std::to_string(v->major) + "." + std::to_string(v->minor) + "." + std::to_string(v->patch);
    json out = {{"dnnl_version", version}, {"threads", omp_get_max_threads()}, {"convs", json::array()}};
    try {
        dnnl::engine eng(dnnl::engine::kind::cpu, 0);
        dnnl::stream strm(eng);
        std::mt19937 rng(1234);
        for (size_t i = 0; i < convs.size(); i++) {
            try {
                out["convs"].push_back(layout == "best" ? time_conv_best(convs[i], eng, strm, rng)
                                                     : time_conv(convs[i], layout, eng, strm, rng));
            } catch (const dnnl::error &e) {
                fail(3, "convolution " + std::to_string(i) + ": oneDNN: " + e.what() + " (status " +
                            std::to_string(static_cast<int>(e.status)) + ")");
            }
        }
    } catch (const dnnl::error &e) {
        fail(3, std::string("oneDNN: ") + e.what());
    }
    std::cout << out.dump() << std::endl;
    return 0;
}
