#include "record/store.h"

#include "common/test_points.h"

#include <stdexcept>
#include <type_traits>

namespace ekb {

namespace {

struct StmtCloser {
    void operator()(sqlite3_stmt *s) const { sqlite3_finalize(s); }
};
using Stmt = std::unique_ptr<sqlite3_stmt, StmtCloser>;

template <typename T>
void bind(sqlite3_stmt *s, int i, const T &v) {
    if constexpr (std::is_same_v<T, std::string>) sqlite3_bind_text(s, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    else if constexpr (std::is_same_v<T, double>) {
        if (std::isnan(v)) sqlite3_bind_null(s, i);
        else sqlite3_bind_double(s, i, v);
    } else sqlite3_bind_int64(s, i, static_cast<int64_t>(v));
}

template <typename T>
void column(sqlite3_stmt *s, int i, T &out) {
    if constexpr (std::is_same_v<T, std::string>) {
        const auto *t = sqlite3_column_text(s, i);
        out = t ? reinterpret_cast<const char *>(t) : "";
    } else if constexpr (std::is_same_v<T, double>) {
        out = sqlite3_column_type(s, i) == SQLITE_NULL ? NAN : sqlite3_column_double(s, i);
    } else {
        out = static_cast<T>(sqlite3_column_int64(s, i));
    }
}

}  // namespace

ResultStore::ResultStore(const std::filesystem::path &path) : path_(path) {
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
    sqlite3 *db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
        std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
        if (db) sqlite3_close(db);
        throw std::runtime_error("cannot open results store " + path.string() + ": " + msg);
    }
    db_.reset(db);
    sqlite3_busy_timeout(db, 10000);
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=NORMAL");
    std::string cols;
    for (const auto &f : record_fields()) {
        cols += (cols.empty() ? "" : ", ") + std::string(f.name) + " " + f.sql_type;
        if (std::string(f.name) == "record_key") cols += " PRIMARY KEY";
    }
    exec("CREATE TABLE IF NOT EXISTS results (" + cols + ")");
    // A store made by an older ekb gains the newer columns.
    for (const auto &f : record_fields()) {
        std::string probe = "SELECT " + std::string(f.name) + " FROM results LIMIT 0";
        if (sqlite3_exec(db, probe.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
            exec("ALTER TABLE results ADD COLUMN " + std::string(f.name) + " " + f.sql_type);
        }
    }
}

void ResultStore::exec(const std::string &sql) const {
    char *err = nullptr;
    if (sqlite3_exec(db_.get(), sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        throw std::runtime_error("results store " + path_.string() + ": " + msg + " (in: " + sql.substr(0, 80) + ")");
    }
}

void ResultStore::put(const ResultRecord &r) {
    std::string names, marks;
    for (const auto &f : record_fields()) {
        names += (names.empty() ? "" : ", ") + std::string(f.name);
        marks += marks.empty() ? "?" : ", ?";
    }
    std::string sql = "INSERT OR REPLACE INTO results (" + names + ") VALUES (" + marks + ")";
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db_.get(), sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
        throw std::runtime_error("results store " + path_.string() + ": " + sqlite3_errmsg(db_.get()));
    }
    Stmt stmt(raw);
    int i = 1;
#define EKB_BIND(type, name, doc) bind(raw, i++, r.name);
    EKB_RECORD_FIELDS(EKB_BIND)
#undef EKB_BIND
    exec("BEGIN IMMEDIATE");
    if (sqlite3_step(raw) != SQLITE_DONE) {
        std::string msg = sqlite3_errmsg(db_.get());
        sqlite3_exec(db_.get(), "ROLLBACK", nullptr, nullptr, nullptr);
        throw std::runtime_error("results store " + path_.string() + ": cannot write record " + r.record_key + ": " + msg);
    }
    test_point("record_commit");
    exec("COMMIT");
}

void ResultStore::put_all(const std::vector<ResultRecord> &records) {
    std::string names, marks;
    for (const auto &f : record_fields()) {
        names += (names.empty() ? "" : ", ") + std::string(f.name);
        marks += marks.empty() ? "?" : ", ?";
    }
    std::string sql = "INSERT OR REPLACE INTO results (" + names + ") VALUES (" + marks + ")";
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db_.get(), sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
        throw std::runtime_error("results store " + path_.string() + ": " + sqlite3_errmsg(db_.get()));
    }
    Stmt stmt(raw);
    exec("BEGIN IMMEDIATE");
    for (const auto &r : records) {
        sqlite3_reset(raw);
        sqlite3_clear_bindings(raw);
        int i = 1;
#define EKB_BIND(type, name, doc) bind(raw, i++, r.name);
        EKB_RECORD_FIELDS(EKB_BIND)
#undef EKB_BIND
        if (sqlite3_step(raw) != SQLITE_DONE) {
            std::string msg = sqlite3_errmsg(db_.get());
            sqlite3_exec(db_.get(), "ROLLBACK", nullptr, nullptr, nullptr);
            throw std::runtime_error("results store " + path_.string() + ": cannot write record " + r.record_key + ": " + msg +
                                     " (nothing of this batch was stored)");
        }
    }
    exec("COMMIT");
}

std::vector<std::string> ResultStore::keys() const {
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db_.get(), "SELECT record_key FROM results ORDER BY record_key", -1, &raw, nullptr) != SQLITE_OK) {
        throw std::runtime_error("results store " + path_.string() + ": " + sqlite3_errmsg(db_.get()));
    }
    Stmt stmt(raw);
    std::vector<std::string> out;
    while (sqlite3_step(raw) == SQLITE_ROW) out.emplace_back(reinterpret_cast<const char *>(sqlite3_column_text(raw, 0)));
    return out;
}

std::vector<ResultRecord> ResultStore::all() const {
    std::string names;
    for (const auto &f : record_fields()) names += (names.empty() ? "" : ", ") + std::string(f.name);
    std::string sql = "SELECT " + names + " FROM results ORDER BY created_at, record_key";
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db_.get(), sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
        throw std::runtime_error("results store " + path_.string() + ": " + sqlite3_errmsg(db_.get()));
    }
    Stmt stmt(raw);
    std::vector<ResultRecord> out;
    while (sqlite3_step(raw) == SQLITE_ROW) {
        ResultRecord r;
        int i = 0;
#define EKB_COLUMN(type, name, doc) column(raw, i++, r.name);
        EKB_RECORD_FIELDS(EKB_COLUMN)
#undef EKB_COLUMN
        out.push_back(std::move(r));
    }
    return out;
}

bool ResultStore::contains(const std::string &key) const {
    sqlite3_stmt *raw = nullptr;
    sqlite3_prepare_v2(db_.get(), "SELECT 1 FROM results WHERE record_key = ?", -1, &raw, nullptr);
    Stmt stmt(raw);
    sqlite3_bind_text(raw, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    return sqlite3_step(raw) == SQLITE_ROW;
}

}  // namespace ekb
