// TextTable fits a width: long cells wrap inside their column, columns that still do not fit
// are named in a note, nothing is cut silently; width 0 (--wide) keeps natural widths.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/table.h"

using namespace ekb;

namespace {

std::vector<std::string> lines_of(const std::string &s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

TextTable wide_table() {
    TextTable t({"task", "tier", "backend", "kernel", "status", "speedup", "95% CI", "failure message"});
    t.add({"mobilenetv2_block", "L3", "opencl", "expert_opencl.cpp", "timed", "1.003", "[0.981, 1.020]", ""});
    t.add({"conv2d_3x3", "L1", "cpu", "k.cpp", "incorrect", "-", "-",
           "verify/mismatch: 1234 of 65536 elements differ on held-out instance 'odd-127', max abs err 0.5 at (3, 17)"});
    return t;
}

}  // namespace

TEST(Table, FitsTheWidthAndWrapsLongCells) {
    for (int width : {40, 60, 80, 120}) {
        std::string out = wide_table().render(width);
        for (const auto &l : lines_of(out)) EXPECT_LE(display_width(l), static_cast<size_t>(width)) << width << ": " << l;
        EXPECT_NE(out.find("mobilenetv2_block"), std::string::npos);  // short cells are never cut
    }
    // At 120 columns everything shows; the long message wraps and every word of it is there.
    std::string out = wide_table().render(120);
    EXPECT_NE(out.find("[0.981, 1.020]"), std::string::npos) << out;
    EXPECT_EQ(out.find("--wide"), std::string::npos) << out;
    for (const char *w : {"verify/mismatch:", "held-out", "'odd-127',", "(3,", "17)"}) EXPECT_NE(out.find(w), std::string::npos) << w << "\n" << out;
}

TEST(Table, ColumnsThatDoNotFitAreNamed) {
    std::string out = wide_table().render(60);
    EXPECT_NE(out.find("with --wide:"), std::string::npos) << out;
    EXPECT_NE(out.find("failure message"), std::string::npos) << out;  // named in the note
}

TEST(Table, WideKeepsNaturalWidths) {
    std::string out = wide_table().render(0);
    auto ls = lines_of(out);
    ASSERT_EQ(ls.size(), 4u);  // header, rule, two rows: nothing wrapped
    EXPECT_NE(ls[3].find("max abs err 0.5 at (3, 17)"), std::string::npos);
}
