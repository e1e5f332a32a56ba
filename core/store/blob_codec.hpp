#pragma once
// Arrays stored as BLOBs: little-endian int32, int64 or IEEE-754 binary64, whatever the host.
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

namespace clens::store {

template <typename T>
std::vector<unsigned char> encodeArray(const std::vector<T>& values)
{
    static_assert(sizeof(T) == 4 || sizeof(T) == 8);
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    std::vector<unsigned char> out(values.size() * sizeof(T));
    for (std::size_t i = 0; i < values.size(); ++i) {
        const U bits = std::bit_cast<U>(values[i]);
        for (std::size_t b = 0; b < sizeof(T); ++b)
            out[i * sizeof(T) + b] = static_cast<unsigned char>(bits >> (8 * b));
    }
    return out;
}

// nullopt when the byte count is not a multiple of the element size.
template <typename T>
std::optional<std::vector<T>> decodeArray(const std::vector<unsigned char>& bytes)
{
    static_assert(sizeof(T) == 4 || sizeof(T) == 8);
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    if (bytes.size() % sizeof(T) != 0)
        return std::nullopt;
    std::vector<T> out(bytes.size() / sizeof(T));
    for (std::size_t i = 0; i < out.size(); ++i) {
        U bits = 0;
        for (std::size_t b = 0; b < sizeof(T); ++b)
            bits |= static_cast<U>(bytes[i * sizeof(T) + b]) << (8 * b);
        out[i] = std::bit_cast<T>(bits);
    }
    return out;
}

} // namespace clens::store
