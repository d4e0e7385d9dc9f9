#include <gtest/gtest.h>

#include "kernel/kernel_file.h"

namespace {
const char *k_kernel = R"(EKB_KERNEL {
    task::Algorithm a;
    // @layer compute
    a.prod.compute_root();
    // @layer loops
    a.C.parallel(a.i);
    // @layer vector
    a.C.vectorize(a.j, 8);
    // @end
    return a.kernel();
}
)";
}

TEST(KernelSections, ParsesLayers) {
    auto s = ekb::parse_kernel_sections(k_kernel);
    EXPECT_TRUE(s.problems.empty());
    ASSERT_EQ(s.sections.size(), 3u);
    EXPECT_EQ(s.sections[0].layer, "compute");
    EXPECT_EQ(s.find("loops")->body, "    a.C.parallel(a.i);\n");
    EXPECT_EQ(s.find("memory"), nullptr);
    EXPECT_EQ(s.find("vector")->begin_line, 7u);
}

TEST(KernelSections, ReplacesOneLayerOnly) {
    auto out = ekb::replace_kernel_section(k_kernel, "loops", "    a.C.parallel(a.i).split(a.j, a.j, a.jv, 16);\n");
    ASSERT_TRUE(out.has_value());
    auto s = ekb::parse_kernel_sections(*out);
    EXPECT_EQ(s.find("loops")->body, "    a.C.parallel(a.i).split(a.j, a.j, a.jv, 16);\n");
    EXPECT_EQ(s.find("compute")->body, "    a.prod.compute_root();\n");
    EXPECT_EQ(s.find("vector")->body, "    a.C.vectorize(a.j, 8);\n");
    EXPECT_FALSE(ekb::replace_kernel_section(k_kernel, "memory", "x").has_value());
}

TEST(KernelSections, ReportsProblems) {
    auto s = ekb::parse_kernel_sections("// @layer tiling\nx;\n// @layer loops\n// @layer loops\n");
    ASSERT_EQ(s.problems.size(), 3u);
    EXPECT_NE(s.problems[0].find("unknown layer 'tiling'"), std::string::npos);
    EXPECT_NE(s.problems[1].find("appears twice"), std::string::npos);
    EXPECT_NE(s.problems[2].find("no '// @end'"), std::string::npos);
}
