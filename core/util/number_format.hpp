#pragma once
// Locale-independent, shortest round-trip formatting of doubles for CSV/JSON outputs.
#include <charconv>
#include <string>

namespace clens {

inline std::string formatDouble(double v)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

} // namespace clens
