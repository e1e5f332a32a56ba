#pragma once
// An optional value in the space of the value: empty is a value the field never holds (for the
// times of a job, INT64_MIN: the product's times stay within ±2^50 s, docs/formats.md "Limits").
// std::optional<std::int64_t> takes 16 bytes for 8; a job carries four such times, and a trace
// and its result hold ten million jobs (docs/simulation.md "Performance"). It behaves as
// std::optional for what the product does with those fields: tests, dereference, value_or,
// reset, comparisons, and conversion both ways.
#include <cstdint>
#include <limits>
#include <optional>

namespace clens {

template <class T, T kEmpty>
class CompactOptional {
public:
    using value_type = T;

    constexpr CompactOptional() noexcept = default;
    constexpr CompactOptional(std::nullopt_t) noexcept {}
    constexpr CompactOptional(T v) noexcept : v_(v) {}
    constexpr CompactOptional(const std::optional<T>& o) noexcept : v_(o ? *o : kEmpty) {}

    constexpr CompactOptional& operator=(std::nullopt_t) noexcept
    {
        v_ = kEmpty;
        return *this;
    }
    constexpr CompactOptional& operator=(T v) noexcept
    {
        v_ = v;
        return *this;
    }

    constexpr bool has_value() const noexcept { return v_ != kEmpty; }
    constexpr explicit operator bool() const noexcept { return has_value(); }
    constexpr const T& operator*() const noexcept { return v_; }
    constexpr T& operator*() noexcept { return v_; }
    constexpr T value() const
    {
        if (!has_value())
            throw std::bad_optional_access();
        return v_;
    }
    constexpr T value_or(T otherwise) const noexcept { return has_value() ? v_ : otherwise; }
    constexpr void reset() noexcept { v_ = kEmpty; }
    constexpr operator std::optional<T>() const noexcept { return has_value() ? std::optional<T>(v_) : std::nullopt; }

    // As std::optional: equal when both are empty or both hold equal values; empty orders first.
    friend constexpr bool operator==(const CompactOptional& a, const CompactOptional& b) noexcept { return a.v_ == b.v_; }
    friend constexpr bool operator==(const CompactOptional& a, std::nullopt_t) noexcept { return !a.has_value(); }
    friend constexpr bool operator==(const CompactOptional& a, const T& v) noexcept { return a.has_value() && a.v_ == v; }
    friend constexpr bool operator==(const CompactOptional& a, const std::optional<T>& b) noexcept
    {
        return a.has_value() == b.has_value() && (!b || a.v_ == *b);
    }
    // (No operator<=>: <compare> pulls <concepts> into every header including a job, and Qt's
    // moc cannot parse it.)
    friend constexpr bool operator<(const CompactOptional& a, const CompactOptional& b) noexcept
    {
        return b.has_value() && (!a.has_value() || a.v_ < b.v_);
    }
    friend constexpr bool operator>(const CompactOptional& a, const CompactOptional& b) noexcept { return b < a; }
    friend constexpr bool operator<=(const CompactOptional& a, const CompactOptional& b) noexcept { return !(b < a); }
    friend constexpr bool operator>=(const CompactOptional& a, const CompactOptional& b) noexcept { return !(a < b); }

private:
    T v_ = kEmpty;
};

// A time or duration in seconds, or none.
using OptionalSeconds = CompactOptional<std::int64_t, std::numeric_limits<std::int64_t>::min()>;

} // namespace clens
