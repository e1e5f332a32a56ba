#include "core/util/posix_tz_rule.hpp"

#include "core/util/civil_time.hpp"

#include <algorithm>
#include <cctype>

namespace clens {

namespace {

class Cursor {
public:
    explicit Cursor(std::string_view s) : s_(s) {}
    bool done() const { return p_ == s_.size(); }
    char peek() const { return done() ? '\0' : s_[p_]; }
    bool take(char c)
    {
        if (peek() != c)
            return false;
        ++p_;
        return true;
    }
    // An abbreviation: <...> or 3+ letters.
    bool name()
    {
        if (take('<')) {
            const auto close = s_.find('>', p_);
            if (close == std::string_view::npos)
                return false;
            p_ = close + 1;
            return true;
        }
        const auto start = p_;
        while (!done() && std::isalpha(static_cast<unsigned char>(peek())))
            ++p_;
        return p_ - start >= 3;
    }
    std::optional<int> number(int maxDigits)
    {
        int v = 0, n = 0;
        while (!done() && std::isdigit(static_cast<unsigned char>(peek())) && n < maxDigits) {
            v = v * 10 + (peek() - '0');
            ++p_, ++n;
        }
        return n ? std::optional<int>(v) : std::nullopt;
    }
    // [+-]hh[:mm[:ss]] in seconds (POSIX sign: positive west for offsets).
    std::optional<std::int32_t> hms()
    {
        int sign = 1;
        if (take('-'))
            sign = -1;
        else
            take('+');
        const auto h = number(3);
        if (!h || *h > 167)
            return std::nullopt;
        std::int32_t v = *h * 3600;
        for (int unit : {60, 1}) {
            if (!take(':'))
                break;
            const auto x = number(2);
            if (!x || *x > 59)
                return std::nullopt;
            v += *x * unit;
        }
        return sign * v;
    }
    std::optional<PosixTzRule::Date> date()
    {
        PosixTzRule::Date d;
        if (take('M')) {
            const auto m = number(2);
            if (!m || !take('.'))
                return std::nullopt;
            const auto w = number(1);
            if (!w || !take('.'))
                return std::nullopt;
            const auto wd = number(1);
            if (!wd || *m < 1 || *m > 12 || *w < 1 || *w > 5 || *wd > 6)
                return std::nullopt;
            d.month = *m, d.week = *w, d.weekday = *wd;
        } else {
            d.kind = take('J') ? 'J' : 'N';
            const auto n = number(3);
            if (!n || *n > 365 || (d.kind == 'J' && *n < 1))
                return std::nullopt;
            d.day = *n;
        }
        if (take('/')) {
            const auto t = hms();
            if (!t)
                return std::nullopt;
            d.time_s = *t;
        }
        return d;
    }

private:
    std::string_view s_;
    std::size_t p_ = 0;
};

bool isLeap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int daysInMonth(int y, int m)
{
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && isLeap(y) ? 29 : days[m - 1];
}

// Days since 1970-01-01 of a rule date in year y.
std::int64_t dayOf(const PosixTzRule::Date& d, int y)
{
    if (d.kind == 'J')
        return daysFromCivil(y, 1, 1) + d.day - 1 + (isLeap(y) && d.day >= 60 ? 1 : 0);
    if (d.kind == 'N')
        return daysFromCivil(y, 1, 1) + d.day;
    const auto first = daysFromCivil(y, d.month, 1);
    const int firstWeekday = static_cast<int>(((first % 7) + 11) % 7); // 1970-01-01 was a Thursday (4)
    int day = 1 + (d.weekday - firstWeekday + 7) % 7 + (d.week - 1) * 7;
    while (day > daysInMonth(y, d.month))
        day -= 7;
    return first + day - 1;
}

} // namespace

std::optional<PosixTzRule> parsePosixTzRule(std::string_view text)
{
    Cursor c(text);
    PosixTzRule r;
    if (!c.name())
        return std::nullopt;
    const auto standard = c.hms();
    if (!standard)
        return std::nullopt;
    r.stdOffset_s = -*standard;
    if (c.done())
        return r;
    if (!c.name())
        return std::nullopt;
    r.dstOffset_s = r.stdOffset_s + 3600;
    if (c.peek() != ',' && !c.done()) {
        const auto dst = c.hms();
        if (!dst)
            return std::nullopt;
        r.dstOffset_s = -*dst;
    }
    if (!c.take(','))
        return std::nullopt; // zic always writes the rules; without them we cannot tell
    const auto start = c.date();
    if (!start || !c.take(','))
        return std::nullopt;
    const auto end = c.date();
    if (!end || !c.done())
        return std::nullopt;
    r.hasDst = true;
    r.start = *start;
    r.end = *end;
    return r;
}

std::vector<std::pair<std::int64_t, std::int32_t>> posixTzTransitions(const PosixTzRule& rule, int year)
{
    if (!rule.hasDst)
        return {};
    // The start is given in standard time, the end in daylight time.
    const std::int64_t start = dayOf(rule.start, year) * 86400 + rule.start.time_s - rule.stdOffset_s;
    const std::int64_t end = dayOf(rule.end, year) * 86400 + rule.end.time_s - rule.dstOffset_s;
    std::vector<std::pair<std::int64_t, std::int32_t>> out{{start, rule.dstOffset_s}, {end, rule.stdOffset_s}};
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace clens
