#pragma once
// Reads a text file a line at a time with 1-based line numbers, for line formats that are not
// CSV (sacct --parsable2, scontrol --oneliner, topology.conf). Strips a UTF-8 byte order mark
// on the first line and a trailing '\r'.
#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace clens {

class LineReader {
public:
    // Throws InputError when the file cannot be opened.
    explicit LineReader(const std::string& path);
    // The next line (blank lines included); false at the end of the file.
    bool next(std::string_view& line);
    std::int64_t line() const { return line_; }
    const std::string& path() const { return path_; }
    std::uint64_t bytesRead() const { return consumed_; }
    std::uint64_t totalBytes() const { return total_; }

private:
    std::string path_;
    std::ifstream in_;
    std::string text_;
    std::int64_t line_ = 0;
    std::uint64_t consumed_ = 0, total_ = 0;
};

// Splits at every `sep` (no quoting): "a|b||c" -> a, b, "", c.
std::vector<std::string_view> splitFields(std::string_view line, char sep);

} // namespace clens
