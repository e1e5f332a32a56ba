#pragma once
// Wall-clock times of a named zone -> Unix UTC, for formats that print local times without a
// zone (Slurm sacct). docs/formats.md "Time zones of local times". GCC 12's libstdc++ has no
// C++20 tzdb, so IANA zones are read from the system's compiled tz database (TZif files under
// $TZDIR or /usr/share/zoneinfo); "UTC" and fixed offsets ("+02:00", "-0530", "UTC+2") need no
// database.
#include "core/util/civil_time.hpp"
#include "core/util/error.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace clens {

class TimeZone {
public:
    TimeZone() = default; // UTC
    // "UTC", "", a fixed offset or an IANA name ("Europe/Berlin"). Throws ValueError
    // with a reason in words when the name is malformed or not in the tz database.
    static TimeZone load(std::string_view name);

    const std::string& name() const { return name_; }
    // How a local wall-clock time fell: Normal, in the repeated hour of a backward change
    // (Ambiguous: read as the first occurrence, the earlier instant), or in the hour skipped by a
    // forward change (Skipped: read with the offset in force before the change).
    enum class Fit : std::uint8_t { Normal, Ambiguous, Skipped };
    std::int64_t toUnix(const CivilDateTime& local, Fit* fit = nullptr) const;
    // UTC offset in seconds in force at a Unix time.
    std::int64_t offsetAt(std::int64_t unixSeconds) const;

private:
    // Adds the transitions of a TZif footer's POSIX rule after the listed ones, up to 2100.
    void extendWith(const std::string& footer);

    std::string name_ = "UTC";
    std::vector<std::int64_t> transitions_;  // Unix times, ascending
    std::vector<std::int32_t> offsetAfter_;  // UTC offset from transitions_[i] on
    std::int32_t initialOffset_ = 0;         // before the first transition (or fixed)
};

} // namespace clens
