#include "kernel/source_check.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace ekb {
namespace {

struct Token {
    enum Kind { identifier, string, punct, directive } kind;
    std::string text;  // identifier / punctuation; a string's prefix (e.g. "R", "u8"); a directive's line
    int line;
};

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' || (c & 0x80); }
bool ident_char(char c) { return ident_start(c) || std::isdigit(static_cast<unsigned char>(c)); }

// Translation phase 2 (line splicing), keeping a map back to original line numbers.
std::string splice_lines(const std::string &src, std::vector<int> &line_of) {
    std::string out;
    int line = 1;
    for (size_t i = 0; i < src.size(); i++) {
        if (src[i] == '\\') {
            size_t j = i + 1;
            while (j < src.size() && (src[j] == ' ' || src[j] == '\t' || src[j] == '\r')) j++;
            if (j < src.size() && src[j] == '\n') {
                i = j;
                line++;
                continue;
            }
        }
        out += src[i];
        line_of.push_back(line);
        if (src[i] == '\n') line++;
    }
    line_of.push_back(line);
    return out;
}

std::vector<Token> tokenize(const std::string &raw) {
    std::vector<int> line_of;
    std::string s = splice_lines(raw, line_of);
    std::vector<Token> out;
    bool line_start = true;
    size_t i = 0;
    auto skip_quoted = [&](char q) {  // i at the opening quote
        for (i++; i < s.size() && s[i] != q && s[i] != '\n'; i++) {
            if (s[i] == '\\') i++;
        }
        if (i < s.size() && s[i] == q) i++;
    };
    while (i < s.size()) {
        char c = s[i];
        if (c == '\n') {
            line_start = true;
            i++;
            continue;
        }
        if (std::isspace(static_cast<unsigned char>(c))) {
            i++;
            continue;
        }
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            while (i < s.size() && s[i] != '\n') i++;
            continue;
        }
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            size_t e = s.find("*/", i + 2);
            i = e == std::string::npos ? s.size() : e + 2;
            continue;
        }
        int line = line_of[i];
        if (c == '#' && line_start) {
            // A directive: its whole (spliced) line, comments removed by a second pass below.
            size_t e = s.find('\n', i);
            if (e == std::string::npos) e = s.size();
            std::string d = s.substr(i + 1, e - i - 1);
            out.push_back({Token::directive, d, line});
            // The directive's own tokens count too (#define bodies).
            size_t p = d.find_first_not_of(" \t");
            if (p != std::string::npos && d.compare(p, 7, "include") != 0) {
                for (Token t : tokenize(d)) {
                    t.line = line;
                    out.push_back(t);
                }
            }
            i = e;
            continue;
        }
        line_start = false;
        if (ident_start(c)) {
            size_t b = i;
            while (i < s.size() && ident_char(s[i])) i++;
            std::string id = s.substr(b, i - b);
            // String literal prefixes: R"delim( ... )delim", u8"...", L'x'.
            bool raw_prefix = !id.empty() && id.back() == 'R' && (id == "R" || id == "u8R" || id == "uR" || id == "UR" || id == "LR");
            bool str_prefix = id == "u8" || id == "u" || id == "U" || id == "L";
            if (i < s.size() && s[i] == '"' && raw_prefix) {
                size_t open = s.find('(', i);
                std::string delim = open == std::string::npos ? "" : s.substr(i + 1, open - i - 1);
                size_t close = open == std::string::npos ? std::string::npos : s.find(")" + delim + "\"", open);
                i = close == std::string::npos ? s.size() : close + delim.size() + 2;
                out.push_back({Token::string, id, line});
                continue;
            }
            if (i < s.size() && (s[i] == '"' || s[i] == '\'') && str_prefix) {
                char q = s[i];
                skip_quoted(q);
                if (q == '"') out.push_back({Token::string, id, line});
                continue;
            }
            out.push_back({Token::identifier, id, line});
            continue;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) {
            // pp-number, with digit separators and exponents.
            while (i < s.size() && (ident_char(s[i]) || s[i] == '.' || s[i] == '\'' ||
                                    ((s[i] == '+' || s[i] == '-') && (s[i - 1] == 'e' || s[i - 1] == 'E' || s[i - 1] == 'p' || s[i - 1] == 'P')))) {
                i++;
            }
            continue;
        }
        if (c == '"') {
            skip_quoted('"');
            out.push_back({Token::string, "", line});
            continue;
        }
        if (c == '\'') {
            skip_quoted('\'');
            continue;
        }
        if (c == '#' && i + 1 < s.size() && s[i + 1] == '#') {
            out.push_back({Token::punct, "##", line});
            i += 2;
            continue;
        }
        if (c == '%' && s.compare(i, 4, "%:%:") == 0) {  // the digraph of ##
            out.push_back({Token::punct, "##", line});
            i += 4;
            continue;
        }
        out.push_back({Token::punct, std::string(1, c), line});
        i++;
    }
    return out;
}

