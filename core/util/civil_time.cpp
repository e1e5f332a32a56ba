#include "core/util/civil_time.hpp"

#include <charconv>
#include <cstdio>

namespace clens {

std::int64_t daysFromCivil(int y, int m, int d)
{
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * static_cast<unsigned>(m + (m > 2 ? -3 : 9)) + 2) / 5 + static_cast<unsigned>(d) - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

CivilDateTime civilFromUnix(std::int64_t s)
{
    std::int64_t days = s >= 0 ? s / 86400 : -((-s + 86399) / 86400);
    std::int64_t rem = s - days * 86400;
    days += 719468;
    const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(days - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    CivilDateTime t;
    t.day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    t.month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    t.year = static_cast<int>(static_cast<std::int64_t>(yoe) + era * 400 + (t.month <= 2));
    t.hour = static_cast<int>(rem / 3600);
    t.minute = static_cast<int>(rem % 3600 / 60);
    t.second = static_cast<int>(rem % 60);
    return t;
}

namespace {
bool readInt(std::string_view s, std::size_t pos, std::size_t len, int& out)
{
    if (pos + len > s.size())
        return false;
    for (std::size_t i = pos; i < pos + len; ++i)
        if (s[i] < '0' || s[i] > '9')
            return false;
    std::from_chars(s.data() + pos, s.data() + pos + len, out);
    return true;
}

int daysInMonth(int y, int m)
{
    static const int dim[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : dim[m - 1];
}

// Day of month of the n-th Sunday (n >= 1) of a month.
int nthSunday(int y, int m, int n)
{
    const std::int64_t d1 = daysFromCivil(y, m, 1);
    const int weekday = static_cast<int>(((d1 % 7) + 7 + 4) % 7); // 1970-01-01 was a Thursday (4)
    const int firstSunday = 1 + (7 - weekday) % 7;
    return firstSunday + 7 * (n - 1);
}
} // namespace

std::optional<CivilDateTime> parseDateTime(std::string_view s, std::string* zone)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '"'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '"'))
        s.remove_suffix(1);
    CivilDateTime t;
    if (s.size() < 19 || s[4] != '-' || s[7] != '-' || (s[10] != ' ' && s[10] != 'T') || s[13] != ':' || s[16] != ':')
        return std::nullopt;
    if (!readInt(s, 0, 4, t.year) || !readInt(s, 5, 2, t.month) || !readInt(s, 8, 2, t.day) || !readInt(s, 11, 2, t.hour)
        || !readInt(s, 14, 2, t.minute) || !readInt(s, 17, 2, t.second))
        return std::nullopt;
    if (t.month < 1 || t.month > 12 || t.day < 1 || t.day > daysInMonth(t.year, t.month) || t.hour > 23 || t.minute > 59
        || t.second > 60)
        return std::nullopt;
    std::string_view rest = s.substr(19);
    while (!rest.empty() && rest.front() == ' ')
        rest.remove_prefix(1);
    for (char c : rest)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
            return std::nullopt;
    if (zone)
        *zone = std::string(rest);
    return t;
}

std::int64_t unixFromUtc(const CivilDateTime& t)
{
    return daysFromCivil(t.year, t.month, t.day) * 86400 + t.hour * 3600 + t.minute * 60 + t.second;
}

bool isPacificDaylightTime(const CivilDateTime& t)
{
    if (t.year < 2007) // pre-2007 US rule: first Sunday of April to last Sunday of October
    {
        const int start = nthSunday(t.year, 4, 1);
        int end = nthSunday(t.year, 10, 4);
        if (end + 7 <= 31)
            end += 7;
        const auto key = [](int m, int d, int h) { return (m * 32 + d) * 24 + h; };
        const int k = key(t.month, t.day, t.hour);
        return k >= key(4, start, 2) && k < key(10, end, 2);
    }
    const int start = nthSunday(t.year, 3, 2);
    const int end = nthSunday(t.year, 11, 1);
    const auto key = [](int m, int d, int h) { return (m * 32 + d) * 24 + h; };
    const int k = key(t.month, t.day, t.hour);
    return k >= key(3, start, 2) && k < key(11, end, 2);
}

std::int64_t unixFromPacific(const CivilDateTime& t)
{
    return unixFromUtc(t) + (isPacificDaylightTime(t) ? 7 : 8) * 3600;
}

std::string formatUtc(std::int64_t unixSeconds)
{
    const auto t = civilFromUnix(unixSeconds);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d", t.year, t.month, t.day, t.hour, t.minute, t.second);
    return buf;
}

} // namespace clens
