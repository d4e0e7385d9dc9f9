#include "run/layout.h"

#include <algorithm>
#include <stdexcept>

namespace ekb {

size_t ArgLayout::elements() const {
    size_t n = 1;
    for (int64_t e : shape) n *= static_cast<size_t>(e);
    return n;
}

namespace {
size_t align_up(size_t v, size_t a) { return (v + a - 1) / a * a; }
}  // namespace

Layout Layout::plan(std::vector<ArgLayout> args, int sets, int out_sets) {
    Layout l;
    l.sets = sets;
    l.out_sets = out_sets > 0 ? out_sets : sets;
    l.args = std::move(args);
    size_t off = 0;
    int nsets = std::max(l.sets, l.out_sets);
    for (auto &a : l.args) a.offsets.assign(static_cast<size_t>(a.output ? l.out_sets : l.sets), 0);
    for (int s = 0; s < nsets; s++) {
        for (size_t i = 0; i < l.args.size(); i++) {
            auto &a = l.args[i];
            if (s >= static_cast<int>(a.offsets.size())) continue;
            if (a.output) off += k_guard_bytes;
            // A shift of 0 .. 63 cache lines that differs between sets and arguments: the
            // sets' addresses differ in bits 6..11 (alignment and page offset).
            size_t shift = k_buffer_align * ((static_cast<size_t>(s) * 37 + i * 11 + 5) % 64);
            off = align_up(off, 4096) + shift;
            a.offsets[static_cast<size_t>(s)] = off;
            off += a.bytes();
            if (a.output) off += k_guard_bytes;
        }
        // Sets never share a page, and each starts an odd number of pages after the last.
        off = align_up(off, 4096);
        if ((off / 4096) % 2 == static_cast<size_t>(s % 2)) off += 4096;
    }
    l.total_bytes = align_up(off, 4096);
    return l;
}

nlohmann::json Layout::to_json() const {
    nlohmann::json args_j = nlohmann::json::array();
    for (const auto &a : args) {
        args_j.push_back({{"name", a.name}, {"output", a.output}, {"dtype", dtype_name(a.dtype)}, {"shape", a.shape},
                          {"offsets", a.offsets}});
    }
    return {{"sets", sets}, {"out_sets", out_sets}, {"total_bytes", total_bytes}, {"args", args_j}};
}

Layout Layout::from_json(const nlohmann::json &j) {
    Layout l;
    l.sets = j.at("sets");
    l.out_sets = j.value("out_sets", l.sets);
    if (l.sets < 1 || l.out_sets < 1) throw std::runtime_error("layout: sets must be >= 1");
    l.total_bytes = j.at("total_bytes");
    for (const auto &a : j.at("args")) {
        ArgLayout al;
        al.name = a.at("name");
        al.output = a.at("output");
        auto d = parse_dtype(a.at("dtype").get<std::string>());
        if (!d) throw std::runtime_error("layout: bad dtype");
        al.dtype = *d;
        al.shape = a.at("shape").get<std::vector<int64_t>>();
        al.offsets = a.at("offsets").get<std::vector<size_t>>();
        l.args.push_back(std::move(al));
    }
    return l;
}

halide_type_t halide_type_of(DType d) {
    const auto &i = dtype_info(d);
    return halide_type_t(static_cast<halide_type_code_t>(i.halide_code), static_cast<uint8_t>(i.bits), 1);
}

void HostBuffer::init(uint8_t *host, DType dtype, const std::vector<int64_t> &shape) {
    int rank = static_cast<int>(shape.size());
    dims.assign(static_cast<size_t>(rank), halide_dimension_t{});
    int32_t stride = 1;
    for (int d = 0; d < rank; d++) {
        int64_t extent = shape[static_cast<size_t>(rank - 1 - d)];
        dims[static_cast<size_t>(d)] = halide_dimension_t(0, static_cast<int32_t>(extent), stride);
        stride *= static_cast<int32_t>(extent);
    }
    buf = halide_buffer_t{};
    buf.host = host;
    buf.type = halide_type_of(dtype);
    buf.dimensions = rank;
    buf.dim = dims.data();
}

}  // namespace ekb
