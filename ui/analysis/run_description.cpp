#include "ui/analysis/run_description.hpp"

#include "core/sim/scenario_names.hpp"
#include "ui/analysis/value_format.hpp"

#include <QDateTime>
#include <QFileInfo>
#include <QObject>

#include <algorithm>

namespace clens::ui::analysis {

namespace {

QString after(const std::optional<std::int64_t>& s)
{
    return s ? QStringLiteral("after %1").arg(formatDuration(static_cast<double>(*s))) : QStringLiteral("never");
}

QString percent(double v)
{
    return formatPlainNumber(100 * v) + QStringLiteral("%");
}

QString quotas(const Scenario::Quota& q)
{
    if (q.mode == QuotaMode::None)
        return QStringLiteral("none");
    const QString mode = q.mode == QuotaMode::Strict   ? QStringLiteral("strict")
                         : q.mode == QuotaMode::Borrow ? QStringLiteral("borrow idle GPUs")
                                                       : QStringLiteral("borrow idle GPUs, preempt borrowers");
    QStringList vcs; // every one: a report's reader must see the whole scenario (no "…5 more")
    for (const auto& [vc, gpus] : q.vcGpus)
        vcs << QStringLiteral("%1 %2").arg(QString::fromStdString(vc), formatPlainNumber(static_cast<double>(gpus)));
    return vcs.isEmpty() ? mode : QStringLiteral("%1 (GPUs: %2)").arg(mode, vcs.join(QStringLiteral(", ")));
}

QString failures(const Scenario::Failures& f)
{
    QStringList parts;
    if (f.serverMtbf_h > 0)
        parts << QStringLiteral("server MTBF %1 h, repair %2 h").arg(formatPlainNumber(f.serverMtbf_h), formatPlainNumber(f.repair_h));
    if (f.checkpoint_s > 0)
        parts << QStringLiteral("checkpoint every %1").arg(formatDuration(static_cast<double>(f.checkpoint_s)));
    if (f.trialRun_s > 0)
        parts << QStringLiteral("trial run %1").arg(formatDuration(static_cast<double>(f.trialRun_s)));
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral("; "));
}

QString resources(const Scenario::Resources& r)
{
    const auto amount = [](const std::optional<double>& v, const QString& unit, const QString& none) {
        return v ? formatPlainNumber(*v) + unit : none;
    };
    return QStringLiteral("servers %1 cores, %2 when the cluster does not say; jobs %3 cores, %4 per GPU when the trace does not")
        .arg(amount(r.serverDefaults.cpuCores, QString(), QStringLiteral("unlimited")),
             amount(r.serverDefaults.memGb, QStringLiteral(" GB"), QStringLiteral("unlimited memory")),
             amount(r.jobDefaults.cpuPerGpu, QString(), QStringLiteral("no")),
             amount(r.jobDefaults.memGbPerGpu, QStringLiteral(" GB"), QStringLiteral("no memory")));
}

QString autoscaler(const Scenario::Autoscaler& a)
{
    if (a.usage == UsageModel::None)
        return QStringLiteral("off (reservation = request)");
    const auto usage = toString(a.usage);
    return QStringLiteral("demand from %1, policy %2 every %3, sigma %4, headroom %5")
        .arg(QString::fromUtf8(usage.data(), static_cast<qsizetype>(usage.size())), QString::fromStdString(a.policy),
             formatDuration(static_cast<double>(a.interval_s)), formatPlainNumber(a.sigma), percent(a.headroom));
}

QString queue(const Scenario::Queue& q)
{
    const auto name = toString(q.policy);
    auto text = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
    if (q.policy == QueuePolicyKind::Las) {
        QStringList thresholds;
        for (const auto v : q.lasThresholdsGpuS)
            thresholds << formatPlainNumber(v);
        text += QStringLiteral(", thresholds %1 GPU-s").arg(thresholds.join(QStringLiteral(" / ")));
        if (q.starvationFactor > 0)
            text += QStringLiteral(", starvation after %1× the last run").arg(formatPlainNumber(q.starvationFactor));
    }
    if ((q.policy == QueuePolicyKind::Las || q.policy == QueuePolicyKind::Srtf) && q.preemptOverhead_s > 0)
        text += QStringLiteral(", %1 per restart after a preemption").arg(formatDuration(static_cast<double>(q.preemptOverhead_s)));
    return text;
}

QString power(const Scenario::Power& p)
{
    if (!p.enabled)
        return QStringLiteral("off (servers always on)");
    return QStringLiteral("idle servers off after %1, %2 spare, boot %3; %4 W per server idle, per GPU %5 W idle / %6 W busy, "
                          "%7 W off")
        .arg(formatDuration(static_cast<double>(p.idleOffAfter_s)), formatPlainNumber(p.spareServers),
             formatDuration(static_cast<double>(p.boot_s)), formatPlainNumber(p.serverIdleW), formatPlainNumber(p.gpuIdleW),
             formatPlainNumber(p.gpuBusyW), formatPlainNumber(p.offW));
}

} // namespace

