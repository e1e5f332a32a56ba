#pragma once
// A table of an enum's values and their names in a file format, and lookups both ways: each
// format's names are written once, as such a table (scenario JSON, the project file).
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace clens {

template <typename T, std::size_t N>
using EnumNames = std::array<std::pair<T, std::string_view>, N>;

// "?" for a value the table lacks (a bug: every table lists every value).
template <typename T, std::size_t N>
std::string_view nameIn(const EnumNames<T, N>& names, T v)
{
    for (const auto& [value, name] : names)
        if (value == v)
            return name;
    return "?";
}

template <typename T, std::size_t N>
std::optional<T> valueIn(const EnumNames<T, N>& names, std::string_view text)
{
    for (const auto& [value, name] : names)
        if (name == text)
            return value;
    return std::nullopt;
}

// "a, b, c": the names in table order, for messages.
template <typename T, std::size_t N>
std::string allNamesIn(const EnumNames<T, N>& names)
{
    std::string out;
    for (const auto& [value, name] : names)
        out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
}

} // namespace clens
