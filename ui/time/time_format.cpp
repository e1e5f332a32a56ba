#include "ui/time/time_format.hpp"

#include <QDateTime>
#include <QTimeZone>

#include <cstdlib>

namespace clens::ui {

TimeFormat timeFormatOf(const SimResult& r)
{
    return TimeFormat(r.trace ? r.trace->meta.timeBase : TimeBase::Relative, r.firstSubmit_s);
}

QString TimeFormat::instant(std::int64_t t_s) const
{
    if (dated())
        return QDateTime::fromSecsSinceEpoch(t_s, QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd hh:mm:ss"));
    return elapsed(t_s - origin_);
}

QString TimeFormat::instantWithZone(std::int64_t t_s) const
{
    if (dated())
        return QDateTime::fromSecsSinceEpoch(t_s, QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd hh:mm:ss t"));
    return instant(t_s);
}

QString TimeFormat::instantShort(std::int64_t t_s) const
{
    if (dated())
        return QDateTime::fromSecsSinceEpoch(t_s, QTimeZone::utc()).toString(QStringLiteral("MMM d hh:mm"));
    const QString full = elapsed(t_s - origin_);
    return full.left(full.size() - 3); // drop ":ss"
}

QString TimeFormat::elapsed(std::int64_t seconds)
{
    const bool negative = seconds < 0;
    std::int64_t s = std::llabs(seconds);
    const std::int64_t days = s / 86400;
    s %= 86400;
    const QString hms = QStringLiteral("%1:%2:%3")
                            .arg(s / 3600, 2, 10, QLatin1Char('0'))
                            .arg((s % 3600) / 60, 2, 10, QLatin1Char('0'))
                            .arg(s % 60, 2, 10, QLatin1Char('0'));
    const QString sign = negative ? QStringLiteral("-") : QStringLiteral("+");
    if (days > 0)
        return QStringLiteral("%1%2d %3").arg(sign).arg(days).arg(hms);
    return sign + hms;
}

QString TimeFormat::duration(std::int64_t seconds)
{
    if (seconds < 0)
        return QStringLiteral("-") + duration(-seconds);
    if (seconds < 60)
        return QStringLiteral("%1 s").arg(seconds);
    if (seconds < 3600) {
        const auto m = seconds / 60, s = seconds % 60;
        return s ? QStringLiteral("%1 min %2 s").arg(m).arg(s) : QStringLiteral("%1 min").arg(m);
    }
    if (seconds < 86400) {
        const auto h = seconds / 3600, m = (seconds % 3600) / 60;
        return m ? QStringLiteral("%1 h %2 min").arg(h).arg(m, 2, 10, QLatin1Char('0')) : QStringLiteral("%1 h").arg(h);
    }
    const auto d = seconds / 86400, h = (seconds % 86400) / 3600;
    return h ? QStringLiteral("%1 d %2 h").arg(d).arg(h) : QStringLiteral("%1 d").arg(d);
}

} // namespace clens::ui
