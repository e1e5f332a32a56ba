#include "core/util/field_parse.hpp"

#include "core/util/csv_reader.hpp"
#include "core/util/input_error.hpp"

#include <charconv>
#include <cmath>
#include <optional>

namespace clens {

void failField(const FieldRef& where, const std::string& reason)
{
    throw InputError(where.file, where.line, std::string(where.field), reason);
}

namespace {
std::string quoted(std::string_view s)
{
    if (s.size() > 40)
        return "'" + std::string(s.substr(0, 40)) + "...'";
    return "'" + std::string(s) + "'";
}

// A number field's text: trimmed, not empty; first skips a leading '+' (from_chars refuses it).
struct NumberText {
    std::string_view text;
    const char* first;
    const char* last;
};

NumberText numberText(std::string_view field, const FieldRef& where)
{
    const auto t = trim(field);
    if (t.empty())
        failField(where, "value is empty");
    return {t, t.data() + (t.front() == '+' ? 1 : 0), t.data() + t.size()};
}

// A plain decimal integer ([-]digits, at most 18 of them: no overflow), read a digit at a time;
// nullopt for any other text (from_chars then decides). Most traces' integers are plain, and
// from_chars cost several times as much for each.
std::optional<std::int64_t> plainInteger(std::string_view t)
{
    const bool negative = !t.empty() && t.front() == '-';
    if (negative)
        t.remove_prefix(1);
    if (t.empty() || t.size() > 18)
        return std::nullopt;
    std::int64_t v = 0;
    for (const char c : t) {
        const auto digit = static_cast<unsigned char>(c) - static_cast<unsigned>('0');
        if (digit > 9)
            return std::nullopt;
        v = v * 10 + static_cast<std::int64_t>(digit);
    }
    return negative ? -v : v;
}

[[noreturn]] void failOutside(const FieldRef& where, std::string_view text, const std::string& lo, const std::string& hi,
                              std::string_view unit = {})
{
    failField(where, "value " + quoted(text) + " is outside [" + lo + ", " + hi + "]" + std::string(unit));
}
} // namespace

double parseDouble(std::string_view text, const FieldRef& where, double lo, double hi)
{
    const auto [t, first, last] = numberText(text, where);
    double v = 0;
    const auto [ptr, ec] = std::from_chars(first, last, v);
    if (ec == std::errc::result_out_of_range)
        failField(where, "number " + quoted(t) + " is out of range");
    if (ec != std::errc() || ptr != last)
        failField(where, "expected a number, got " + quoted(t));
    if (!std::isfinite(v))
        failField(where, "number " + quoted(t) + " is not finite");
    if (v < lo || v > hi)
        failOutside(where, t, std::to_string(lo), std::to_string(hi));
    return v;
}

std::int64_t parseInt(std::string_view text, const FieldRef& where, std::int64_t lo, std::int64_t hi)
{
    const auto [t, first, last] = numberText(text, where);
    if (const auto plain = plainInteger(std::string_view(first, static_cast<std::size_t>(last - first)))) {
        if (*plain < lo || *plain > hi)
            failOutside(where, t, std::to_string(lo), std::to_string(hi));
        return *plain;
    }
    std::int64_t v = 0;
    const auto [ptr, ec] = std::from_chars(first, last, v);
    if (ec == std::errc::result_out_of_range)
        failField(where, "integer " + quoted(t) + " is out of range");
    if (ec != std::errc() || ptr != last) {
        // Allow "12.0": a decimal with no fractional part.
        const double d = parseDouble(t, where);
        if (d != std::floor(d))
            failField(where, "expected a whole number, got " + quoted(t));
        if (d < -9.2e18 || d > 9.2e18)
            failField(where, "integer " + quoted(t) + " is out of range");
        v = static_cast<std::int64_t>(d);
    }
    if (v < lo || v > hi)
        failOutside(where, t, std::to_string(lo), std::to_string(hi));
    return v;
}

std::int64_t parseSeconds(std::string_view text, const FieldRef& where, std::int64_t lo, std::int64_t hi)
{
    // Fast path: a plain integer (most traces), parsed without the floating-point reader.
    const auto t = trim(text);
    if (const auto plain = plainInteger(t)) {
        if (*plain < lo || *plain > hi)
            failOutside(where, t, std::to_string(lo), std::to_string(hi), " seconds");
        return *plain;
    }
    std::int64_t whole = 0;
    if (!t.empty() && t.front() != '+') {
        const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), whole);
        if (ec == std::errc() && ptr == t.data() + t.size()) {
            if (whole < lo || whole > hi)
                failOutside(where, t, std::to_string(lo), std::to_string(hi), " seconds");
            return whole;
        }
    }
    const double d = parseDouble(text, where);
    if (d < static_cast<double>(lo) - 0.5 || d > static_cast<double>(hi) || d >= 0x1p63) // hi as a double may round up to 2^63
        failOutside(where, trim(text), std::to_string(lo), std::to_string(hi), " seconds");
    return static_cast<std::int64_t>(std::llround(d));
}

std::string_view requireText(std::string_view text, const FieldRef& where)
{
    const auto t = trim(text);
    if (t.empty())
        failField(where, "value is empty");
    return t;
}

} // namespace clens
