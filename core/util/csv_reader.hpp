#pragma once
// Streaming RFC 4180 CSV reader: quoted fields (with "" escapes and embedded newlines), CRLF,
// a UTF-8 BOM, and blank lines (skipped). Fields are views into an internal buffer that stay
// valid until the next call to next(). Tracks the 1-based line where each record starts so
// errors can point at it.
#include <array>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clens {

class CsvReader {
public:
    // Opens a file; throws InputError when it cannot be read.
    explicit CsvReader(const std::string& path, char delimiter = ',');
    // Reads from a caller-owned stream; name is used in error messages.
    CsvReader(std::istream& in, std::string name, char delimiter = ',');
    ~CsvReader();
    CsvReader(const CsvReader&) = delete;
    CsvReader& operator=(const CsvReader&) = delete;

    // Advances to the next non-blank record. Returns false at end of input.
    bool next();

    std::size_t size() const { return fields_.size(); }
    std::string_view field(std::size_t i) const { return fields_[i]; }
    const std::vector<std::string_view>& fields() const { return fields_; }
    std::int64_t line() const { return recordLine_; }
    const std::string& fileName() const { return name_; }
    std::uint64_t bytesRead() const { return consumed_; }
    // Size of the input when known (files), else 0.
    std::uint64_t totalBytes() const { return total_; }

private:
    enum class Plain { No, Record, Blank };
    // Reads the next line when it lies whole in the buffer and holds no quote or carriage
    // return (fields_ then view the buffer); No: nothing read, take the general path.
    Plain plainLine();
    void classify();
    static constexpr std::uint8_t kOrdinary = 0, kDelimiter = 1, kNewline = 2, kOther = 3;
    std::array<std::uint8_t, 256> class_{};
    bool fill();
    int peekChar();
    int getChar();

    std::unique_ptr<std::ifstream> owned_;
    std::istream* in_ = nullptr;
    std::string name_;
    char delim_;
    std::vector<char> buf_;
    std::size_t pos_ = 0, end_ = 0;
    std::uint64_t consumed_ = 0, total_ = 0;
    std::int64_t lineNo_ = 1, recordLine_ = 0;
    bool first_ = true;
    std::string record_;                   // unquoted field bytes, back to back
    std::vector<std::size_t> bounds_;      // [start,end) pairs into record_
    std::vector<std::string_view> fields_;
};

// Column lookup by (trimmed, case-sensitive) header name.
class CsvHeader {
public:
    CsvHeader() = default;
    explicit CsvHeader(const CsvReader& reader);
    // Column index or nullopt.
    std::optional<std::size_t> find(std::string_view name) const;
    // Column index; throws InputError naming the missing column at the header line.
    std::size_t require(std::string_view name) const;
    std::size_t size() const { return names_.size(); }
    const std::string& name(std::size_t i) const { return names_[i]; }
    const std::vector<std::string>& names() const { return names_; }

private:
    std::vector<std::string> names_;
    std::string file_;
    std::int64_t line_ = 0;
};

std::string_view trim(std::string_view s);

} // namespace clens
