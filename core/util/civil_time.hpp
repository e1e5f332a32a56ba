#pragma once
// Calendar date-times without time-zone libraries. Philly times are US-Pacific local: DST
// (PDT, UTC-7) from the second Sunday of March 02:00 to the first Sunday of November 02:00,
// otherwise PST (UTC-8); the repeated 01:00-02:00 hour on the November change is read as PDT.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace clens {

struct CivilDateTime {
    int year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0;
};

// Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's algorithm).
std::int64_t daysFromCivil(int year, int month, int day);
CivilDateTime civilFromUnix(std::int64_t unixSeconds);

// Parses "YYYY-MM-DD HH:MM:SS" (also 'T' as separator); a trailing zone word such as " PDT"
// or " PST" is accepted and returned through zone. nullopt on a malformed value.
std::optional<CivilDateTime> parseDateTime(std::string_view text, std::string* zone = nullptr);

// Unix seconds for a date-time read as UTC.
std::int64_t unixFromUtc(const CivilDateTime& t);
// Unix seconds for a US-Pacific wall-clock time (see the rule above).
std::int64_t unixFromPacific(const CivilDateTime& t);
// Whether a US-Pacific wall-clock time is in daylight-saving time.
bool isPacificDaylightTime(const CivilDateTime& t);

// "YYYY-MM-DD HH:MM:SS" of a Unix time in UTC.
std::string formatUtc(std::int64_t unixSeconds);

} // namespace clens
