#include "core/store/sqlite_db.hpp"

#include <sqlite3.h>

#include <cmath>
#include <cstring>

namespace clens::store {

namespace {
[[noreturn]] void fail(sqlite3* db, int code, const char* what)
{
    std::string msg = std::string(what) + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(code));
    throw SqliteError(code & 0xff, msg);
}
} // namespace

Database::Database(const std::string& path, Mode mode)
{
    const int flags = mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    const int rc = sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        const std::string msg = std::string("cannot open: ") + (db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc));
        sqlite3_close(db_);
        db_ = nullptr;
        throw SqliteError(rc & 0xff, msg);
    }
    sqlite3_extended_result_codes(db_, 0);
}

Database Database::inMemory()
{
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_close(db);
        throw SqliteError(rc & 0xff, "cannot open an in-memory database");
    }
    return Database(db);
}

Database::~Database()
{
    if (db_)
        sqlite3_close_v2(db_);
}

Database::Database(Database&& other) noexcept : db_(other.db_) { other.db_ = nullptr; }

void Database::check(int code, const char* what) const
{
    if (code != SQLITE_OK && code != SQLITE_ROW && code != SQLITE_DONE)
        fail(db_, code, what);
}

void Database::exec(const std::string& sql)
{
    char* err = nullptr;
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
        std::string msg = err ? err : sqlite3_errstr(rc);
        sqlite3_free(err);
        throw SqliteError(rc & 0xff, msg);
    }
}

void Database::execNoThrow(const std::string& sql) noexcept { sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr); }

std::int64_t Database::pragmaInt(const std::string& name)
{
    Statement s(*this, "PRAGMA " + name);
    if (!s.step())
        throw SqliteError(SQLITE_ERROR, "PRAGMA " + name + " returned nothing");
    return s.columnInt(0);
}

void Database::copyFrom(Database& source)
{
    sqlite3_backup* b = sqlite3_backup_init(db_, "main", source.db_, "main");
    if (!b)
        fail(db_, sqlite3_errcode(db_), "copy");
    const int rc = sqlite3_backup_step(b, -1);
    sqlite3_backup_finish(b);
    if (rc != SQLITE_DONE)
        fail(source.db_, rc, "copy");
}

Statement::Statement(Database& db, const std::string& sql) : db_(db)
{
    const int rc = sqlite3_prepare_v3(db.handle(), sql.c_str(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                                      &stmt_, nullptr);
    if (rc != SQLITE_OK)
        throw SqliteError(rc & 0xff, sqlite3_errmsg(db.handle()));
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

void Statement::bindInt(int i, std::int64_t v) { db_.check(sqlite3_bind_int64(stmt_, i, v), "bind"); }

void Statement::bindOptionalInt(int i, const std::optional<std::int64_t>& v)
{
    if (v)
        bindInt(i, *v);
    else
        bindNull(i);
}

void Statement::bindReal(int i, double v)
{
    if (std::isnan(v))
        bindNull(i);
    else
        db_.check(sqlite3_bind_double(stmt_, i, v), "bind");
}

void Statement::bindText(int i, std::string_view v)
{
    db_.check(sqlite3_bind_text64(stmt_, i, v.data(), v.size(), SQLITE_TRANSIENT, SQLITE_UTF8), "bind");
}

void Statement::bindBlob(int i, const void* data, std::size_t bytes)
{
    static const char empty = 0;
    db_.check(sqlite3_bind_blob64(stmt_, i, bytes ? data : &empty, bytes, SQLITE_TRANSIENT), "bind");
}

void Statement::bindNull(int i) { db_.check(sqlite3_bind_null(stmt_, i), "bind"); }

bool Statement::step()
{
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    throw SqliteError(rc & 0xff, sqlite3_errmsg(db_.handle()));
}

void Statement::run()
{
    step();
    reset();
}

void Statement::reset()
{
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

int Statement::columnType(int i) const { return sqlite3_column_type(stmt_, i); }
std::int64_t Statement::columnInt(int i) const { return sqlite3_column_int64(stmt_, i); }
double Statement::columnReal(int i) const { return sqlite3_column_double(stmt_, i); }

std::string Statement::columnText(int i) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
    const int n = sqlite3_column_bytes(stmt_, i);
    return p ? std::string(p, static_cast<std::size_t>(n)) : std::string();
}

std::string_view Statement::columnTextView(int i) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
    const int n = sqlite3_column_bytes(stmt_, i);
    return p ? std::string_view(p, static_cast<std::size_t>(n)) : std::string_view();
}

std::vector<unsigned char> Statement::columnBlob(int i) const
{
    const auto* p = static_cast<const unsigned char*>(sqlite3_column_blob(stmt_, i));
    const int n = sqlite3_column_bytes(stmt_, i);
    return p ? std::vector<unsigned char>(p, p + n) : std::vector<unsigned char>();
}

const char* Statement::columnName(int i) const { return sqlite3_column_name(stmt_, i); }

} // namespace clens::store
