#pragma once
// Reads the rows of one query over one table, checking every value's type and range. Any
// problem throws ProjectFileError naming the file, the table row (1-based) and "table.column".
#include "core/store/project_file_error.hpp"
#include "core/store/sqlite_db.hpp"
#include "core/store/stored_enums.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace clens::store {

class TableReader {
public:
    TableReader(Database& db, const std::string& file, std::string table, const std::string& sql);

    // The next row; false at the end. A SQLite failure becomes a Corrupt error naming the table.
    bool next();
    std::int64_t row() const { return row_; }

    std::int64_t integer(int col, std::int64_t lo = std::numeric_limits<std::int64_t>::min(),
                         std::int64_t hi = std::numeric_limits<std::int64_t>::max());
    std::optional<std::int64_t> optionalInteger(int col);
    bool boolean(int col) { return integer(col, 0, 1) != 0; }
    double real(int col); // NULL reads as NaN
    bool isNull(int col);
    std::string text(int col);
    std::optional<std::string> optionalText(int col);
    std::string_view textView(int col); // valid until next()
    std::vector<unsigned char> blob(int col);
    template <typename T>
    std::vector<T> array(int col);
    template <typename E>
    E enumValue(int col);
    // The column must hold exactly `expected` (positions are dense and ordered).
    void expectPosition(int col, std::int64_t expected);

    [[noreturn]] void fail(int col, const std::string& reason) const;
    [[noreturn]] void failRow(const std::string& reason) const;

private:
    const std::string& file_;
    std::string table_;
    Statement stmt_;
    std::int64_t row_ = 0;
};

} // namespace clens::store

#include "core/store/blob_codec.hpp"

namespace clens::store {

template <typename T>
std::vector<T> TableReader::array(int col)
{
    auto values = decodeArray<T>(blob(col));
    if (!values)
        fail(col, "array of " + std::to_string(sizeof(T)) + "-byte values has a partial element");
    return std::move(*values);
}

template <typename E>
E TableReader::enumValue(int col)
{
    const auto t = textView(col);
    const auto v = parseStored<E>(t);
    if (!v)
        fail(col, "unknown value '" + std::string(t) + "'");
    return *v;
}

} // namespace clens::store
