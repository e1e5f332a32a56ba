// The map's tooltips: a GPU with every job on it (and its part of a shared GPU), a server
// without GPUs with the jobs reserving on it, and the server's CPU and memory reserved.
#include "ui/models/resource_text.hpp"
#include "ui/run/occupancy_at.hpp"
#include "ui/time/time_format.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/power_cell.hpp"

namespace clens::ui {
namespace {

QString stateName(GpuState s)
{
    switch (s) {
    case GpuState::Idle: return HeatmapWidget::tr("idle");
    case GpuState::Busy: return HeatmapWidget::tr("busy");
    case GpuState::HeldIdle: return HeatmapWidget::tr("held idle (gang waiting for GPUs)");
    case GpuState::Failed: return HeatmapWidget::tr("failed (server down)");
    }
    return {};
}

QString html(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

constexpr std::size_t kListedJobs = 8;

} // namespace

QString HeatmapWidget::gpuLabel(std::int32_t gpu) const
{
    const auto s = topology_->serverOfGpu(gpu);
    const Server& server = topology_->servers()[static_cast<std::size_t>(s)];
    return tr("%1 · GPU %2").arg(QString::fromStdString(server.name)).arg(gpu - server.firstGpu);
}

QString HeatmapWidget::tooltipAt(QPoint pos) const
{
    if (!topology_)
        return {};
    if (const auto gpu = layout_.gpuAt(pos); gpu >= 0)
        return gpuTooltip(gpu);
    if (const auto server = layout_.serverCellAt(pos); server >= 0)
        return serverCellTooltip(server);
    if (layout_.rackCells())
        if (const auto rack = layout_.rackAt(pos); rack >= 0)
            return rackTooltip(rack);
    return {};
}

QString HeatmapWidget::rackTooltip(std::int32_t rackIndex) const
{
    const Rack& rack = topology_->racks()[static_cast<std::size_t>(rackIndex)];
    int counts[4] = {0, 0, 0, 0}; // by GpuState
    int off = 0, booting = 0;
    const auto gBegin = rack.serverCount > 0 ? topology_->servers()[static_cast<std::size_t>(rack.firstServer)].firstGpu : 0;
    for (auto g = gBegin; g < gBegin + rack.gpus; ++g) {
        const auto gi = static_cast<std::size_t>(g);
        if (power_[gi] == kPoweredOff)
            ++off;
        else if (power_[gi] == kBooting)
            ++booting;
        else if (gi < state_.gpu.size())
            ++counts[static_cast<int>(state_.gpu[gi])];
    }
    QStringList parts;
    for (const auto st : {GpuState::Busy, GpuState::HeldIdle, GpuState::Idle, GpuState::Failed})
        if (const int n = counts[static_cast<int>(st)]; n > 0)
            parts << QStringLiteral("%1 %2").arg(n).arg(stateName(st));
    if (off > 0)
        parts << tr("%1 powered off").arg(off);
    if (booting > 0)
        parts << tr("%1 booting").arg(booting);
    return tr("<b>Rack %1</b> · %2 servers · %3 GPUs<br>%4<br><i>Double-click to see its GPUs</i>")
        .arg(html(rack.name))
        .arg(rack.serverCount)
        .arg(rack.gpus)
        .arg(parts.join(QStringLiteral(" · ")));
}

QString HeatmapWidget::jobLine(std::int32_t job, const QString& part) const
{
    if (!trace_ || job < 0 || static_cast<std::size_t>(job) >= trace_->jobs.size())
        return {};
    const Job& j = trace_->jobs[static_cast<std::size_t>(job)];
    QString line = QStringLiteral("• <b>%1</b>").arg(html(j.id));
    if (!part.isEmpty())
        line += QStringLiteral(" — ") + part;
    if (static_cast<std::size_t>(j.tenant) < trace_->tenants.size())
        line += QStringLiteral(" · ") + tr("VC %1").arg(html(trace_->tenants[static_cast<std::size_t>(j.tenant)].name));
    if (static_cast<std::size_t>(j.user) < trace_->users.size() && !trace_->users[static_cast<std::size_t>(j.user)].empty())
        line += QStringLiteral(" · ") + tr("user %1").arg(html(trace_->users[static_cast<std::size_t>(j.user)]));
    return line;
}

QString HeatmapWidget::serverResourceLines(std::int32_t server) const
{
    const auto s = static_cast<std::size_t>(server);
    const double cpu = s < state_.cpuReserved.size() ? state_.cpuReserved[s] : 0.0;
    const double mem = s < state_.memReserved.size() ? state_.memReserved[s] : 0.0;
    const double cpuCap = s < capacities_.cpuCores.size() ? capacities_.cpuCores[s] : std::nan("");
    const double memCap = s < capacities_.memGb.size() ? capacities_.memGb[s] : std::nan("");
    QString cpuLine = tr("CPU reserved: %1").arg(resource_text::reservedOf(cpu, cpuCap, resource_text::cores));
    QString memLine = tr("Memory reserved: %1").arg(resource_text::reservedOf(mem, memCap, resource_text::gigabytes));
    // With the autoscaler the jobs use less (or, for memory, more) than they reserve.
    const bool autoscaled = snapshot_ && snapshot_->result && snapshot_->result->scenario.autoscaler.usage != UsageModel::None;
    if (autoscaled && s < state_.cpuUsed.size() && s < state_.memUsed.size()) {
        cpuLine += QStringLiteral(" · ") + tr("used %1").arg(resource_text::cores(state_.cpuUsed[s]));
        memLine += QStringLiteral(" · ") + tr("used %1").arg(resource_text::gigabytes(state_.memUsed[s]));
        if (state_.memUsed[s] > mem + 1e-3)
            memLine += QStringLiteral(" <b>") + tr("(above the reservation: OOM kills)") + QStringLiteral("</b>");
    }
    QString text = cpuLine + QStringLiteral("<br>") + memLine;
    if (const QString power = serverPowerLine(server); !power.isEmpty())
        text = QStringLiteral("<b>") + power + QStringLiteral("</b><br>") + text;
    return text;
}

QString HeatmapWidget::serverPowerLine(std::int32_t server) const
{
    const std::uint8_t power = powerOfServer(server);
    if (power == kPoweredOn)
        return {};
    const bool booting = power == kBooting;
    if (!snapshot_ || !snapshot_->result || snapshot_->result->cluster.get() != topology_.get())
        return booting ? tr("Booting") : tr("Powered off");
    const SimResult& r = *snapshot_->result;
    const TimeFormat time = timeFormatOf(r);
    // The interval holding this instant; an off stretch may be cut where the server starts booting.
    for (const PowerInterval& iv : r.powerOff) {
        if (iv.from_s > state_.t_s)
            break;
        if (iv.server != server || iv.to_s <= state_.t_s || iv.booting != booting)
            continue;
        return booting ? tr("Booting until %1 (jobs wait for it: delay cause power)").arg(time.instant(iv.to_s))
                       : tr("Powered off since %1 (idle; node power)").arg(time.instant(iv.from_s));
    }
    return booting ? tr("Booting") : tr("Powered off");
}

QString HeatmapWidget::gpuTooltip(std::int32_t gpu) const
{
    const auto s = topology_->serverOfGpu(gpu);
    const Server& server = topology_->servers()[static_cast<std::size_t>(s)];
    QString text = QStringLiteral("<b>%1</b> &nbsp;(rack %2%3)")
                       .arg(gpuLabel(gpu).toHtmlEscaped(), html(topology_->racks()[static_cast<std::size_t>(server.rack)].name),
                            server.gpuModel.empty() ? QString() : QStringLiteral(", ") + html(server.gpuModel));
    const auto g = static_cast<std::size_t>(gpu);
    if (g >= state_.gpu.size())
        return text;
    const bool shared = g < state_.sharers.size() && state_.sharers[g] > 0 && state_.gpu[g] == GpuState::Busy;
    QString state = tr("State: %1").arg(powerOfServer(s) == kPoweredOn ? stateName(state_.gpu[g])
                                                                      : powerOfServer(s) == kBooting ? tr("server booting")
                                                                                                      : tr("server powered off"));
    if (shared) {
        const QString part = resource_text::gpuShare(g < state_.used.size() ? state_.used[g] : 0);
        state += QStringLiteral(" — ") + (state_.sharers[g] == 1 ? tr("shared: %1 in use by 1 job").arg(part)
                                                                  : tr("shared: %1 in use by %2 jobs").arg(part).arg(state_.sharers[g]));
    }
    text += QStringLiteral("<br>") + state;

    // Every job on it; without a result only the state's job is known.
    std::vector<GpuHolder> holders;
    if (snapshot_ && snapshot_->result && snapshot_->result->cluster.get() == topology_.get())
        holders = holdersAt(*snapshot_, gpu, state_.t_s);
    else if (g < state_.job.size() && state_.job[g] >= 0)
        holders.push_back({state_.job[g], 1000, GpuUse::Running});
    for (const auto& h : holders) {
        QString part;
        if (h.milli < 1000)
            part = resource_text::gpuShare(h.milli);
        else if (trace_ && static_cast<std::size_t>(h.job) < trace_->jobs.size() && trace_->jobs[static_cast<std::size_t>(h.job)].gpus > 1)
            part = tr("whole GPU, one of its %1").arg(trace_->jobs[static_cast<std::size_t>(h.job)].gpus);
        else
            part = tr("whole GPU");
        if (h.use == GpuUse::HeldIdle)
            part += tr(" (held idle)");
        else if (h.use == GpuUse::Trial)
            part += tr(" (trial run)");
        text += QStringLiteral("<br>") + jobLine(h.job, part);
    }
    if (g < stranded_.size() && stranded_[g])
        text += QStringLiteral("<br><b>") +
                tr("Stranded: its free capacity cannot be used now, the server has %1% or more of its CPU or memory "
                   "reserved")
                    .arg(qRound(kStrandedAt * 100)) +
                QStringLiteral("</b>");
    if (g < state_.util.size() && state_.gpu[g] == GpuState::Busy)
        text += QStringLiteral("<br>") + tr("Utilization: %1%").arg(qRound(state_.util[g] * 100));
    text += QStringLiteral("<br>") + serverResourceLines(s);
    if (!holders.empty())
        text += QStringLiteral("<br><i>") + tr("Click to inspect %1").arg(html(trace_ && static_cast<std::size_t>(holders.front().job) < trace_->jobs.size()
                                                                                  ? trace_->jobs[static_cast<std::size_t>(holders.front().job)].id.str()
                                                                                  : std::string())) +
                QStringLiteral("</i>");
    return text;
}

QString HeatmapWidget::serverCellTooltip(std::int32_t server) const
{
    const Server& sv = topology_->servers()[static_cast<std::size_t>(server)];
    QString text = QStringLiteral("<b>%1</b> &nbsp;(rack %2) — ")
                       .arg(html(sv.name), html(topology_->racks()[static_cast<std::size_t>(sv.rack)].name)) +
                   tr("no GPU");
    text += QStringLiteral("<br>") + serverResourceLines(server);
    if (!snapshot_ || !snapshot_->result || snapshot_->result->cluster.get() != topology_.get())
        return text;
    const auto here = reservationsAt(*snapshot_, server, state_.t_s);
    if (here.empty())
        return text + QStringLiteral("<br>") + tr("No job reserves anything here now");
    text += QStringLiteral("<br>") + (here.size() == 1 ? tr("1 job here:") : tr("%1 jobs here:").arg(here.size()));
    for (std::size_t i = 0; i < here.size() && i < kListedJobs; ++i)
        text += QStringLiteral("<br>") + jobLine(here[i].job, tr("%1, %2").arg(resource_text::cores(here[i].cpuCores),
                                                                           resource_text::gigabytes(here[i].memGb)));
    if (here.size() > kListedJobs)
        text += QStringLiteral("<br>") + tr("… and %1 more").arg(here.size() - kListedJobs);
    return text;
}

} // namespace clens::ui