std::vector<std::pair<QString, QString>> scenarioSettings(const Scenario& s)
{
    std::vector<std::pair<QString, QString>> v;
    v.emplace_back(QStringLiteral("Relax locality to a rack"), after(s.locality.relaxToRackAfter_s));
    v.emplace_back(QStringLiteral("Relax locality to any server"), after(s.locality.relaxToAnyAfter_s));
    v.emplace_back(QStringLiteral("Rack size"), QStringLiteral("%1 servers").arg(s.locality.rackSize));
    QString gang;
    switch (s.gang.policy) {
    case GangPolicy::Strict:
        gang = QStringLiteral("strict (all GPUs at once)");
        break;
    case GangPolicy::Elastic:
        gang = QStringLiteral("elastic (down to %1 of the GPUs after %2)")
                   .arg(percent(s.gang.minFraction), formatDuration(static_cast<double>(s.gang.elasticAfter_s)));
        break;
    case GangPolicy::None:
        gang = QStringLiteral("none (GPUs held idle until the gang is complete)");
        break;
    }
    v.emplace_back(QStringLiteral("Gang scheduling"), gang);
    v.emplace_back(QStringLiteral("Queue order"), queue(s.queue));
    v.emplace_back(QStringLiteral("Quotas"), quotas(s.quota));
    const auto placement = toString(s.placement);
    v.emplace_back(QStringLiteral("Placement"), QString::fromUtf8(placement.data(), static_cast<qsizetype>(placement.size())));
    v.emplace_back(QStringLiteral("Backfill"), s.backfill == BackfillPolicy::Greedy ? QStringLiteral("greedy") : QStringLiteral("none"));
    v.emplace_back(QStringLiteral("Slowdown per extra server"), QStringLiteral("+%1").arg(percent(s.slowdown.perExtraServer)));
    v.emplace_back(QStringLiteral("Slowdown across racks"), QStringLiteral("+%1").arg(percent(s.slowdown.crossRack)));
    v.emplace_back(QStringLiteral("Failures"), failures(s.failures));
    v.emplace_back(QStringLiteral("Resources"), resources(s.resources));
    v.emplace_back(QStringLiteral("Arrivals"), s.arrivals.speedup == 1.0 ? QStringLiteral("as in the trace")
                                                                         : QStringLiteral("%1× faster").arg(formatPlainNumber(s.arrivals.speedup)));
    v.emplace_back(QStringLiteral("Autoscaler"), autoscaler(s.autoscaler));
    v.emplace_back(QStringLiteral("Node power"), power(s.power));
    v.emplace_back(QStringLiteral("Seed"), QString::number(s.seed));
    return v;
}

QStringList scenarioDifferences(const Scenario& from, const Scenario& to)
{
    const auto a = scenarioSettings(from);
    const auto b = scenarioSettings(to);
    QStringList out;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        if (a[i].second != b[i].second)
            out << QStringLiteral("%1: %2 → %3").arg(a[i].first, a[i].second, b[i].second);
    return out;
}

QString traceName(const Trace& trace)
{
    const auto name = QFileInfo(QString::fromStdString(trace.meta.source)).fileName();
    return name.isEmpty() ? QStringLiteral("(unnamed trace)") : name;
}

QString describeTrace(const Trace& trace)
{
    QString text = traceName(trace);
    if (!trace.meta.format.empty())
        text += QStringLiteral(" (%1)").arg(QString::fromStdString(trace.meta.format));
    text += QStringLiteral(": %1 jobs, %2 VCs").arg(formatPlainNumber(static_cast<double>(trace.jobs.size())))
                .arg(trace.tenants.size());
    if (!trace.jobs.empty()) {
        const auto [lo, hi] = std::minmax_element(trace.jobs.begin(), trace.jobs.end(),
                                                  [](const Job& x, const Job& y) { return x.submit_s < y.submit_s; });
        if (trace.meta.timeBase == TimeBase::UnixUtc) {
            const auto day = [](std::int64_t t) {
                return QDateTime::fromSecsSinceEpoch(t, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd"));
            };
            text += QStringLiteral(", submitted %1 to %2 (UTC)").arg(day(lo->submit_s), day(hi->submit_s));
        } else {
            text += QStringLiteral(", submissions over %1").arg(formatDuration(static_cast<double>(hi->submit_s - lo->submit_s)));
        }
    }
    return text;
}

QString describeCluster(const Topology& cluster)
{
    return QStringLiteral("%1 servers, %2 GPUs in %3 racks")
        .arg(formatPlainNumber(cluster.serverCount()), formatPlainNumber(cluster.gpuCount()))
        .arg(cluster.rackCount());
}

QStringList describeRun(const Trace* trace, const Topology* cluster, const Scenario& scenario)
{
    QStringList lines;
    if (trace)
        lines << QObject::tr("Trace: %1").arg(describeTrace(*trace));
    if (cluster)
        lines << QObject::tr("Cluster: %1").arg(describeCluster(*cluster));
    const QStringList changed = scenarioDifferences(Scenario{}, scenario);
    lines << (changed.isEmpty() ? QObject::tr("Scenario: the default knobs") : QObject::tr("Scenario: %1").arg(changed.join(QStringLiteral("; "))));
    return lines;
}

} // namespace clens::ui::analysis
