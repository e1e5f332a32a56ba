#pragma once
// Strict number parsing for importers. Every failure throws InputError naming the place.
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace clens {

// Where a value came from, for error messages.
struct FieldRef {
    const std::string& file;
    std::int64_t line;
    std::string_view field;
};

[[noreturn]] void failField(const FieldRef& where, const std::string& reason);

// Integer in [lo, hi]. Accepts a decimal with a zero fraction ("12.0"), rejects others.
std::int64_t parseInt(std::string_view text, const FieldRef& where,
                      std::int64_t lo = std::numeric_limits<std::int64_t>::min(),
                      std::int64_t hi = std::numeric_limits<std::int64_t>::max());

// Finite floating-point number in [lo, hi].
double parseDouble(std::string_view text, const FieldRef& where,
                   double lo = -std::numeric_limits<double>::max(),
                   double hi = std::numeric_limits<double>::max());

// Seconds as a finite number rounded to the nearest whole second, in [lo, hi].
std::int64_t parseSeconds(std::string_view text, const FieldRef& where, std::int64_t lo = 0,
                          std::int64_t hi = std::int64_t{1} << 50);

// A value that must not be empty (after trimming).
std::string_view requireText(std::string_view text, const FieldRef& where);

} // namespace clens
