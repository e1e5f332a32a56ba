#pragma once
// Text appended to a buffer and written to a stream in large pieces. Writers of millions of CSV
// rows append their fields here (std::to_chars) instead of through the stream's formatted
// operators, which pay a sentry, a locale lookup and a virtual call per field: ten million
// result rows took 15 s that way. The text is the same as those operators and formatDouble()
// write.
#include "core/util/csv_writer.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
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
        if (v >= 0 && v <= 9) { // most of a result row's counts and delays: a digit, without to_chars
            put(static_cast<char>('0' + v));
            return;
        }
        reserve(kNumberRoom);
        used_ = static_cast<std::size_t>(std::to_chars(buf_.data() + used_, buf_.data() + buf_.size(), v).ptr - buf_.data());
    }
    // Shortest round-trip text, as formatDouble().
    void number(double v)
    {
        if (writtenAsInteger(v))
            return;
        reserve(kNumberRoom);
        used_ = static_cast<std::size_t>(std::to_chars(buf_.data() + used_, buf_.data() + buf_.size(), v).ptr - buf_.data());
    }
    // A CSV field, quoted only when it needs it (RFC 4180), as writeCsvField().
    void csvField(std::string_view s)
    {
        if (!csvNeedsQuotes(s)) {
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
    // A whole number below 2^53 is written as its integer when that is what the shortest
    // round-trip text is: when it has no more digits than its scientific form ("1e+06" is
    // shorter than "1000000", and to_chars takes the shorter, fixed on a tie). Most of a result's
    // doubles are whole (0, 1, counts and seconds), and the integer's digits cost a fraction of
    // the general shortest search.
    bool writtenAsInteger(double v)
    {
        constexpr double kExact = 9007199254740992.0; // 2^53
        if (!(v > -kExact && v < kExact) || v != static_cast<double>(static_cast<std::int64_t>(v)))
            return false;
        const auto i = static_cast<std::int64_t>(v);
        if (i == 0 && std::signbit(v))
            return false; // -0
        auto m = i < 0 ? -i : i;
        int digits = 0, trailing = 0;
        bool inTrailing = true;
        for (; m > 0; m /= 10) {
            inTrailing = inTrailing && m % 10 == 0;
            trailing += inTrailing ? 1 : 0;
            ++digits;
        }
        if (digits == 0)
            digits = 1; // 0
        const int significant = digits - trailing;
        // d[.ddd]e+XX: the mantissa, the point when it has more than one digit, "e+" and the
        // exponent (two digits below 1e100).
        const int scientific = (significant > 1 ? significant + 1 : 1) + 4;
        if (digits > scientific)
            return false;
        number(i);
        return true;
    }
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
