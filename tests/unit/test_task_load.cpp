#include <algorithm>
#include <gtest/gtest.h>

#include <filesystem>

#include "common/files.h"
#include "common/paths.h"
#include "suite/suite.h"

using namespace ekb;
namespace fs = std::filesystem;

namespace {

const char *k_good = R"({
  "id": "toy", "title": "t", "tier": "L1", "domain": "vision", "provenance": "p", "description": "d",
  "dims": ["N"],
  "inputs": [{"name": "x", "dtype": "float32", "shape": ["N"], "range": [-1, 1]}],
  "outputs": [{"name": "y", "dtype": "float32", "shape": ["N"]}],
  "flops": "N",
  "instances": [
    {"name": "a", "split": "visible", "dims": {"N": 8}},
    {"name": "b", "split": "visible", "dims": {"N": 16}},
    {"name": "c", "split": "heldout", "dims": {"N": 13}}
  ]
})";

class TaskDir {
public:
    explicit TaskDir(const std::string &json) : tmp_("ekb-task-test-") {
        dir_ = tmp_.path() / "toy";
        write_file(dir_ / "task.json", json);
        write_file(dir_ / "algorithm.h", "// algorithm\n");
        write_file(dir_ / "reference.py", "# reference\n");
        write_file(dir_ / "kernels" / "naive.cpp", "// naive\n");
    }
    const fs::path &dir() const { return dir_; }

private:
    TempDir tmp_;
    fs::path dir_;
};

std::string error_of(const std::string &json) {
    TaskDir d(json);
    try {
        load_task(d.dir());
    } catch (const TaskError &e) {
        return e.what();
    }
    return "";
}

std::string replace(std::string s, const std::string &from, const std::string &to) {
    auto p = s.find(from);
    EXPECT_NE(p, std::string::npos) << from;
    return s.replace(p, from.size(), to);
}

}  // namespace

TEST(TaskLoad, GoodTask) {
    TaskDir d(k_good);
    Task t = load_task(d.dir());
    EXPECT_EQ(t.id, "toy");
    EXPECT_EQ(t.instances.size(), 3u);
    EXPECT_EQ(t.visible_instances().size(), 2u);
    EXPECT_EQ(t.shape(t.outputs[0], t.instances[2]), std::vector<int64_t>{13});
    EXPECT_EQ(t.tolerance.at("y").atol, 1e-4);
    EXPECT_EQ(t.content_hash.size(), 64u);
}

TEST(TaskLoad, ErrorsNameFileAndField) {
    std::string e = error_of(replace(k_good, "\"float32\", \"shape\": [\"N\"], \"range\"", "\"float64\", \"shape\": [\"N\"], \"range\""));
    EXPECT_NE(e.find("task.json: field 'inputs[0].dtype': unknown dtype 'float64'"), std::string::npos) << e;
    e = error_of(replace(k_good, "\"tier\": \"L1\"", "\"tier\": \"L9\""));
    EXPECT_NE(e.find("field 'tier'"), std::string::npos) << e;
    e = error_of(replace(k_good, "{\"N\": 16}", "{\"N\": -2}"));
    EXPECT_NE(e.find("instances[1].dims.N"), std::string::npos) << e;
    e = error_of(replace(k_good, "\"split\": \"heldout\"", "\"split\": \"visible\""));
    EXPECT_NE(e.find("at least one held-out"), std::string::npos) << e;
    e = error_of(replace(k_good, "\"id\": \"toy\"", "\"id\": \"other\""));
    EXPECT_NE(e.find("does not match the folder name"), std::string::npos) << e;
    e = error_of(replace(k_good, "\"shape\": [\"N\"]}]", "\"shape\": [\"N-20\"]}]"));
    EXPECT_NE(e.find("tensor 'y' dimension \"N-20\""), std::string::npos) << e;
    e = error_of("{ not json");
    EXPECT_NE(e.find("invalid JSON"), std::string::npos) << e;
}

