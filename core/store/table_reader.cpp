#include "core/store/table_reader.hpp"

#include <sqlite3.h>

#include <cmath>

namespace clens::store {

namespace {
const char* typeName(int type)
{
    switch (type) {
    case SQLITE_INTEGER: return "an integer";
    case SQLITE_FLOAT: return "a real number";
    case SQLITE_TEXT: return "text";
    case SQLITE_BLOB: return "a blob";
    default: return "NULL";
    }
}
} // namespace

TableReader::TableReader(Database& db, const std::string& file, std::string table, const std::string& sql)
    : file_(file), table_(std::move(table)), stmt_([&]() -> Statement {
          try {
              return Statement(db, sql);
          } catch (const SqliteError& e) {
              const auto kind = e.code() == SQLITE_CORRUPT || e.code() == SQLITE_NOTADB ? ProjectFileError::Kind::Corrupt
                                                                                          : ProjectFileError::Kind::BadContent;
              throw ProjectFileError(kind, file, 0, table_, "cannot read table " + table_ + ": " + e.what());
          }
      }())
{
}

bool TableReader::next()
{
    try {
        if (!stmt_.step())
            return false;
    } catch (const SqliteError& e) {
        throw ProjectFileError(ProjectFileError::Kind::Corrupt, file_, row_ + 1, table_,
                               "table " + table_ + " cannot be read: " + e.what());
    }
    ++row_;
    return true;
}

void TableReader::fail(int col, const std::string& reason) const
{
    const std::string column = stmt_.columnName(col) ? stmt_.columnName(col) : "?";
    throw ProjectFileError(ProjectFileError::Kind::BadContent, file_, row_, table_ + "." + column,
                           "table " + table_ + " row " + std::to_string(row_) + ": " + reason);
}

void TableReader::failRow(const std::string& reason) const
{
    throw ProjectFileError(ProjectFileError::Kind::BadContent, file_, row_, table_,
                           "table " + table_ + " row " + std::to_string(row_) + ": " + reason);
}

std::int64_t TableReader::integer(int col, std::int64_t lo, std::int64_t hi)
{
    const int type = stmt_.columnType(col);
    if (type != SQLITE_INTEGER)
        fail(col, std::string("expected an integer, found ") + typeName(type));
    const auto v = stmt_.columnInt(col);
    if (v < lo || v > hi)
        fail(col, "value " + std::to_string(v) + " is outside [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return v;
}

std::optional<std::int64_t> TableReader::optionalInteger(int col)
{
    if (stmt_.columnType(col) == SQLITE_NULL)
        return std::nullopt;
    return integer(col);
}

bool TableReader::isNull(int col) { return stmt_.columnType(col) == SQLITE_NULL; }

double TableReader::real(int col)
{
    const int type = stmt_.columnType(col);
    if (type == SQLITE_NULL)
        return std::nan("");
    if (type != SQLITE_FLOAT && type != SQLITE_INTEGER)
        fail(col, std::string("expected a real number, found ") + typeName(type));
    return stmt_.columnReal(col);
}

std::string TableReader::text(int col)
{
    const int type = stmt_.columnType(col);
    if (type != SQLITE_TEXT)
        fail(col, std::string("expected text, found ") + typeName(type));
    return stmt_.columnText(col);
}

std::optional<std::string> TableReader::optionalText(int col)
{
    if (stmt_.columnType(col) == SQLITE_NULL)
        return std::nullopt;
    return text(col);
}

std::string_view TableReader::textView(int col)
{
    const int type = stmt_.columnType(col);
    if (type != SQLITE_TEXT)
        fail(col, std::string("expected text, found ") + typeName(type));
    return stmt_.columnTextView(col);
}

std::vector<unsigned char> TableReader::blob(int col)
{
    const int type = stmt_.columnType(col);
    if (type != SQLITE_BLOB)
        fail(col, std::string("expected a blob, found ") + typeName(type));
    return stmt_.columnBlob(col);
}

void TableReader::expectPosition(int col, std::int64_t expected)
{
    const auto v = integer(col);
    if (v != expected)
        fail(col, "position " + std::to_string(v) + " where " + std::to_string(expected) + " was expected (rows missing or out of order)");
}

} // namespace clens::store
