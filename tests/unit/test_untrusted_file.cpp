// read_untrusted: the one way the trusted side reads what a confined child could write.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <fstream>

#include "common/files.h"
#include "common/untrusted_file.h"

using namespace ekb;

namespace {

void put(const fs::path &p, const std::string &s) {
    std::ofstream(p, std::ios::binary) << s;
}

}  // namespace

TEST(UntrustedFile, ReadsARegularFileHeadAndTail) {
    TempDir d("ut-");
    put(d.path() / "a.txt", "hello world");
    auto r = read_untrusted(d.path() / "a.txt", 5);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.bytes, "hello");
    EXPECT_TRUE(r.truncated);
    auto t = read_untrusted(d.path() / "a.txt", 5, ReadEnd::tail);
    EXPECT_EQ(t.bytes, "world");
    EXPECT_EQ(read_untrusted_text(d.path() / "missing", 10), "");
}

TEST(UntrustedFile, RefusesASymlinkEvenToAReadableFile) {
    TempDir d("ut-");
    put(d.path() / "secret", "host secret");
    fs::create_symlink(d.path() / "secret", d.path() / "log.err");
    auto r = read_untrusted(d.path() / "log.err", 100);
    EXPECT_EQ(r.status, UntrustedRead::Status::not_regular);
    EXPECT_TRUE(r.bytes.empty());
    std::string text = read_untrusted_text(d.path() / "log.err", 100);
    EXPECT_EQ(text.find("host secret"), std::string::npos);
    EXPECT_NE(text.find("symbolic link"), std::string::npos) << text;
}

TEST(UntrustedFile, RefusesAFifoWithoutBlocking) {
    TempDir d("ut-");
    ASSERT_EQ(::mkfifo((d.path() / "stderr.txt").c_str(), 0600), 0);
    auto t0 = std::chrono::steady_clock::now();
    auto r = read_untrusted(d.path() / "stderr.txt", 100);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_EQ(r.status, UntrustedRead::Status::not_regular);
    EXPECT_NE(r.problem.find("FIFO"), std::string::npos) << r.problem;
    EXPECT_LT(s, 1.0);
}

TEST(UntrustedFile, RefusesAHardLinkAndADirectory) {
    TempDir d("ut-");
    put(d.path() / "orig", "x");
    fs::create_hard_link(d.path() / "orig", d.path() / "link");
    EXPECT_EQ(read_untrusted(d.path() / "link", 10).status, UntrustedRead::Status::not_regular);
    fs::create_directory(d.path() / "dir");
    EXPECT_EQ(read_untrusted(d.path() / "dir", 10).status, UntrustedRead::Status::not_regular);
}

TEST(UntrustedFile, InvalidUtf8IsEscapedAndJsonAcceptsIt) {
    TempDir d("ut-");
    std::string bad = "ok \xff\xfe tail \xc3\x28 \xe2\x82\xac \xed\xa0\x80";
    bad.push_back('\0');
    bad += "end";
    put(d.path() / "gen.err", bad);
    std::string text = read_untrusted_text(d.path() / "gen.err", 1000);
    EXPECT_NE(text.find("\\xff\\xfe"), std::string::npos) << text;
    EXPECT_NE(text.find("\xe2\x82\xac"), std::string::npos);  // a valid euro sign stays
    EXPECT_NE(text.find("\\x00end"), std::string::npos);
    nlohmann::json j = {{"log", text}};
    EXPECT_NO_THROW((void)j.dump());
}

TEST(UntrustedFile, TailStartsAtACharacterBoundary) {
    TempDir d("ut-");
    put(d.path() / "t", "aaa\xe2\x82\xac");  // 3 + 3 bytes
    std::string text = read_untrusted_text(d.path() / "t", 2, ReadEnd::tail);
    EXPECT_EQ(text, "");  // the last two bytes are a partial character: dropped, not escaped
}
