#include "suite/shape_expr.h"

#include <cctype>
#include <stdexcept>

namespace ekb {
namespace {

class Parser {
public:
    Parser(const std::string &s, const DimValues &d) : s_(s), dims_(d) {}

    int64_t parse() {
        int64_t v = expr();
        skip();
        if (pos_ != s_.size()) fail("unexpected '" + std::string(1, s_[pos_]) + "'");
        return v;
    }

private:
    [[noreturn]] void fail(const std::string &what) {
        throw std::invalid_argument("in expression \"" + s_ + "\" at column " +
                                    std::to_string(pos_ + 1) + ": " + what);
    }
    void skip() {
        while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) pos_++;
    }
    bool eat(char c) {
        skip();
        if (pos_ < s_.size() && s_[pos_] == c) { pos_++; return true; }
        return false;
    }
    static int64_t floor_div(int64_t a, int64_t b) {
        int64_t q = a / b;
        if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
        return q;
    }
    int64_t expr() {
        int64_t v = term();
        while (true) {
            if (eat('+')) v += term();
            else if (eat('-')) v -= term();
            else return v;
        }
    }
    int64_t term() {
        int64_t v = unary();
        while (true) {
            if (eat('*')) {
                v *= unary();
            } else if (eat('/')) {
                int64_t d = unary();
                if (d == 0) fail("division by zero");
                v = floor_div(v, d);
            } else if (eat('%')) {
                int64_t d = unary();
                if (d == 0) fail("modulo by zero");
                v = v - floor_div(v, d) * d;
            } else {
                return v;
            }
        }
    }
    int64_t unary() {
        if (eat('-')) return -unary();
        if (eat('+')) return unary();
        return primary();
    }
    int64_t primary() {
        skip();
        if (pos_ >= s_.size()) fail("unexpected end");
        char c = s_[pos_];
        if (c == '(') {
            pos_++;
            int64_t v = expr();
            if (!eat(')')) fail("missing ')'");
            return v;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) {
            int64_t v = 0;
            while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
                v = v * 10 + (s_[pos_++] - '0');
            }
            return v;
        }
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            size_t start = pos_;
            while (pos_ < s_.size() &&
                   (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) {
                pos_++;
            }
            std::string name = s_.substr(start, pos_ - start);
            if (name == "min" || name == "max") {
                if (!eat('(')) fail("expected '(' after " + name);
                int64_t a = expr();
                if (!eat(',')) fail("expected ',' in " + name);
                int64_t b = expr();
                if (!eat(')')) fail("missing ')' after " + name);
                return name == "min" ? std::min(a, b) : std::max(a, b);
            }
            auto it = dims_.find(name);
            if (it == dims_.end()) fail("unknown dimension '" + name + "'");
            return it->second;
        }
        fail("unexpected '" + std::string(1, c) + "'");
    }

    const std::string &s_;
    const DimValues &dims_;
    size_t pos_ = 0;
};

}  // namespace

int64_t eval_shape_expr(const std::string &expr, const DimValues &dims) {
    return Parser(expr, dims).parse();
}

namespace {

struct Comparison {
    std::string lhs, op, rhs;
};

Comparison split_comparison(const std::string &c) {
    static const char *ops[] = {"==", "!=", "<=", ">=", "<", ">"};
    for (const char *op : ops) {
        size_t p = c.find(op);
        if (p == std::string::npos) continue;
        std::string rest = c.substr(p + std::string(op).size());
        for (const char *o2 : ops) {
            if (rest.find(o2) != std::string::npos) {
                throw std::invalid_argument("constraint \"" + c + "\": more than one comparison");
            }
        }
        return {c.substr(0, p), op, rest};
    }
    throw std::invalid_argument("constraint \"" + c + "\": no comparison (==, !=, <=, >=, <, >)");
}

std::string trim(const std::string &s) {
    size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

}  // namespace

bool eval_shape_constraint(const std::string &constraint, const DimValues &dims) {
    Comparison c = split_comparison(constraint);
    int64_t a, b;
    try {
        a = eval_shape_expr(c.lhs, dims);
        b = eval_shape_expr(c.rhs, dims);
    } catch (const std::invalid_argument &e) {
        throw std::invalid_argument("constraint \"" + constraint + "\": " + e.what());
    }
    if (c.op == "==") return a == b;
    if (c.op == "!=") return a != b;
    if (c.op == "<=") return a <= b;
    if (c.op == ">=") return a >= b;
    if (c.op == "<") return a < b;
    return a > b;
}

std::string defined_dimension(const std::string &constraint, std::string *expression) {
    Comparison c;
    try {
        c = split_comparison(constraint);
    } catch (const std::invalid_argument &) {
        return "";
    }
    if (c.op != "==") return "";
    std::string lhs = trim(c.lhs);
    if (lhs.empty() || !(std::isalpha(static_cast<unsigned char>(lhs[0])) || lhs[0] == '_')) return "";
    for (char ch : lhs) {
        if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_')) return "";
    }
    if (expression) *expression = c.rhs;
    return lhs;
}

}  // namespace ekb