std::string at(int line) { return "line " + std::to_string(line) + ": "; }

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

// "" or why an #include (or #include_next / #import) is refused.
std::string include_problem(const std::string &directive) {
    size_t p = directive.find_first_not_of(" \t");
    if (p == std::string::npos) return "";
    size_t e = directive.find_first_of(" \t<\"", p);
    std::string word = directive.substr(p, e == std::string::npos ? std::string::npos : e - p);
    if (word != "include" && word != "include_next" && word != "import") return "";
    size_t open = directive.find_first_of("<\"", p);
    if (open == std::string::npos) return "";  // #include MACRO: the name is built elsewhere
    char close_ch = directive[open] == '<' ? '>' : '"';
    size_t close = directive.find(close_ch, open + 1);
    std::string name = directive.substr(open + 1, close == std::string::npos ? std::string::npos : close - open - 1);
    std::string base = name.substr(name.find_last_of('/') == std::string::npos ? 0 : name.find_last_of('/') + 1);
    if (name.find("..") != std::string::npos || (!name.empty() && name[0] == '/')) {
        return "#include \"" + name + "\" is not allowed: a kernel includes headers by name, not by path";
    }
    if (lower(name).find("internal") != std::string::npos) {
        return "#include \"" + name + "\" is not allowed: Halide's internals are not part of a kernel";
    }
    if (lower(base).rfind("halide", 0) == 0 && base != "Halide.h") {
        return "#include \"" + name + "\" is not allowed: Halide's runtime headers are not part of a kernel "
               "(<ekb/kernel.h> brings Halide.h)";
    }
    return "";
}

bool starts_with(const std::string &s, const char *p) { return s.rfind(p, 0) == 0; }

}  // namespace

std::string kernel_source_problem(const std::string &source) {
    std::vector<Token> toks = tokenize(source);
    for (size_t i = 0; i < toks.size(); i++) {
        const Token &t = toks[i];
        if (t.kind == Token::directive) {
            std::string why = include_problem(t.text);
            if (!why.empty()) return at(t.line) + why;
            continue;
        }
        if (t.kind == Token::punct && t.text == "##") {
            return at(t.line) + "token pasting (##) is not allowed in a kernel: it builds names the rules forbid";
        }
        if (t.kind != Token::identifier) continue;
        const std::string &id = t.text;
        if (id == "Internal") {
            return at(t.line) + "Halide::Internal is not allowed: a kernel uses Halide's public API only (no "
                                "Internal::, no namespace alias or macro for it)";
        }
        if (id == "define_extern" || id == "ExternFuncArgument" || id == "ExternSignature" || id == "ExternCFunction" ||
            id == "JITExtern" || id == "set_jit_externs" || starts_with(id, "HalideExtern_") ||
            starts_with(id, "HalidePureExtern_") || starts_with(id, "halide_register_extern")) {
            return at(t.line) + id + " is not allowed: extern stages call code outside the pipeline (a kernel is Halide only)";
        }
        if (id == "extern" && i + 1 < toks.size() && toks[i + 1].kind == Token::string) {
            return at(t.line) + "extern \"C\" is not allowed: a kernel defines no C functions for a pipeline to call "
                                "(no extern stages)";
        }
    }
    return "";
}

}  // namespace ekb
