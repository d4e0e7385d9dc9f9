// The results store: one SQLite file (WAL), one table whose columns are the record's
// fields. Writes are transactions; a record with an existing key replaces it, so
// re-running the same sample never duplicates it.
//
// Stores fail loudly: opening one runs SQLite's `PRAGMA quick_check` on a read-only
// connection first, and a damaged store (a corrupted page, a file that is not SQLite, a
// 0-byte file where a store should be) is a StoreError naming the file and how to recover;
// nothing is written to it, nothing is overwritten. A read that hits damage later throws
// too, instead of returning fewer records.
#pragma once
#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "record/record.h"

namespace ekb {

// A store that cannot be trusted: damaged, truncated or not a results store.
class StoreError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

enum class StoreMode {
    create,     // open, or create when the file does not exist (ekb eval, ekb run)
    read_only,  // the file must exist; nothing is written (results, reports, listings)
};

class ResultStore {
public:
    // Opens the store; throws StoreError (damage) or std::runtime_error, naming the file.
    explicit ResultStore(const std::filesystem::path &path, StoreMode mode = StoreMode::create);

    void put(const ResultRecord &r);
    // All records in one transaction: either every one is stored or none is.
    void put_all(const std::vector<ResultRecord> &records);
    std::vector<ResultRecord> all() const;
    bool contains(const std::string &record_key) const;
    std::vector<std::string> keys() const;  // every record key, sorted
    const std::filesystem::path &path() const { return path_; }

private:
    struct Closer {
        void operator()(sqlite3 *db) const { sqlite3_close(db); }
    };
    void exec(const std::string &sql) const;
    [[noreturn]] void fail_read(int rc) const;
    std::filesystem::path path_;
    StoreMode mode_;
    std::vector<std::string> columns_;  // the record fields the table has (all, unless read-only on an old store)
    std::unique_ptr<sqlite3, Closer> db_;
};

}  // namespace ekb
