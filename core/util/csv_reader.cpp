#include "core/util/csv_reader.hpp"

#include "core/util/input_error.hpp"

#include <algorithm>
#include <filesystem>

namespace clens {

namespace {
constexpr std::size_t kChunk = 1 << 20;
constexpr std::size_t kMinChunk = 4096;
}

CsvReader::CsvReader(const std::string& path, char delimiter)
    : owned_(std::make_unique<std::ifstream>(path, std::ios::binary))
    , in_(owned_.get())
    , name_(path)
    , delim_(delimiter)
{
    std::error_code ec;
    if (!*owned_ || std::filesystem::is_directory(path, ec))
        throw InputError(path, 0, "", "cannot open file for reading");
    const auto size = std::filesystem::file_size(path, ec);
    total_ = ec ? 0 : size;
    // A small file gets a small buffer: zeroing 1 MiB for each of many small files (tests, the
    // fuzzers) costs more than reading them.
    buf_.resize(ec ? kChunk : static_cast<std::size_t>(std::clamp<std::uintmax_t>(size, kMinChunk, kChunk)));
    classify();
}

void CsvReader::classify()
{
    class_.fill(kOrdinary);
    class_[static_cast<unsigned char>(delim_)] = kDelimiter;
    class_[static_cast<unsigned char>('"')] = kOther;
    class_[static_cast<unsigned char>('\r')] = kOther;
    class_[static_cast<unsigned char>('\n')] = kNewline;
}

CsvReader::CsvReader(std::istream& in, std::string name, char delimiter)
    : in_(&in)
    , name_(std::move(name))
    , delim_(delimiter)
    , buf_(kChunk)
{
    classify();
}

CsvReader::~CsvReader() = default;

bool CsvReader::fill()
{
    if (!*in_)
        return false;
    in_->read(buf_.data(), static_cast<std::streamsize>(buf_.size()));
    end_ = static_cast<std::size_t>(in_->gcount());
    pos_ = 0;
    return end_ > 0;
}

int CsvReader::peekChar()
{
    if (pos_ == end_ && !fill())
        return -1;
    return static_cast<unsigned char>(buf_[pos_]);
}

int CsvReader::getChar()
{
    const int c = peekChar();
    if (c >= 0) {
        ++pos_;
        ++consumed_;
    }
    return c;
}

bool CsvReader::next()
{
    if (first_) {
        first_ = false;
        // Skip a UTF-8 byte order mark.
        if (peekChar() == 0xEF) {
            getChar();
            if (getChar() != 0xBB || getChar() != 0xBF)
                throw InputError(name_, 1, "", "not a text file (bad byte order mark)");
        }
    }
    for (;;) {
        recordLine_ = lineNo_;
        int c = peekChar();
        if (c < 0)
            return false;
        if (const auto plain = plainLine(); plain == Plain::Record)
            return true;
        else if (plain == Plain::Blank)
            continue;
        record_.clear();
        bounds_.clear();
        std::size_t fieldStart = 0;
        bool inQuotes = false, wasQuoted = false, anyContent = false;
        for (;;) {
            // Copy a run of ordinary characters in one go (the per-character path below only
            // sees delimiters, quotes and line ends).
            std::size_t run = pos_;
            if (inQuotes)
                while (run < end_ && buf_[run] != '"' && buf_[run] != '\n')
                    ++run;
            else
                while (run < end_ && buf_[run] != delim_ && buf_[run] != '"' && buf_[run] != '\n' && buf_[run] != '\r')
                    ++run;
            if (run > pos_) {
                record_.append(buf_.data() + pos_, run - pos_);
                consumed_ += run - pos_;
                pos_ = run;
                anyContent = anyContent || !inQuotes;
                continue;
            }
            c = getChar();
            if (inQuotes) {
                if (c < 0)
                    throw InputError(name_, recordLine_, "", "unterminated quoted field at end of file");
                if (c == '"') {
                    if (peekChar() == '"') {
                        getChar();
                        record_.push_back('"');
                    } else {
                        inQuotes = false;
                    }
                } else {
                    if (c == '\n')
                        ++lineNo_;
                    record_.push_back(static_cast<char>(c));
                }
                continue;
            }
            if (c < 0 || c == '\n' || c == '\r') {
                if (c == '\r' && peekChar() == '\n')
                    getChar();
                if (c >= 0)
                    ++lineNo_;
                bounds_.push_back(fieldStart);
                bounds_.push_back(record_.size());
                break;
            }
            anyContent = true;
            if (c == delim_) {
                bounds_.push_back(fieldStart);
                bounds_.push_back(record_.size());
                fieldStart = record_.size();
                wasQuoted = false;
            } else if (c == '"' && record_.size() == fieldStart && !wasQuoted) {
                inQuotes = wasQuoted = true;
            } else {
                record_.push_back(static_cast<char>(c));
            }
        }
        if (!anyContent)
            continue; // blank line
        fields_.clear();
        for (std::size_t i = 0; i + 1 < bounds_.size(); i += 2)
            fields_.emplace_back(record_.data() + bounds_[i], bounds_[i + 1] - bounds_[i]);
        return true;
    }
}

CsvReader::Plain CsvReader::plainLine()
{
    // One pass over the buffered line, a table lookup per byte: most lines of a large file have
    // no quote, no carriage return and end before the buffer does, and their fields can be views
    // into the buffer (no copy into record_).
    const char* const begin = buf_.data() + pos_;
    const char* const end = buf_.data() + end_;
    fields_.clear();
    const char* fieldStart = begin;
    for (const char* p = begin; p < end; ++p) {
        const auto cls = class_[static_cast<unsigned char>(*p)];
        if (cls == kOrdinary)
            continue;
        if (cls == kDelimiter) {
            fields_.emplace_back(fieldStart, static_cast<std::size_t>(p - fieldStart));
            fieldStart = p + 1;
            continue;
        }
        if (cls != kNewline)
            break; // a quote or a carriage return: the general path
        const auto length = static_cast<std::size_t>(p + 1 - begin);
        pos_ += length;
        consumed_ += length;
        ++lineNo_;
        if (p == begin)
            return Plain::Blank;
        fields_.emplace_back(fieldStart, static_cast<std::size_t>(p - fieldStart));
        return Plain::Record;
    }
    return Plain::No; // nothing consumed
}

std::string_view trim(std::string_view s)
{
    // Every space character is at or below ' ': most fields start and end above it.
    if (s.empty() || (static_cast<unsigned char>(s.front()) > ' ' && static_cast<unsigned char>(s.back()) > ' '))
        return s;
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

CsvHeader::CsvHeader(const CsvReader& reader)
    : file_(reader.fileName())
    , line_(reader.line())
{
    names_.reserve(reader.size());
    for (auto f : reader.fields())
        names_.emplace_back(trim(f));
}

std::optional<std::size_t> CsvHeader::find(std::string_view name) const
{
    for (std::size_t i = 0; i < names_.size(); ++i)
        if (names_[i] == name)
            return i;
    return std::nullopt;
}

std::size_t CsvHeader::require(std::string_view name) const
{
    if (auto i = find(name))
        return *i;
    throw InputError(file_, line_, std::string(name), "required column is missing from the header");
}

} // namespace clens
