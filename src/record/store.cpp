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

std::string recovery_hint(const std::filesystem::path &path) {
    return "ekb left the file as it is. To recover: restore " + path.filename().string() +
           " from a backup, or salvage its records with `sqlite3 " + path.string() + " .recover | sqlite3 recovered.db` "
           "and move the damaged file aside; or move it aside and start a new store (the same ekb run command then "
           "re-evaluates the samples it lacks)";
}

// SQLite's own check of every page's structure, on a read-only connection (nothing is
// written, not even the WAL's checkpoint). "" when the store is sound, else what is wrong.
std::string quick_check(const std::filesystem::path &path) {
    sqlite3 *raw = nullptr;
    int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    std::unique_ptr<sqlite3, int (*)(sqlite3 *)> db(raw, sqlite3_close);
    if (rc != SQLITE_OK) return raw ? sqlite3_errmsg(raw) : "cannot open";
    sqlite3_busy_timeout(raw, 10000);
    sqlite3_stmt *st = nullptr;
    rc = sqlite3_prepare_v2(raw, "PRAGMA quick_check", -1, &st, nullptr);
    if (rc != SQLITE_OK) return sqlite3_errmsg(raw);
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> stmt(st, sqlite3_finalize);
    std::string problems;
    int n = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const auto *t = sqlite3_column_text(st, 0);
        std::string line = t ? reinterpret_cast<const char *>(t) : "";
        if (line == "ok") continue;
        if (n++ < 3) problems += (problems.empty() ? "" : "; ") + line;
    }
    if (rc != SQLITE_DONE) return problems.empty() ? sqlite3_errmsg(raw) : problems;
    if (n > 3) problems += "; and " + std::to_string(n - 3) + " more";
    return problems;
}

}  // namespace

ResultStore::ResultStore(const std::filesystem::path &path, StoreMode mode) : path_(path), mode_(mode) {
    namespace fs = std::filesystem;
    std::error_code ec;
    bool exists = fs::exists(path, ec);
    if (!exists && mode == StoreMode::read_only) throw std::runtime_error("no results store at " + path.string());
    if (exists) {
        if (!fs::is_regular_file(path, ec)) throw StoreError("results store " + path.string() + " is not a regular file");
        if (fs::file_size(path, ec) == 0 && !ec) {
            // SQLite would take a 0-byte file for a new, empty database: a store that was
            // truncated would silently read as "no records" and be filled again.
            throw StoreError("results store " + path.string() + " is an empty file (0 bytes): it was truncated or never "
                             "written, so its records are lost or missing. " + recovery_hint(path));
        }
        if (std::string bad = quick_check(path); !bad.empty()) {
            throw StoreError("results store " + path.string() + " is damaged (SQLite quick_check: " + bad + "). " +
                             recovery_hint(path));
        }
    } else if (path.has_parent_path()) {
        fs::create_directories(path.parent_path());
    }
    sqlite3 *db = nullptr;
    int flags = mode == StoreMode::read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
        std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
        if (db) sqlite3_close(db);
        throw std::runtime_error("cannot open results store " + path.string() + ": " + msg);
    }
    db_.reset(db);
    sqlite3_busy_timeout(db, 10000);
    auto has_column = [&](const char *name) {
        std::string probe = "SELECT " + std::string(name) + " FROM results LIMIT 0";
        return sqlite3_exec(db, probe.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
    };
    if (mode == StoreMode::read_only) {
        if (!has_column("record_key")) {
            throw StoreError("results store " + path.string() + " is an SQLite file without a results table: not a results store");
        }
        for (const auto &f : record_fields()) {
            if (has_column(f.name)) columns_.push_back(f.name);
        }
        return;
    }
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
        if (!has_column(f.name)) exec("ALTER TABLE results ADD COLUMN " + std::string(f.name) + " " + f.sql_type);
        columns_.push_back(f.name);
    }
}

void ResultStore::fail_read(int rc) const {
    std::string msg = sqlite3_errmsg(db_.get());
    if (rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB) {
        throw StoreError("results store " + path_.string() + " is damaged (" + msg + "). " + recovery_hint(path_));
    }
    throw std::runtime_error("results store " + path_.string() + ": cannot read: " + msg);
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
        int rc = sqlite3_errcode(db_.get());
        std::string msg = sqlite3_errmsg(db_.get());
        sqlite3_exec(db_.get(), "ROLLBACK", nullptr, nullptr, nullptr);
        if (rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB) {
            throw StoreError("results store " + path_.string() + " is damaged (" + msg + "): record " + r.record_key +
                             " not written. " + recovery_hint(path_));
        }
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
    if (int rc = sqlite3_prepare_v2(db_.get(), "SELECT record_key FROM results ORDER BY record_key", -1, &raw, nullptr); rc != SQLITE_OK) {
        fail_read(rc);
    }
    Stmt stmt(raw);
    std::vector<std::string> out;
    int rc;
    while ((rc = sqlite3_step(raw)) == SQLITE_ROW) out.emplace_back(reinterpret_cast<const char *>(sqlite3_column_text(raw, 0)));
    if (rc != SQLITE_DONE) fail_read(rc);
    return out;
}

std::vector<ResultRecord> ResultStore::all() const {
    std::string names;
    for (const auto &c : columns_) names += (names.empty() ? "" : ", ") + c;
    std::string sql = "SELECT " + names + " FROM results ORDER BY created_at, record_key";
    sqlite3_stmt *raw = nullptr;
    if (int rc = sqlite3_prepare_v2(db_.get(), sql.c_str(), -1, &raw, nullptr); rc != SQLITE_OK) fail_read(rc);
    Stmt stmt(raw);
    std::vector<ResultRecord> out;
    int rc;
    while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
        ResultRecord r;
        int i = 0;
        size_t next = 0;  // index into columns_: a read-only old store may lack some fields
#define EKB_COLUMN(type, name, doc)                             \
    if (next < columns_.size() && columns_[next] == #name) {     \
        column(raw, i++, r.name);                               \
        next++;                                                 \
    }
        EKB_RECORD_FIELDS(EKB_COLUMN)
#undef EKB_COLUMN
        out.push_back(std::move(r));
    }
    if (rc != SQLITE_DONE) fail_read(rc);
    return out;
}

bool ResultStore::contains(const std::string &key) const {
    sqlite3_stmt *raw = nullptr;
    if (int rc = sqlite3_prepare_v2(db_.get(), "SELECT 1 FROM results WHERE record_key = ?", -1, &raw, nullptr); rc != SQLITE_OK) fail_read(rc);
    Stmt stmt(raw);
    sqlite3_bind_text(raw, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(raw);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) fail_read(rc);
    return rc == SQLITE_ROW;
}

}  // namespace ekb
