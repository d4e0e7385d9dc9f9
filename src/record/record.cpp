#include "record/record.h"

#include <ctime>
#include <stdexcept>
#include <type_traits>

namespace ekb {

using nlohmann::json;

namespace {

template <typename T>
constexpr const char *sql_type_of() {
    if constexpr (std::is_same_v<T, std::string>) return "TEXT";
    else if constexpr (std::is_same_v<T, double>) return "REAL";
    else return "INTEGER";
}

template <typename T>
constexpr const char *json_type_of() {
    if constexpr (std::is_same_v<T, std::string>) return "string";
    else if constexpr (std::is_same_v<T, double>) return "number";
    else if constexpr (std::is_same_v<T, bool>) return "boolean";
    else return "integer";
}

constexpr bool is_json_doc(const char *doc) { return doc[0] == 'J' && doc[1] == 'S' && doc[2] == 'O' && doc[3] == 'N' && doc[4] == ':'; }

template <typename T>
json value_to_json(const T &v) {
    if constexpr (std::is_same_v<T, double>) {
        if (std::isnan(v)) return nullptr;
    }
    return v;
}

template <typename T>
void value_from_json(const json &j, const char *name, T &out) {
    if (!j.contains(name)) return;
    const json &v = j.at(name);
    if (v.is_null()) {
        if constexpr (std::is_same_v<T, double>) out = NAN;
        return;
    }
    if constexpr (std::is_same_v<T, std::string>) {
        if (v.is_object() || v.is_array()) {  // an exported JSON-valued field, nested
            out = v.dump();
            return;
        }
    }
    if constexpr (std::is_same_v<T, bool>) {
        if (!v.is_boolean()) throw std::runtime_error(std::string("field '") + name + "': expected a boolean, got " + v.type_name());
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (!v.is_string()) throw std::runtime_error(std::string("field '") + name + "': expected a string, got " + v.type_name());
    } else {
        if (!v.is_number()) throw std::runtime_error(std::string("field '") + name + "': expected a number, got " + v.type_name());
    }
    out = v.get<T>();
}

std::string csv_escape(const std::string &raw) {
    std::string s;
    for (char c : raw) {
        if (c == '\n') s += "\\n";
        else if (c == '\r') s += "\\r";
        else if (c == '\\') s += "\\\\";
        else s += c;
    }
    if (s.find_first_of(",\"") == std::string::npos) return s;
    std::string o = "\"";
    for (char c : s) {
        if (c == '"') o += "\"\"";
        else o += c;
    }
    return o + "\"";
}

template <typename T>
std::string csv_value(const T &v) {
    if constexpr (std::is_same_v<T, std::string>) return csv_escape(v);
    else if constexpr (std::is_same_v<T, double>) {
        if (std::isnan(v)) return "";
        char buf[40];
        snprintf(buf, sizeof(buf), "%.9g", v);
        return buf;
    } else if constexpr (std::is_same_v<T, bool>) return v ? "1" : "0";
    else return std::to_string(v);
}

}  // namespace

const std::vector<RecordField> &record_fields() {
    static const std::vector<RecordField> fields = {
#define EKB_FIELD(type, name, doc) {#name, sql_type_of<type>(), doc, is_json_doc(doc), json_type_of<type>()},
        EKB_RECORD_FIELDS(EKB_FIELD)
#undef EKB_FIELD
    };
    return fields;
}

json ResultRecord::to_json() const {
    json j;
#define EKB_TO_JSON(type, name, doc) j[#name] = value_to_json(name);
    EKB_RECORD_FIELDS(EKB_TO_JSON)
#undef EKB_TO_JSON
    return j;
}

json ResultRecord::to_export_json() const {
    json j = to_json();
    for (const auto &f : record_fields()) {
        if (!f.json_valued) continue;
        json &v = j[f.name];
        const std::string text = v.is_string() ? v.get<std::string>() : "";
        if (text.empty()) {
            v = nullptr;
            continue;
        }
        json parsed = json::parse(text, nullptr, false);
        v = parsed.is_discarded() ? json({{"unparsed", text}}) : parsed;
    }
    return j;
}

ResultRecord ResultRecord::from_json(const json &j) {
    ResultRecord r;
#define EKB_FROM_JSON(type, name, doc) value_from_json(j, #name, r.name);
    EKB_RECORD_FIELDS(EKB_FROM_JSON)
#undef EKB_FROM_JSON
    return r;
}

json record_json_schema() {
    json props = json::object(), required = json::array();
    for (const auto &f : record_fields()) {
        json type;
        std::string t = f.json_type;
        if (f.json_valued) type = json::array({"object", "array", "null"});
        else if (t == "number") type = json::array({"number", "null"});  // null: not measured
        else type = t;
        props[f.name] = {{"type", type}, {"description", f.doc}};
        required.push_back(f.name);
    }
    return {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
            {"title", "EdgeKernelBench result record (ekb results --jsonl)"},
            {"description", "One evaluated sample: one kernel x task x backend. Generated from src/record/record.h "
                            "(ekb results --schema). Fields documented 'JSON: ...' are nested objects (null when empty)."},
            {"type", "object"},
            {"required", required},
            {"additionalProperties", false},
            {"properties", props}};
}

std::string csv_header() {
    std::string s;
    for (const auto &f : record_fields()) s += (s.empty() ? "" : ",") + std::string(f.name);
    return s;
}

std::string csv_row(const ResultRecord &r) {
    std::string s;
    bool first = true;
#define EKB_CSV(type, name, doc)   \
    if (!first) s += ",";          \
    first = false;                 \
    s += csv_value(r.name);
    EKB_RECORD_FIELDS(EKB_CSV)
#undef EKB_CSV
    return s;
}

std::string utc_now() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

}  // namespace ekb
