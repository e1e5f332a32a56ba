#include "ui/models/scenario_diff.hpp"

#include "core/sim/scenario_names.hpp"
#include "ui/time/time_format.hpp"

#include <QObject>

namespace clens::ui {
namespace {

template <class E>
QString named(E v)
{
    return QString::fromUtf8(toString(v).data(), static_cast<qsizetype>(toString(v).size()));
}

QString threshold(const std::optional<std::int64_t>& s)
{
    if (!s)
        return QObject::tr("never");
    return *s == 0 ? QObject::tr("at once") : TimeFormat::duration(*s);
}

QString quotas(const std::map<std::string, std::int64_t>& q)
{
    if (q.empty())
        return QObject::tr("none");
    QStringList parts;
    for (const auto& [vc, gpus] : q)
        parts << QStringLiteral("%1=%2").arg(QString::fromStdString(vc)).arg(gpus);
    return parts.join(QLatin1Char(' '));
}

} // namespace

QStringList scenarioDiff(const Scenario& a, const Scenario& b)
{
    QStringList out;
    const auto add = [&](const QString& name, const QString& x, const QString& y) {
        if (x != y)
            out << QStringLiteral("%1: %2 → %3").arg(name, x, y);
    };
    const auto num = [](double v) { return QString::number(v, 'g', 6); };
    add(QObject::tr("relax to rack after"), threshold(a.locality.relaxToRackAfter_s), threshold(b.locality.relaxToRackAfter_s));
    add(QObject::tr("relax to any after"), threshold(a.locality.relaxToAnyAfter_s), threshold(b.locality.relaxToAnyAfter_s));
    add(QObject::tr("rack size"), num(a.locality.rackSize), num(b.locality.rackSize));
    add(QObject::tr("gang"), named(a.gang.policy), named(b.gang.policy));
    add(QObject::tr("gang min fraction"), num(a.gang.minFraction), num(b.gang.minFraction));
    add(QObject::tr("elastic after"), TimeFormat::duration(a.gang.elasticAfter_s), TimeFormat::duration(b.gang.elasticAfter_s));
    add(QObject::tr("quota mode"), named(a.quota.mode), named(b.quota.mode));
    add(QObject::tr("quotas"), quotas(a.quota.vcGpus), quotas(b.quota.vcGpus));
    add(QObject::tr("queue policy"), named(a.queue.policy), named(b.queue.policy));
    const auto list = [&](const std::vector<double>& v) {
        QStringList parts;
        for (const auto x : v)
            parts << num(x);
        return parts.join(QLatin1Char(' '));
    };
    add(QObject::tr("LAS thresholds (GPU-s)"), list(a.queue.lasThresholdsGpuS), list(b.queue.lasThresholdsGpuS));
    add(QObject::tr("starvation factor"), num(a.queue.starvationFactor), num(b.queue.starvationFactor));
    add(QObject::tr("preemption overhead"), TimeFormat::duration(a.queue.preemptOverhead_s), TimeFormat::duration(b.queue.preemptOverhead_s));
    add(QObject::tr("placement"), named(a.placement), named(b.placement));
    add(QObject::tr("backfill"), named(a.backfill), named(b.backfill));
    add(QObject::tr("slowdown per extra server"), num(a.slowdown.perExtraServer), num(b.slowdown.perExtraServer));
    add(QObject::tr("slowdown cross rack"), num(a.slowdown.crossRack), num(b.slowdown.crossRack));
    add(QObject::tr("slowdown at most"), num(a.slowdown.maxFactor), num(b.slowdown.maxFactor));
    const auto amount = [&](const std::optional<double>& v, const QString& none) { return v ? num(*v) : none; };
    const auto& ra = a.resources;
    const auto& rb = b.resources;
    add(QObject::tr("server CPU cores when unknown"), amount(ra.serverDefaults.cpuCores, QObject::tr("unlimited")),
        amount(rb.serverDefaults.cpuCores, QObject::tr("unlimited")));
    add(QObject::tr("server memory (GB) when unknown"), amount(ra.serverDefaults.memGb, QObject::tr("unlimited")),
        amount(rb.serverDefaults.memGb, QObject::tr("unlimited")));
    add(QObject::tr("job CPU cores per GPU when unknown"), amount(ra.jobDefaults.cpuPerGpu, QObject::tr("none")),
        amount(rb.jobDefaults.cpuPerGpu, QObject::tr("none")));
    add(QObject::tr("job memory (GB) per GPU when unknown"), amount(ra.jobDefaults.memGbPerGpu, QObject::tr("none")),
        amount(rb.jobDefaults.memGbPerGpu, QObject::tr("none")));
    add(QObject::tr("trial run"), TimeFormat::duration(a.failures.trialRun_s), TimeFormat::duration(b.failures.trialRun_s));
    add(QObject::tr("server MTBF (h)"), num(a.failures.serverMtbf_h), num(b.failures.serverMtbf_h));
    add(QObject::tr("repair (h)"), num(a.failures.repair_h), num(b.failures.repair_h));
    add(QObject::tr("checkpoint"), TimeFormat::duration(a.failures.checkpoint_s), TimeFormat::duration(b.failures.checkpoint_s));
    add(QObject::tr("stop after"), TimeFormat::duration(a.failures.horizon_s), TimeFormat::duration(b.failures.horizon_s));
    add(QObject::tr("arrivals faster by"), num(a.arrivals.speedup), num(b.arrivals.speedup));
    add(QObject::tr("demand"), named(a.autoscaler.usage), named(b.autoscaler.usage));
    add(QObject::tr("autoscaler policy"), QString::fromStdString(a.autoscaler.policy), QString::fromStdString(b.autoscaler.policy));
    add(QObject::tr("autoscaler interval"), TimeFormat::duration(a.autoscaler.interval_s), TimeFormat::duration(b.autoscaler.interval_s));
    add(QObject::tr("sigma"), num(a.autoscaler.sigma), num(b.autoscaler.sigma));
    add(QObject::tr("headroom"), num(a.autoscaler.headroom), num(b.autoscaler.headroom));
    const auto onOff = [](bool on) { return on ? QObject::tr("on") : QObject::tr("off"); };
    add(QObject::tr("node power"), onOff(a.power.enabled), onOff(b.power.enabled));
    add(QObject::tr("idle off after"), TimeFormat::duration(a.power.idleOffAfter_s), TimeFormat::duration(b.power.idleOffAfter_s));
    add(QObject::tr("spare servers"), num(a.power.spareServers), num(b.power.spareServers));
    add(QObject::tr("boot"), TimeFormat::duration(a.power.boot_s), TimeFormat::duration(b.power.boot_s));
    add(QObject::tr("server idle W"), num(a.power.serverIdleW), num(b.power.serverIdleW));
    add(QObject::tr("GPU idle W"), num(a.power.gpuIdleW), num(b.power.gpuIdleW));
    add(QObject::tr("GPU busy W"), num(a.power.gpuBusyW), num(b.power.gpuBusyW));
    add(QObject::tr("server off W"), num(a.power.offW), num(b.power.offW));
    add(QObject::tr("seed"), QString::number(a.seed), QString::number(b.seed));
    add(QObject::tr("timeline step"), TimeFormat::duration(a.seriesStep_s), TimeFormat::duration(b.seriesStep_s));
    return out;
}

} // namespace clens::ui
