#include <gtest/gtest.h>

#include "suite/shape_expr.h"

using ekb::eval_shape_expr;

TEST(ShapeExpr, ArithmeticAndPrecedence) {
    ekb::DimValues d = {{"H", 23}, {"W", 17}, {"K", 3}};
    EXPECT_EQ(eval_shape_expr("H", d), 23);
    EXPECT_EQ(eval_shape_expr("2*H+1", d), 47);
    EXPECT_EQ(eval_shape_expr("(H+2*1-K)/2+1", d), 12);
    EXPECT_EQ(eval_shape_expr("-W + 20", d), 3);
    EXPECT_EQ(eval_shape_expr("min(H, W) * max(1, K)", d), 51);
    EXPECT_EQ(eval_shape_expr("H % 4", d), 3);
}

TEST(ShapeExpr, FloorDivision) {
    ekb::DimValues d = {{"a", -7}};
    EXPECT_EQ(eval_shape_expr("a / 2", d), -4);
    EXPECT_EQ(eval_shape_expr("a % 2", d), 1);
}

TEST(ShapeExpr, ErrorsNameTheProblem) {
    ekb::DimValues d = {{"H", 4}};
    try {
        eval_shape_expr("H * Q", d);
        FAIL() << "expected an error";
    } catch (const std::invalid_argument &e) {
        EXPECT_NE(std::string(e.what()).find("unknown dimension 'Q'"), std::string::npos) << e.what();
    }
    EXPECT_THROW(eval_shape_expr("H / 0", d), std::invalid_argument);
    EXPECT_THROW(eval_shape_expr("(H + 1", d), std::invalid_argument);
    EXPECT_THROW(eval_shape_expr("H H", d), std::invalid_argument);
}
