// The fabric's messages: base64, job validation (tampered artifacts, forged ids, newer
// formats, missing fields), the job id's stability, and URL redaction.
#include <gtest/gtest.h>

#include "common/files.h"
#include "fabric/base64.h"
#include "fabric/connection.h"
#include "fabric/job.h"

namespace ekb {
namespace {

using nlohmann::json;

TEST(FabricBase64, RoundTripsEveryLengthAndRejectsGarbage) {
    std::string bytes;
    for (int n = 0; n < 300; n++) {
        auto back = base64_decode(base64_encode(bytes));
        ASSERT_TRUE(back.has_value()) << n;
        EXPECT_EQ(*back, bytes);
        bytes += static_cast<char>((n * 37 + 11) & 255);
    }
    EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
    EXPECT_EQ(base64_encode("fo"), "Zm8=");
    EXPECT_FALSE(base64_decode("Zm9").has_value());
    EXPECT_FALSE(base64_decode("Zm=v").has_value());
    EXPECT_FALSE(base64_decode("Zm8*").has_value());
    EXPECT_FALSE(base64_decode("Zg==Zg==").has_value());
}

class FabricJobTest : public ::testing::Test {
protected:
    RemoteRun run() {
        write_file(tmp_.path() / "cand.so", std::string("candidate\0bytes", 15));
        write_file(tmp_.path() / "ref.so", "reference");
        RemoteRun r;
        r.key = "abc#eval|eval";
        r.backend = "cpu";
        r.runner_target = "x86-64-linux";
        r.spec.backend = "cpu";
        r.spec.candidate = (tmp_.path() / "cand.so").string();
        r.spec.reference = (tmp_.path() / "ref.so").string();
        ConductInstance i;
        i.name = "i0";
        i.input_shapes = {{4}};
        i.output_shapes = {{4}};
        i.seed = 5;
        r.spec.instances.push_back(i);
        r.spec.inputs.push_back({"x", DType::f32, -1, 1, {}, 0, 0});
        r.spec.outputs.push_back({"y", DType::f32, 0, 0, {}, 1e-5, 1e-5});
        r.wall_seconds = 60;
        return r;
    }
    TempDir tmp_{"ekb-fabric-unit-"};
};

TEST_F(FabricJobTest, RoundTripsAndTheIdDependsOnKeyAndContentOnly) {
    FabricJob j = make_job(run());
    EXPECT_EQ(j.id.size(), 32u);
    EXPECT_EQ(j.artifacts.size(), 2u);
    FabricJob back = parse_job(j.to_json().dump());
    EXPECT_EQ(back.id, j.id);
    EXPECT_EQ(back.artifacts.at(back.spec.candidate), std::string("candidate\0bytes", 15));
    EXPECT_EQ(make_job(run()).id, j.id);  // same request later (a resumed host): same id
    RemoteRun other = run();
    other.spec.instances[0].seed = 6;
    EXPECT_NE(make_job(other).id, j.id);
    other = run();
    other.key = "abd#eval|eval";
    EXPECT_NE(make_job(other).id, j.id);
    other = run();
    write_file(tmp_.path() / "cand2.so", "another kernel");
    other.spec.candidate = (tmp_.path() / "cand2.so").string();
    EXPECT_NE(make_job(other).id, j.id);
}

TEST_F(FabricJobTest, RejectsTamperedForgedAndMalformedJobs) {
    json j = make_job(run()).to_json();
    auto rejects = [](const json &x, const std::string &why) {
        try {
            parse_job(x.dump());
            ADD_FAILURE() << "accepted: " << why;
        } catch (const std::runtime_error &e) {
            EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
        }
    };
    json t = j;
    std::string h = t["spec"]["candidate"];
    t["artifacts"][h] = base64_encode("evil bytes");
    rejects(t, "does not match its hash");
    t = j;
    t["spec"]["instances"][0]["seed"] = 99;  // same id, other content
    rejects(t, "id does not match");
    t = j;
    t["version"] = 99;
    rejects(t, "newer than this worker");
    t = j;
    t.erase("runner_target");
    rejects(t, "'runner_target' is missing");
    t = j;
    t["artifacts"].erase(h);
    rejects(t, "does not carry");
    t = j;
    t["artifacts"][h] = "!!!";
    rejects(t, "not valid base64");
    t = j;
    t["id"] = "../../etc";
    rejects(t, "not 32 hex digits");
    EXPECT_THROW(parse_job("{not json"), std::runtime_error);
}

TEST(FabricUrl, RedactsCredentialsInEveryServer) {
    EXPECT_EQ(redact_nats_url("nats://u:secret@h:4222"), "nats://h:4222");
    EXPECT_EQ(redact_nats_url("nats://tok@h:1,tls://a:b@g:2"), "nats://h:1,tls://g:2");
    EXPECT_EQ(redact_nats_url("nats://h:4222"), "nats://h:4222");
}

}  // namespace
}  // namespace ekb