TEST(TaskLoad, ModelSourceIsOptionalAndChecked) {
    EXPECT_FALSE(load_task(TaskDir(k_good).dir()).source.has_value());
    const std::string with = replace(k_good, "\"provenance\": \"p\"",
                                     "\"provenance\": \"p\", \"source\": {\"model\": \"MobileNetV3-small\", "
                                     "\"version\": \"torchvision 0.15\", \"layers\": \"features.1\"}");
    TaskDir d(with);
    Task t = load_task(d.dir());
    ASSERT_TRUE(t.source.has_value());
    EXPECT_EQ(t.source->model, "MobileNetV3-small");
    EXPECT_EQ(t.source->layers, "features.1");
    std::string e = error_of(replace(with, "\"layers\": \"features.1\"", "\"layers\": \"\""));
    EXPECT_NE(e.find("field 'source.layers': must not be empty"), std::string::npos) << e;
    EXPECT_EQ(load_task(TaskDir(replace(with, ", \"version\": \"torchvision 0.15\"", "")).dir()).source->version, "");
    e = error_of(replace(with, "\"layers\"", "\"layer\""));
    EXPECT_NE(e.find("field 'source.layer': unknown field"), std::string::npos) << e;
    e = error_of(replace(with, ", \"layers\": \"features.1\"", ""));
    EXPECT_NE(e.find("field 'source.layers': missing"), std::string::npos) << e;
    e = error_of(replace(with, "\"source\": {", "\"source\": {\"url\": \"x\", "));
    EXPECT_NE(e.find("field 'source.url': unknown field"), std::string::npos) << e;
    TaskDir cited(replace(k_good, "\"provenance\": \"p\"", "\"provenance\": \"p\", \"source\": \"MobileNet (Howard 2017)\""));
    EXPECT_EQ(load_task(cited.dir()).source->model, "MobileNet (Howard 2017)");
    e = error_of(replace(k_good, "\"provenance\": \"p\"", "\"provenance\": \"p\", \"source\": 3"));
    EXPECT_NE(e.find("field 'source': must be a string or an object"), std::string::npos) << e;
}

TEST(Suite, ShippedSuiteLoads) {
    Suite s = Suite::load(ekb_home() / "suite");
    EXPECT_GE(s.tasks().size(), 1u);
    ASSERT_NE(s.find("matmul"), nullptr);
    EXPECT_EQ(s.match("matmul").size(), 1u);
    EXPECT_EQ(s.match("matmul,softmax").size(), 2u);
    EXPECT_GE(s.match("mat*").size(), 2u);  // matmul, matmul_bias_gelu
    for (const auto &t : s.tasks()) {
        EXPECT_GE(t.visible_instances().size(), 2u) << t.id;
        EXPECT_TRUE(fs::exists(t.expert_kernel("cpu"))) << t.id;
        EXPECT_TRUE(fs::exists(t.expert_kernel("opencl"))) << t.id;
        // At least one held-out extent is odd, so a skipped tail tile shows. A dim the task
        // constrains to be even ("H % 2 == 0": NV12 planes) counts when its half is odd.
        bool odd = false;
        for (const auto &i : t.instances) {
            if (!i.heldout) continue;
            for (const auto &[name, v] : i.dims) {
                bool even_only = std::find(t.constraints.begin(), t.constraints.end(), name + " % 2 == 0") != t.constraints.end();
                odd = odd || (even_only ? (v / 2) % 2 == 1 : v % 2 == 1);
            }
        }
        EXPECT_TRUE(odd) << t.id << " has no odd held-out extent";
    }
}

TEST(PrivateInstances, MergeAsHeldOutAndNameErrors) {
    TaskDir d(k_good);
    std::vector<Task> tasks = {load_task(d.dir())};
    TempDir tmp("ekb-private-");
    write_file(tmp.path() / "private.json", R"({"toy": [{"name": "mine", "dims": {"N": 31}}]})");
    merge_private_instances(tasks, tmp.path() / "private.json");
    const Instance *mine = tasks[0].find_instance("mine");
    ASSERT_NE(mine, nullptr);
    EXPECT_TRUE(mine->heldout);
    EXPECT_EQ(mine->origin, (tmp.path() / "private.json").string());
    EXPECT_EQ(tasks[0].visible_instances().size(), 2u);  // never shown to producers

    write_file(tmp.path() / "bad.json", R"({"nope": []})");
    try {
        merge_private_instances(tasks, tmp.path() / "bad.json");
        FAIL();
    } catch (const TaskError &e) {
        EXPECT_NE(std::string(e.what()).find("bad.json: field 'nope': no task 'nope'"), std::string::npos) << e.what();
    }
    write_file(tmp.path() / "bad2.json", R"({"toy": [{"name": "x", "dims": {"N": 0}}]})");
    try {
        merge_private_instances(tasks, tmp.path() / "bad2.json");
        FAIL();
    } catch (const TaskError &e) {
        EXPECT_NE(std::string(e.what()).find("toy[0].dims.N"), std::string::npos) << e.what();
    }
}
