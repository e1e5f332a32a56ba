#pragma once
// A thin RAII layer over the SQLite C API: a connection and prepared statements. SQLite
// failures throw SqliteError carrying the result code; the project-file code turns them into
// ProjectFileError / ProjectSaveError naming the file.
#include "core/util/error.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace clens::store {

class SqliteError : public Error {
public:
    SqliteError(int code, const std::string& message) : Error(message), code_(code) {}
    int code() const noexcept { return code_; } // primary result code (SQLITE_CORRUPT, ...)

private:
    int code_;
};

class Database {
public:
    enum class Mode { ReadOnly, ReadWriteCreate };
    Database(const std::string& path, Mode mode);
    static Database inMemory();
    ~Database();
    Database(Database&& other) noexcept;
    Database& operator=(Database&&) = delete;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    sqlite3* handle() const { return db_; }
    void exec(const std::string& sql);
    // exec that ignores failure (for ROLLBACK on an error path).
    void execNoThrow(const std::string& sql) noexcept;
    std::int64_t pragmaInt(const std::string& name);
    // Copies every page of source into this database (sqlite3 online backup).
    void copyFrom(Database& source);
    // Throws SqliteError when code is an error.
    void check(int code, const char* what) const;

private:
    explicit Database(sqlite3* db) : db_(db) {}
    sqlite3* db_ = nullptr;
};

class Statement {
public:
    Statement(Database& db, const std::string& sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Binding (1-based parameter index). Text and blobs are copied: the argument may be a temporary.
    void bindInt(int i, std::int64_t v);
    void bindOptionalInt(int i, const std::optional<std::int64_t>& v);
    // NaN is stored as NULL (SQLite's own rule); read back as NaN by Row::real().
    void bindReal(int i, double v);
    void bindText(int i, std::string_view v);
    void bindBlob(int i, const void* data, std::size_t bytes);
    void bindBlob(int i, const std::vector<unsigned char>& bytes) { bindBlob(i, bytes.data(), bytes.size()); }
    void bindNull(int i);

    // Runs to the next row: true when a row is available, false when done.
    bool step();
    // Runs a statement that returns no rows, then resets it for the next bindings.
    void run();
    void reset();

    // Column access (0-based) for the current row.
    int columnType(int i) const; // SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB, SQLITE_NULL
    std::int64_t columnInt(int i) const;
    double columnReal(int i) const;
    std::string columnText(int i) const;
    // Valid until the next step or reset.
    std::string_view columnTextView(int i) const;
    std::vector<unsigned char> columnBlob(int i) const;
    const char* columnName(int i) const;

private:
    Database& db_;
    sqlite3_stmt* stmt_ = nullptr;
};

} // namespace clens::store
