#pragma once
// The POSIX TZ rule a TZif file ends with ("CET-1CEST,M3.5.0,M10.5.0/3"): how a zone changes
// after the last transition the file lists. "Slim" tz databases (zic -b slim, the default since
// tzcode 2020b) list transitions only up to the last rule change and rely on it for every later
// year. docs/formats.md "Time zones of local times".
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace clens {

struct PosixTzRule {
    struct Date {
        char kind = 'M';       // 'M' (month.week.day), 'J' (1..365, no Feb 29), 'N' (0..365)
        int month = 0, week = 0, weekday = 0, day = 0;
        std::int32_t time_s = 7200; // local time of the change, default 02:00
    };
    std::int32_t stdOffset_s = 0; // seconds east of UTC
    std::int32_t dstOffset_s = 0;
    bool hasDst = false;
    Date start, end; // standard -> daylight, daylight -> standard
};

// nullopt when the text is not a rule this reader understands.
std::optional<PosixTzRule> parsePosixTzRule(std::string_view text);

// The rule's changes in one (proleptic Gregorian) year as (Unix instant, offset from then on),
// in time order; none for a rule without daylight saving.
std::vector<std::pair<std::int64_t, std::int32_t>> posixTzTransitions(const PosixTzRule& rule, int year);

} // namespace clens
