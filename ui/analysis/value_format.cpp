#include "ui/analysis/value_format.hpp"

#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace clens::ui::analysis {

namespace {

const QLocale& locale()
{
    static const QLocale l(QLocale::English, QLocale::UnitedStates);
    return l;
}

QString fixed(double v, int decimals)
{
    return locale().toString(v, 'f', decimals);
}

int decimalsFor(double v)
{
    const double a = std::fabs(v);
    if (a == std::floor(a) || a >= 100)
        return 0;
    return a >= 10 ? 1 : 2;
}

QString unitWord(std::string_view token)
{
    static const std::array<std::pair<std::string_view, const char*>, 14> words{{
        {"gpu", "GPU"},
        {"gpus", "GPUs"},
        {"vc", "VC"},
        {"jct", "JCT"},
        {"util", "utilization"},
        {"p50", "median"},
        {"p90", "p90"},
        {"p95", "p95"},
        {"p99", "p99"},
        {"fairshare", "fair-share"},
        {"a", "A"},
        {"b", "B"},
        {"id", "ID"},
        {"h", "hours"},
    }};
    for (const auto& [from, to] : words)
        if (token == from)
            return QString::fromLatin1(to);
    return QString::fromUtf8(token.data(), static_cast<qsizetype>(token.size()));
}

QString capitalised(QString s)
{
    if (!s.isEmpty())
        s[0] = s[0].toUpper();
    return s;
}

} // namespace

QString formatDuration(double seconds)
{
    if (std::isnan(seconds))
        return QStringLiteral("–");
    const double a = std::fabs(seconds);
    if (a < 90)
        return fixed(seconds, a < 10 && a != std::floor(a) ? 1 : 0) + QStringLiteral(" s");
    // One decimal, dropped when it is zero ("10 min", "2.5 h").
    const auto inUnit = [](double v, const char* unit) {
        const double rounded = std::round(v * 10) / 10;
        return fixed(rounded, rounded == std::round(rounded) ? 0 : 1) + QLatin1String(unit);
    };
    if (a < 90 * 60)
        return inUnit(seconds / 60, " min");
    if (a < 48 * 3600)
        return inUnit(seconds / 3600, " h");
    return inUnit(seconds / 86400, " d");
}

QString formatPlainNumber(double v)
{
    if (std::isnan(v))
        return QStringLiteral("–");
    return fixed(v, decimalsFor(v));
}

QString formatValue(double v, std::string_view unit)
{
    if (std::isnan(v))
        return QStringLiteral("–");
    if (unit == "s")
        return formatDuration(v);
    if (unit == "fraction")
        return fixed(100 * v, 1) + QStringLiteral("%");
    if (unit == "%")
        return fixed(v, std::fabs(v) >= 100 ? 0 : 1) + QStringLiteral("%");
    // Amounts whose unit the reader needs beside the number (a count's name says what it counts).
    static constexpr std::array<std::string_view, 6> written{"h", "GPU-h", "core-h", "GB-h", "server-h", "kWh"};
    if (std::find(written.begin(), written.end(), unit) != written.end())
        return fixed(v, std::fabs(v) >= 100 ? 0 : 1) + QLatin1Char(' ') + QString::fromLatin1(unit.data(), static_cast<qsizetype>(unit.size()));
    return formatPlainNumber(v);
}

QString columnDisplayName(std::string_view column)
{
    static const std::array<std::pair<std::string_view, const char*>, 23> whole{{
        {"gpu_hours", "GPU-hours"},
        {"queue_delay_h", "Waiting"},
        {"free_servers", "Fully-free servers"},
        {"queue_delay_s", "Queueing delay"},
        {"run_time_s", "Run time"},
        {"gpu_util_pct", "GPU utilization"},
        {"delta_s", "JCT change"},
        {"delta_pct", "Change %"},
        {"gpu_time_pct", "% of GPU time"},
        {"jobs_pct", "% of jobs"},
        {"gpu_time_weighted_pct", "GPU-time weighted"},
        {"mean_pct", "Mean"},
        {"p50_pct", "Median"},
        {"p95_pct", "p95"},
        {"size_bucket", "Job size (GPUs)"},
        {"t_s", "Time"},
        {"effective_util", "Effective utilization"},
        {"gpus", "GPUs"},
        {"cpu_reserved", "CPU reserved"},
        {"mem_reserved", "Memory reserved"},
        {"cpu_reserved_fraction", "CPU reserved"},
        {"mem_reserved_fraction", "Memory reserved"},
        {"share_fragmentation", "GPU-share fragmentation"},
    }};
    for (const auto& [from, to] : whole)
        if (column == from)
            return QString::fromUtf8(to);
    QStringList words;
    std::size_t begin = 0;
    while (begin <= column.size()) {
        const auto end = std::min(column.find('_', begin), column.size());
        words << unitWord(column.substr(begin, end - begin));
        begin = end + 1;
    }
    // A trailing unit token reads as part of the header's unit, not of its name.
    if (words.size() > 1 && (words.back() == QLatin1String("s") || words.back() == QLatin1String("pct") ||
                             words.back() == QLatin1String("hours")))
        words.removeLast();
    return capitalised(words.join(QLatin1Char(' ')));
}

