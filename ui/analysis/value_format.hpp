#pragma once
// How the analysis pages show numbers and names to a person: durations in the unit that reads
// best, thousands separators, "p50" as "median". Exports (CSV) keep the raw values.
#include <QString>

#include <string_view>

namespace clens::ui::analysis {

// "45 s", "12.5 min", "3.2 h", "4.1 d".
QString formatDuration(double seconds);
// A value in its unit: "s" as a duration, "fraction" and "%" as a percentage, counts with
// thousands separators. NaN -> "–".
QString formatValue(double v, std::string_view unit);
// A plain number with thousands separators and a sensible number of decimals.
QString formatPlainNumber(double v);

// "gpu_time_pct" -> "GPU time", "p50_delay_s" -> "Median delay".
QString columnDisplayName(std::string_view column);
// "mean_queue_delay_s.5-8" -> "Mean queueing delay, 5-8 GPU jobs".
QString metricDisplayName(std::string_view metric);
// "Queueing delay (h)"; the unit is left out when it is empty or the label already names it.
QString axisTitle(const QString& label, const QString& unit);

// A linear duration axis: seconds are divided by divisor and shown in unit.
struct DurationScale {
    double divisor = 1;
    QString unit = QStringLiteral("s");
};
DurationScale durationScaleFor(double maxAbsSeconds);

} // namespace clens::ui::analysis

namespace clens::ui::analysis {

// A signed change in a metric's unit: "+12.5 min", "−3.0 pp" (percentage points for "%" and
// "fraction"), "0" for no change; NaN -> "–".
QString formatDelta(double delta, std::string_view unit);

} // namespace clens::ui::analysis
