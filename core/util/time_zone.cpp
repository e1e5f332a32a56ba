#include "core/util/error.hpp"
#include "core/util/time_zone.hpp"

#include "core/util/posix_tz_rule.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace clens {

namespace {

std::int64_t bigEndian(const unsigned char* p, int bytes)
{
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | p[i];
    if (bytes == 4)
        return static_cast<std::int32_t>(static_cast<std::uint32_t>(v));
    return static_cast<std::int64_t>(v);
}

// "+02:00", "-0530", "+2", optionally after "UTC"/"GMT": seconds east of UTC.
bool parseFixedOffset(std::string_view s, std::int32_t& out)
{
    if (s.substr(0, 3) == "UTC" || s.substr(0, 3) == "GMT")
        s.remove_prefix(3);
    if (s.size() < 2 || (s[0] != '+' && s[0] != '-'))
        return false;
    const int sign = s[0] == '-' ? -1 : 1;
    s.remove_prefix(1);
    std::string digits;
    for (char c : s) {
        if (c == ':')
            continue;
        if (c < '0' || c > '9')
            return false;
        digits += c;
    }
    int h = 0, m = 0;
    if (digits.size() <= 2)
        h = std::stoi(digits);
    else if (digits.size() == 4) {
        h = std::stoi(digits.substr(0, 2));
        m = std::stoi(digits.substr(2));
    } else
        return false;
    if (h > 14 || m > 59)
        return false;
    out = sign * (h * 3600 + m * 60);
    return true;
}

bool safeZoneName(std::string_view name)
{
    if (name.empty() || name.front() == '/' || name.find("..") != std::string_view::npos)
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/' || c == '_'
            || c == '-' || c == '+';
    });
}

} // namespace

TimeZone TimeZone::load(std::string_view name)
{
    TimeZone z;
    if (name.empty() || name == "UTC" || name == "Etc/UTC" || name == "Z")
        return z;
    z.name_ = std::string(name);
    if (parseFixedOffset(name, z.initialOffset_))
        return z;
    if (!safeZoneName(name))
        throw ValueError("'" + std::string(name) + "' is not a time-zone name (expected UTC, an offset such as +02:00, or an IANA name such as Europe/Berlin)");
    const char* dir = std::getenv("TZDIR");
    const std::string path = std::string(dir && *dir ? dir : "/usr/share/zoneinfo") + "/" + std::string(name);
    std::error_code ec;
    std::ifstream in(path, std::ios::binary);
    std::vector<unsigned char> data;
    if (in && std::filesystem::is_regular_file(path, ec))
        data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (data.size() < 44 || !std::equal(data.begin(), data.begin() + 4, "TZif"))
        throw ValueError("unknown time zone '" + std::string(name) + "' (not found as a TZif file in " + path
                                    + "; is the tz database installed?)");
    // Header: magic(4) version(1) unused(15) then six 4-byte counts.
    const auto counts = [&](std::size_t at, std::int64_t c[6]) {
        for (int i = 0; i < 6; ++i)
            c[i] = bigEndian(&data[at + 20 + 4 * static_cast<std::size_t>(i)], 4);
    };
    std::int64_t c[6]; // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
    counts(0, c);
    std::size_t at = 44;
    int timeBytes = 4;
    if (data[4] >= '2') { // skip the 32-bit block, read the 64-bit one
        at += static_cast<std::size_t>(c[3] * 4 + c[3] + c[4] * 6 + c[5] + c[2] * 8 + c[1] + c[0]);
        if (data.size() < at + 44)
            throw ValueError("time-zone file " + path + " is truncated");
        counts(at, c);
        at += 44;
        timeBytes = 8;
    }
    const auto timecnt = static_cast<std::size_t>(c[3]), typecnt = static_cast<std::size_t>(c[4]);
    if (typecnt == 0 || data.size() < at + timecnt * static_cast<std::size_t>(timeBytes + 1) + typecnt * 6)
        throw ValueError("time-zone file " + path + " is truncated");
    const std::size_t idxAt = at + timecnt * static_cast<std::size_t>(timeBytes);
    const std::size_t typeAt = idxAt + timecnt;
    const auto offsetOfType = [&](std::size_t t) {
        if (t >= typecnt)
            throw ValueError("time-zone file " + path + " is malformed");
        return static_cast<std::int32_t>(bigEndian(&data[typeAt + 6 * t], 4));
    };
    z.initialOffset_ = offsetOfType(0);
    for (std::size_t i = 0; i < timecnt; ++i) {
        z.transitions_.push_back(bigEndian(&data[at + i * static_cast<std::size_t>(timeBytes)], timeBytes));
        z.offsetAfter_.push_back(offsetOfType(data[idxAt + i]));
    }
    if (timeBytes == 8) { // v2+: the footer's POSIX rule continues the transitions to 2100
        const std::size_t footerAt = typeAt + typecnt * 6 + static_cast<std::size_t>(c[5] + c[2] * 12 + c[1] + c[0]);
        if (footerAt + 1 < data.size() && data[footerAt] == '\n') {
            const auto endAt = std::find(data.begin() + static_cast<std::ptrdiff_t>(footerAt) + 1, data.end(), '\n');
            const std::string footer(data.begin() + static_cast<std::ptrdiff_t>(footerAt) + 1, endAt);
            z.extendWith(footer);
        }
    }
    return z;
}

void TimeZone::extendWith(const std::string& footer)
{
    const auto rule = parsePosixTzRule(footer);
    if (!rule || !rule->hasDst)
        return; // no rule, or a fixed offset: the last transition's offset holds
    const auto last = transitions_.empty() ? std::int64_t{0} : transitions_.back();
    for (int year = civilFromUnix(last).year; year <= 2100; ++year)
        for (const auto& [at, offset] : posixTzTransitions(*rule, year))
            if (transitions_.empty() || at > transitions_.back()) {
                transitions_.push_back(at);
                offsetAfter_.push_back(offset);
            }
}

std::int64_t TimeZone::offsetAt(std::int64_t t) const
{
    const auto it = std::upper_bound(transitions_.begin(), transitions_.end(), t);
    if (it == transitions_.begin())
        return initialOffset_;
    return offsetAfter_[static_cast<std::size_t>(it - transitions_.begin() - 1)];
}

std::int64_t TimeZone::toUnix(const CivilDateTime& local, Fit* fit) const
{
    const std::int64_t wall = unixFromUtc(local);
    // The offsets in force a day either side cover every candidate.
    const auto before = offsetAt(wall - 86400), after = offsetAt(wall + 86400);
    std::vector<std::int64_t> fits;
    for (const auto off : {before, after})
        if (offsetAt(wall - off) == off && std::find(fits.begin(), fits.end(), wall - off) == fits.end())
            fits.push_back(wall - off);
    if (fits.empty()) { // in a skipped hour
        if (fit)
            *fit = Fit::Skipped;
        return wall - before;
    }
    if (fit)
        *fit = fits.size() > 1 ? Fit::Ambiguous : Fit::Normal;
    return *std::min_element(fits.begin(), fits.end());
}

} // namespace clens
