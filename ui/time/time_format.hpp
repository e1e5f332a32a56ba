#pragma once
// How the UI writes simulated instants and durations. Dated traces (TimeBase::UnixUtc) show
// UTC date-times, whatever the machine's zone (as the Analysis page, the exports and the docs
// do); relative traces show the elapsed time since the first submission.
#include "core/model/trace.hpp"
#include "core/sim/sim_result.hpp"

#include <QString>

#include <cstdint>

namespace clens::ui {

class TimeFormat {
public:
    TimeFormat() = default;
    TimeFormat(TimeBase base, std::int64_t origin_s) : base_(base), origin_(origin_s) {}

    // "2017-10-03 14:05:09" (dated) or "+2d 03:04:05" (relative, from origin).
    QString instant(std::int64_t t_s) const;
    // instant() plus the time zone for dated traces: "2017-10-03 14:05:09 UTC".
    QString instantWithZone(std::int64_t t_s) const;
    // Compact: "Oct 3 14:05" (dated) or "+2d 03:04" (relative).
    QString instantShort(std::int64_t t_s) const;
    bool dated() const { return base_ == TimeBase::UnixUtc; }
    std::int64_t origin() const { return origin_; }

    // "0 s", "45 s", "12 min", "1 h 05 min", "3 d 4 h".
    static QString duration(std::int64_t seconds);
    // "+2d 03:04:05" / "03:04:05" for an elapsed time.
    static QString elapsed(std::int64_t seconds);

private:
    TimeBase base_ = TimeBase::Relative;
    std::int64_t origin_ = 0;
};

// How a result's instants are written: dated when its trace is, else relative to its first
// submission.
TimeFormat timeFormatOf(const SimResult& r);

} // namespace clens::ui
