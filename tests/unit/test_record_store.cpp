#include <gtest/gtest.h>

#include <cmath>

#include "common/files.h"
#include "record/store.h"

using namespace ekb;

TEST(Record, JsonRoundTripKeepsNaNAsNull) {
    ResultRecord r;
    r.record_key = "k1";
    r.task_id = "matmul";
    r.correct = true;
    r.seed = 123456789012345;
    r.speedup = 1.25;
    auto j = r.to_json();
    EXPECT_TRUE(j["kernel_median_s"].is_null());
    ResultRecord back = ResultRecord::from_json(j);
    EXPECT_EQ(back.task_id, "matmul");
    EXPECT_TRUE(back.correct);
    EXPECT_EQ(back.seed, 123456789012345);
    EXPECT_EQ(back.speedup, 1.25);
    EXPECT_TRUE(std::isnan(back.kernel_median_s));
}

TEST(Record, CsvHasOneColumnPerField) {
    ResultRecord r;
    r.failure_message = "line one, with comma\nand \"quotes\"";
    std::string header = csv_header();
    EXPECT_EQ(header.rfind("record_key,created_at,task_id", 0), 0u);
    EXPECT_NE(csv_row(r).find("\"line one, with comma\nand \"\"quotes\"\"\""), std::string::npos);
}

TEST(Store, PutReplacesByKeyAndRoundTrips) {
    TempDir tmp("ekb-store-test-");
    auto path = tmp.path() / "results.db";
    {
        ResultStore s(path);
        ResultRecord r;
        r.record_key = "a";
        r.status = "incorrect";
        s.put(r);
        r.status = "timed";
        r.speedup = 0.9;
        s.put(r);
        ResultRecord b;
        b.record_key = "b";
        s.put(b);
    }
    ResultStore s(path);
    auto all = s.all();
    ASSERT_EQ(all.size(), 2u);
    EXPECT_TRUE(s.contains("a"));
    for (const auto &r : all) {
        if (r.record_key == "a") {
            EXPECT_EQ(r.status, "timed");
            EXPECT_EQ(r.speedup, 0.9);
        } else {
            EXPECT_TRUE(std::isnan(r.speedup));
        }
    }
}

TEST(Store, UnwritableLocationIsAClearError) {
    try {
        ResultStore s("/proc/ekb-cannot-be-here/results.db");
        FAIL();
    } catch (const std::exception &e) {
        EXPECT_NE(std::string(e.what()).find("ekb-cannot-be-here"), std::string::npos) << e.what();
    }
}
