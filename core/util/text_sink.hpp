#pragma once
// Text appended to a buffer and written to a stream in large pieces. Writers of millions of CSV
// rows append their fields here (std::to_chars) instead of through the stream's formatted
// operators, which pay a sentry, a locale lookup and a virtual call per field: ten million
// result rows took 15 s that way. The text is the same as those operators and formatDouble()
// write.
#include <charconv>
#include <concepts>
#include <cstddef>
#include <ostream>
#include <string_view>
#include <vector>

namespace clens {

class TextSink {
public:
    explicit TextSink(std::ostream& out, std::size_t capacity = std::size_t{1} << 16)
        : out_(out), buf_(capacity < kNumberRoom ? kNumberRoom : capacity)
    {
    }
    TextSink(const TextSink&) = delete;
    TextSink& operator=(const TextSink&) = delete;
    ~TextSink() { flush(); }

    void put(char c)
    {
        if (used_ == buf_.size())
            flush();
        buf_[used_++] = c;
    }
    void append(std::string_view s)
    {
        if (s.size() > buf_.size() - used_) {
            flush();
            if (s.size() > buf_.size()) {
                out_.write(s.data(), static_cast<std::streamsize>(s.size()));
                return;
            }
        }
        s.copy(buf_.data() + used_, s.size());
        used_ += s.size();
    }
    template <std::integral T>
    void number(T v)
    {
        reserve(kNumberRoom);
        used_ = static_cast<std::size_t>(std::to_chars(buf_.data() + used_, buf_.data() + buf_.size(), v).ptr - buf_.data());
    }
    // Shortest round-trip text, as formatDouble().
    void number(double v)
    {
        reserve(kNumberRoom);
        used_ = static_cast<std::size_t>(std::to_chars(buf_.data() + used_, buf_.data() + buf_.size(), v).ptr - buf_.data());
    }
    // A CSV field, quoted only when it needs it (RFC 4180), as writeCsvField().
    void csvField(std::string_view s)
    {
        if (s.find_first_of(",\"\n\r") == std::string_view::npos) {
            append(s);
            return;
        }
        put('"');
        for (const char c : s) {
            if (c == '"')
                put('"');
            put(c);
        }
        put('"');
    }
    void flush()
    {
        if (used_ > 0)
            out_.write(buf_.data(), static_cast<std::streamsize>(used_));
        used_ = 0;
    }

private:
    static constexpr std::size_t kNumberRoom = 32; // the longest number to_chars writes (a double: 24)
    void reserve(std::size_t n)
    {
        if (buf_.size() - used_ < n)
            flush();
    }

    std::ostream& out_;
    std::vector<char> buf_;
    std::size_t used_ = 0;
};

} // namespace clens
