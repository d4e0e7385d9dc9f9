// The results store: one SQLite file (WAL), one table whose columns are the record's
// fields. Writes are transactions; a record with an existing key replaces it, so
// re-running the same sample never duplicates it.
#pragma once
#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "record/record.h"

namespace ekb {

class ResultStore {
public:
    // Opens (creating if needed) the store; throws std::runtime_error naming the file.
    explicit ResultStore(const std::filesystem::path &path);

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
    std::filesystem::path path_;
    std::unique_ptr<sqlite3, Closer> db_;
};

}  // namespace ekb
