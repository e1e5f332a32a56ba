#pragma once
// A string in 16 bytes: up to 15 characters inline, longer ones on the heap. A job's id — a trace
// of ten million jobs holds ten million of them, nearly all short ("j1234567"), and libstdc++'s
// std::string takes 32 bytes for the same 15 inline (docs/simulation.md "Ten million jobs").
// Boost's strings are no smaller. It reads as a std::string_view and converts to std::string, so
// most code takes it where it took the std::string; it compares, orders and hashes as its text.
//
// Layout: inline, bytes [0, size) hold the text, byte `size` a NUL and byte 15 holds 15 - size
// (so that a 15-character text ends in the NUL byte 15 is); on the heap, byte 15 is kHeap and the
// first bytes hold the pointer to a NUL-terminated copy and its size.
#include "core/util/error.hpp"

#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <ostream>
#include <string> // and <compare> (moc cannot parse it when named here)
#include <string_view>

namespace clens {

class CompactString {
public:
    static constexpr std::size_t kInline = 15;

    CompactString() noexcept { setInline(0); }
    CompactString(std::string_view s) { assign(s); }
    CompactString(const char* s) : CompactString(std::string_view(s)) {}
    CompactString(const std::string& s) : CompactString(std::string_view(s)) {}
    CompactString(const CompactString& o) : CompactString(o.view()) {}
    CompactString(CompactString&& o) noexcept
    {
        std::memcpy(bytes_, o.bytes_, sizeof bytes_);
        o.setInline(0);
    }
    ~CompactString() { release(); }

    CompactString& operator=(const CompactString& o)
    {
        if (this != &o) {
            CompactString copy(o);
            swap(copy);
        }
        return *this;
    }
    CompactString& operator=(CompactString&& o) noexcept
    {
        if (this != &o) {
            release();
            std::memcpy(bytes_, o.bytes_, sizeof bytes_);
            o.setInline(0);
        }
        return *this;
    }
    CompactString& operator=(std::string_view s)
    {
        CompactString copy(s);
        swap(copy);
        return *this;
    }
    CompactString& operator=(const std::string& s) { return *this = std::string_view(s); }
    CompactString& operator=(const char* s) { return *this = std::string_view(s); }

    std::size_t size() const noexcept
    {
        if (onHeap()) {
            std::uint32_t n;
            std::memcpy(&n, bytes_ + sizeof(char*), sizeof n);
            return n;
        }
        return kInline - static_cast<unsigned char>(bytes_[kInline]);
    }
    bool empty() const noexcept { return size() == 0; }
    const char* data() const noexcept
    {
        if (onHeap()) {
            const char* p;
            std::memcpy(&p, bytes_, sizeof p);
            return p;
        }
        return bytes_;
    }
    const char* c_str() const noexcept { return data(); }
    const char* begin() const noexcept { return data(); }
    const char* end() const noexcept { return data() + size(); }
    std::string_view view() const noexcept { return {data(), size()}; }
    std::string str() const { return std::string(view()); }
    operator std::string_view() const noexcept { return view(); }
    operator std::string() const { return str(); }

    void swap(CompactString& o) noexcept
    {
        char tmp[sizeof bytes_];
        std::memcpy(tmp, bytes_, sizeof bytes_);
        std::memcpy(bytes_, o.bytes_, sizeof bytes_);
        std::memcpy(o.bytes_, tmp, sizeof bytes_);
    }

    friend bool operator==(const CompactString& a, const CompactString& b) noexcept { return a.view() == b.view(); }
    friend bool operator==(const CompactString& a, std::string_view b) noexcept { return a.view() == b; }
    friend bool operator==(const CompactString& a, const std::string& b) noexcept { return a.view() == b; }
    friend bool operator==(const CompactString& a, const char* b) noexcept { return a.view() == b; }
    friend std::strong_ordering operator<=>(const CompactString& a, const CompactString& b) noexcept { return a.view() <=> b.view(); }
    friend std::strong_ordering operator<=>(const CompactString& a, std::string_view b) noexcept { return a.view() <=> b; }
    friend std::string operator+(const std::string& a, const CompactString& b) { return a + std::string(b.view()); }
    friend std::string operator+(const char* a, const CompactString& b) { return a + std::string(b.view()); }
    friend std::string operator+(const CompactString& a, const std::string& b) { return std::string(a.view()) + b; }
    friend std::string operator+(const CompactString& a, const char* b) { return std::string(a.view()) + b; }
    friend std::ostream& operator<<(std::ostream& os, const CompactString& s) { return os << s.view(); }

private:
    static constexpr unsigned char kHeap = 0xFF;
    bool onHeap() const noexcept { return static_cast<unsigned char>(bytes_[kInline]) == kHeap; }
    void setInline(std::size_t n) noexcept
    {
        bytes_[n] = '\0';
        bytes_[kInline] = static_cast<char>(kInline - n);
    }
    void assign(std::string_view s)
    {
        if (s.size() <= kInline) {
            std::memcpy(bytes_, s.data(), s.size());
            setInline(s.size());
            return;
        }
        if (s.size() > std::numeric_limits<std::uint32_t>::max()) // its size is kept in 32 bits
            throw ValueError("text", "of 4 GiB or more cannot be kept as an id");
        auto* p = new char[s.size() + 1];
        std::memcpy(p, s.data(), s.size());
        p[s.size()] = '\0';
        const auto n = static_cast<std::uint32_t>(s.size());
        std::memcpy(bytes_, &p, sizeof p);
        std::memcpy(bytes_ + sizeof p, &n, sizeof n);
        bytes_[kInline] = static_cast<char>(kHeap);
    }
    void release() noexcept
    {
        if (onHeap())
            delete[] data();
    }

    char bytes_[16];
};

} // namespace clens

template <>
struct std::hash<clens::CompactString> {
    std::size_t operator()(const clens::CompactString& s) const noexcept { return std::hash<std::string_view>{}(s.view()); }
};
