// Integer expressions over an instance's named dimensions, as written in task.json:
// shapes ("H-2", "(W+2*1-3)/2+1"), FLOP and byte counts ("2*M*N*K").
// Grammar: + - * / % with the usual precedence, unary minus, parentheses, integer literals,
// identifiers, and min(a,b) / max(a,b). Division is floor division.
#pragma once
#include <cstdint>
#include <map>
#include <string>

namespace ekb {

using DimValues = std::map<std::string, int64_t>;

// Throws std::invalid_argument with a message naming the expression and what is wrong.
int64_t eval_shape_expr(const std::string &expr, const DimValues &dims);

// A task's constraint on its dims (task.json "constraints"): two expressions joined by one
// comparison, ==, !=, <=, >=, < or >: "C % 4 == 0", "K <= T", "H2 == 2*H". True when it holds.
// Throws std::invalid_argument naming the constraint when it is not of that form.
bool eval_shape_constraint(const std::string &constraint, const DimValues &dims);

// The dimension a constraint defines, when it has the form "<dim> == <expression>" (a
// derived dimension, e.g. "H2 == 2*H"), else "".
std::string defined_dimension(const std::string &constraint, std::string *expression = nullptr);

}  // namespace ekb