QString metricDisplayName(std::string_view metric)
{
    static const std::array<std::pair<std::string_view, const char*>, 35> names{{
        {"jobs", "Jobs"},
        {"started_jobs", "Started jobs"},
        {"finished_jobs", "Finished jobs"},
        {"unfinished_jobs", "Unfinished jobs"},
        {"makespan_s", "Makespan"},
        {"mean_queue_delay_s", "Mean queueing delay"},
        {"p50_queue_delay_s", "Median queueing delay"},
        {"p95_queue_delay_s", "p95 queueing delay"},
        {"p99_queue_delay_s", "p99 queueing delay"},
        {"mean_jct_s", "Mean JCT"},
        {"p50_jct_s", "Median JCT"},
        {"p95_jct_s", "p95 JCT"},
        {"mean_run_time_s", "Mean run time"},
        {"gpu_hours", "GPU-hours used"},
        {"gpu_alloc_fraction", "GPU allocation"},
        {"gpu_util_pct", "GPU utilization (GPU-time weighted)"},
        {"fairshare_delay_h", "Waiting for fair share"},
        {"fragmentation_delay_h", "Waiting from fragmentation"},
        {"capacity_delay_h", "Waiting for capacity"},
        {"power_delay_h", "Waiting for servers to boot"},
        {"relaxed_locality_jobs_pct", "Jobs placed with relaxed locality"},
        {"multi_server_jobs_pct", "Jobs on several servers"},
        {"failed_or_killed_jobs_pct", "Failed or killed jobs"},
        {"failed_or_killed_gpu_time_pct", "GPU time of failed or killed jobs"},
        {"cpu_reserved_core_h", "CPU reserved"},
        {"cpu_used_core_h", "CPU used"},
        {"mem_reserved_gb_h", "Memory reserved"},
        {"mem_used_gb_h", "Memory used"},
        {"cpu_under_pct", "Intervals short of CPU"},
        {"mem_under_pct", "Intervals short of memory"},
        {"oom_kills", "OOM kills"},
        {"throttled_s", "Time lost to CPU throttling"},
        {"energy_kwh", "Energy"},
        {"powered_server_h", "Powered server-hours"},
        {"power_delay_s", "Waiting for servers to boot"},
    }};
    const auto dot = metric.find('.');
    const auto base = metric.substr(0, dot);
    QString name;
    for (const auto& [from, to] : names)
        if (base == from)
            name = QString::fromUtf8(to);
    if (name.isEmpty())
        name = columnDisplayName(base);
    if (dot != std::string_view::npos) {
        const auto bucket = QString::fromUtf8(metric.substr(dot + 1).data(), static_cast<qsizetype>(metric.size() - dot - 1));
        name += QStringLiteral(", %1-GPU jobs").arg(bucket);
    }
    return name;
}

QString axisTitle(const QString& label, const QString& unit)
{
    // "Allocated GPUs", not "Allocated GPUs (GPUs)".
    if (unit.isEmpty() || label.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(unit)),
                                                            QRegularExpression::CaseInsensitiveOption)))
        return label;
    return QStringLiteral("%1 (%2)").arg(label, unit);
}

DurationScale durationScaleFor(double maxAbsSeconds)
{
    if (maxAbsSeconds < 120)
        return {1, QStringLiteral("s")};
    if (maxAbsSeconds < 2 * 3600)
        return {60, QStringLiteral("min")};
    if (maxAbsSeconds < 72 * 3600)
        return {3600, QStringLiteral("h")};
    return {86400, QStringLiteral("days")};
}

} // namespace clens::ui::analysis

namespace clens::ui::analysis {

QString formatDelta(double delta, std::string_view unit)
{
    if (std::isnan(delta))
        return QStringLiteral("–");
    if (delta == 0)
        return QStringLiteral("0");
    const QString sign = delta > 0 ? QStringLiteral("+") : QStringLiteral("−");
    const double a = std::fabs(delta);
    if (unit == "fraction")
        return sign + fixed(100 * a, 1) + QStringLiteral(" pp");
    if (unit == "%")
        return sign + fixed(a, 1) + QStringLiteral(" pp");
    return sign + formatValue(a, unit);
}

} // namespace clens::ui::analysis
