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

TEST(Record, CsvIsOneLinePerRecordWithOneColumnPerField) {
    ResultRecord r;
    r.failure_message = "line one, with comma\nand \"quotes\"\r\\n";
    std::string header = csv_header();
    EXPECT_EQ(header.rfind("record_key,created_at,task_id", 0), 0u);
    std::string row = csv_row(r);
    EXPECT_EQ(row.find('\n'), std::string::npos);
    EXPECT_EQ(row.find('\r'), std::string::npos);
    // newline -> \n, carriage return -> \r, backslash -> \\ (so a literal "\n" stays distinguishable)
    EXPECT_NE(row.find(R"("line one, with comma\nand ""quotes""\r\\n")"), std::string::npos) << row;
}

TEST(Record, ExportNestsJsonFieldsAndReadsBack) {
    ResultRecord r;
    r.record_key = "k";
    r.environment = R"({"device": {"cpu_model": "x"}})";
    r.instances = R"([{"name": "a", "correct": true}])";
    r.budget = "";
    r.layer_credit = "not json";
    nlohmann::json j = r.to_export_json();
    EXPECT_TRUE(j["environment"].is_object());
    EXPECT_TRUE(j["instances"].is_array());
    EXPECT_TRUE(j["budget"].is_null());
    EXPECT_EQ(j["layer_credit"]["unparsed"], "not json");
    ResultRecord back = ResultRecord::from_json(j);
    EXPECT_EQ(nlohmann::json::parse(back.environment), nlohmann::json::parse(r.environment));
    EXPECT_EQ(nlohmann::json::parse(back.instances), nlohmann::json::parse(r.instances));
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

TEST(Store, ZeroByteFileIsAnErrorAndStaysEmpty) {
    TempDir tmp("ekb-store-test-");
    auto path = tmp.path() / "results.db";
    write_file(path, "");
    for (auto mode : {StoreMode::create, StoreMode::read_only}) {
        try {
            ResultStore s(path, mode);
            FAIL() << "a 0-byte store opened";
        } catch (const StoreError &e) {
            EXPECT_NE(std::string(e.what()).find("0 bytes"), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
        }
    }
    EXPECT_EQ(std::filesystem::file_size(path), 0u);
}

TEST(Store, ReadOnlyNeverCreates) {
    TempDir tmp("ekb-store-test-");
    EXPECT_THROW(ResultStore(tmp.path() / "none.db", StoreMode::read_only), std::runtime_error);
    EXPECT_FALSE(std::filesystem::exists(tmp.path() / "none.db"));
}

TEST(Store, UnwritableLocationIsAClearError) {
    try {
        ResultStore s("/proc/ekb-cannot-be-here/results.db");
        FAIL();
    } catch (const std::exception &e) {
        EXPECT_NE(std::string(e.what()).find("ekb-cannot-be-here"), std::string::npos) << e.what();
    }
}
