// The inspector's rows for the autoscaler in the cluster and node power (docs/autoscaling.md).
#include "ui/time/time_format.hpp"
#include "ui/views/inspector_panel.hpp"

#include <QLocale>

#include <cmath>

namespace clens::ui {

QString InspectorPanel::autoscalerText(const SimResult& result, std::int32_t job)
{
    if (job < 0 || static_cast<std::size_t>(job) >= result.jobs.size() || result.scenario.autoscaler.usage == UsageModel::None)
        return {};
    const JobResources& r = result.resourcesOf(static_cast<std::size_t>(job));
    if (r.scaledIntervals == 0)
        return {};
    const QLocale locale;
    const auto under = [&](std::int32_t n) {
        return tr("%1 of %2 intervals under").arg(locale.toString(n), locale.toString(r.scaledIntervals));
    };
    QStringList parts;
    parts << tr("CPU %1 core-h reserved, %2 used (%3)")
                 .arg(locale.toString(r.cpuReservedCoreS / 3600.0, 'f', 1), locale.toString(r.cpuUsedCoreS / 3600.0, 'f', 1),
                      under(r.cpuUnderIntervals));
    parts << tr("memory %1 GB-h reserved, %2 used (%3)")
                 .arg(locale.toString(r.memReservedGbS / 3600.0, 'f', 1), locale.toString(r.memUsedGbS / 3600.0, 'f', 1),
                      under(r.memUnderIntervals));
    if (r.oomKills > 0)
        parts << QStringLiteral("<b>%1</b>").arg(r.oomKills == 1 ? tr("1 OOM kill") : tr("%1 OOM kills").arg(r.oomKills));
    if (r.throttled_s > 0)
        parts << tr("throttled %1").arg(TimeFormat::duration(std::max<std::int64_t>(1, std::llround(r.throttled_s))));
    return parts.join(QStringLiteral(" · "));
}

QString InspectorPanel::powerText(const SimResult& result, std::int32_t job)
{
    if (job < 0 || static_cast<std::size_t>(job) >= result.jobs.size())
        return {};
    const JobResult& r = result.jobs[static_cast<std::size_t>(job)];
    if (r.powerDelay_s <= 0)
        return {};
    return tr("waited %1 for servers to boot").arg(TimeFormat::duration(r.powerDelay_s));
}

} // namespace clens::ui
