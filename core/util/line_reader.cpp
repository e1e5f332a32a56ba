#include "core/util/line_reader.hpp"

#include "core/util/input_error.hpp"

#include <filesystem>

namespace clens {

LineReader::LineReader(const std::string& path) : path_(path), in_(path, std::ios::binary)
{
    std::error_code ec;
    if (!in_ || std::filesystem::is_directory(path, ec))
        throw InputError(path, 0, "", "cannot open file for reading");
    const auto size = std::filesystem::file_size(path, ec);
    total_ = ec ? 0 : size;
}

bool LineReader::next(std::string_view& line)
{
    if (!std::getline(in_, text_))
        return false;
    consumed_ += text_.size() + 1;
    ++line_;
    std::string_view v = text_;
    if (line_ == 1 && v.substr(0, 3) == "\xEF\xBB\xBF")
        v.remove_prefix(3);
    if (!v.empty() && v.back() == '\r')
        v.remove_suffix(1);
    line = v;
    return true;
}

std::vector<std::string_view> splitFields(std::string_view line, char sep)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (;;) {
        const auto at = line.find(sep, start);
        if (at == std::string_view::npos) {
            out.push_back(line.substr(start));
            return out;
        }
        out.push_back(line.substr(start, at - start));
        start = at + 1;
    }
}

} // namespace clens
